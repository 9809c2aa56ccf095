/**
 * npm run bench:invoice-orders — which request order finishes a run of invoices first, in virtual
 * time (bench/lib/invoice-schedule.ts), with the benchmark's service delays. Prints one row per
 * order × first-poll choice; see docs/benchmarks/invoices.md for what the engine should do.
 *
 * Flags: --invoices N (500), --latency MS (20), --approval MS (3000), --number MS (800).
 */
import { DEFAULT_CONCURRENCY, DEFAULT_POLL_INTERVAL_MS } from "../src/invoices";
import { ORDER_POLICIES, modelRun } from "./lib/invoice-schedule";
import type { ScheduleSetup } from "./lib/invoice-schedule";
import { figure, renderTable } from "./lib/table";

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const base: Omit<ScheduleSetup, "firstPollDelayMs"> = {
  invoices: flag("invoices", 500),
  concurrency: DEFAULT_CONCURRENCY,
  latencyMs: flag("latency", 20),
  approvalMs: flag("approval", 3000),
  numberMs: flag("number", 800),
  pollIntervalMs: DEFAULT_POLL_INTERVAL_MS,
};
const expected = base.approvalMs + base.numberMs;
/** First poll choices: the engine's default (one interval), and at the expected completion. */
const firstPolls = [
  { label: `${DEFAULT_POLL_INTERVAL_MS} ms (one interval)`, ms: DEFAULT_POLL_INTERVAL_MS },
  { label: `${expected + base.latencyMs} ms (expected completion)`, ms: expected + base.latencyMs },
];

const { invoices, concurrency, latencyMs } = base;
// The last approve is the last of 2 × N creates and approves (3 × N with the reference check)
// through `concurrency` slots: it is handled no earlier than ⌈2N ÷ concurrency⌉ × latency.
const lastApproveBound = Math.ceil((2 * invoices) / concurrency) * latencyMs;
const lastApproveCheckedBound = Math.ceil((3 * invoices) / concurrency) * latencyMs;
console.log(
  `Invoice order model (virtual time, no machine noise): ${invoices} invoices, ${concurrency} slots, ` +
    `latency ${latencyMs} ms, approval ${base.approvalMs} + number ${base.numberMs} ms, poll every ${base.pollIntervalMs} ms.\n` +
    `No order can handle the last approve before ⌈2 × ${invoices} ÷ ${concurrency}⌉ × ${latencyMs} ms = ${figure(lastApproveBound)} ms; with the check ⌈3 × ${invoices} ÷ ${concurrency}⌉ × ${latencyMs} ms = ${figure(lastApproveCheckedBound)} ms.\n`
);
const rows = [false, true].flatMap((check) =>
  firstPolls.flatMap((first) =>
    ORDER_POLICIES.map((policy) => {
      const result = modelRun({ ...base, firstPollDelayMs: first.ms, check }, policy);
      return [
        policy.name,
        check ? "yes" : "no",
        first.label,
        figure(result.lastApproveMs),
        figure(result.endMs),
        figure(result.requests / invoices, 2),
      ];
    })
  )
);
console.log(
  renderTable(
    [
      "order",
      "reference check",
      "first poll after approve",
      "last approve (ms)",
      "end (ms)",
      "requests / invoice",
    ],
    rows
  )
);
