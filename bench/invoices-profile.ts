/**
 * Where the invoice engine's CPU goes: one run of `runInvoices` against the
 * simulator in its own process (the bench's latency and delays), after an untimed warm-up, under a
 * `node:inspector` CPU profile of that run only. Prints the process CPU a request and the
 * profile's self time a request grouped by whose code it is (native frames go to their caller):
 * Node's fetch (undici, streams, signals), ky, `src/api`, `src/invoices`, the garbage collector, the
 * microtask queue, p-queue, Web Crypto, the rest. The profiler's own cost is its own line.
 *
 * Run: `npx tsx bench/invoices-profile.ts [invoices, default 1000] [warm-up, default 300] [--top N]`.
 */
import { Session } from "node:inspector/promises";
import { createBillingClient } from "../src/api";
import { planInvoices, runInvoices } from "../src/invoices";
import { generateSheet } from "./lib/invoice-sheet";
import { startSimulatorProcess } from "./lib/simulator-process";
import { fullGc } from "./lib/full-gc";
import { renderTable } from "./lib/table";

const positional = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const INVOICES = Number(positional[0] ?? 1000);
const WARM_UP = Number(positional[1] ?? 300);
/** `--top N`: also the N functions of most self time (where inside a group the time goes). */
const TOP = process.argv.includes("--top")
  ? Number(process.argv[process.argv.indexOf("--top") + 1])
  : 0;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The group a frame's time belongs to, by the script it is in (see the module comment). */
const GROUPS: [string, RegExp][] = [
  ["ky", /node_modules\/ky\//],
  ["p-queue", /node_modules\/p-queue\//],
  ["src/api", /\/src\/api\//],
  ["src/invoices (engine, actions)", /\/src\/invoices\//],
  ["other src/ (i18n words)", /\/src\//],
  ["Web Crypto", /node:internal\/crypto/],
  [
    "Node's fetch: undici, streams, signals, events",
    /undici|stream|node:net|node:events|abort_controller|event_target|js_transferable|node:internal\/url|node:buffer|wasm:/,
  ],
  ["microtask queue, timers", /task_queues|timers|promises/],
];

function groupOf(url: string, fn: string): string {
  if (fn === "(garbage collector)") return "garbage collector";
  if (fn === "(idle)") return "(idle)";
  if (/node:inspector/.test(url)) return "the profiler itself";
  return GROUPS.find(([, re]) => re.test(url))?.[0] ?? "other";
}

/** Self time by function (name and script line), in ms, native frames under their own name. */
function functionTimes(profile: Profile): Map<string, number> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const { functionName, url } = nodes.get(id)!.callFrame;
    const key = `${functionName || "(anonymous)"} ${url.replace(/^.*\/(node_modules|src)\//, "$1/")}`;
    times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return times;
}

/** Self time by group, in ms (native frames, which have no script, count for their caller's). */
function selfTimes(profile: Profile): Map<string, number> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const groups = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const self = nodes.get(id)!;
    let url = "";
    for (let at: number | undefined = id; at !== undefined && url === ""; at = parent.get(at))
      url = nodes.get(at)?.callFrame.url ?? "";
    const group = groupOf(url, self.callFrame.functionName);
    groups.set(group, (groups.get(group) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return groups;
}

async function run(invoices: number, profile: boolean) {
  const sim = await startSimulatorProcess({
    latencyMs: 20,
    approvalDelayMs: 3000,
    numberDelayMs: 800,
  });
  let requests = 0;
  const client = createBillingClient(
    { baseUrl: sim.url, headers: {}, credential: { kind: "none" } },
    { onRequest: () => requests++ }
  );
  const plan = planInvoices(generateSheet(invoices), { today: new Date() });
  const session = new Session();
  if (profile) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    await session.post("Profiler.start");
  }
  fullGc();
  const cpu0 = process.cpuUsage();
  const summary = await runInvoices(client, plan, {
    referenceScope: "Bench invoices.xlsx/Invoices",
    onRowUpdates: () => undefined,
  });
  fullGc();
  const cpu = process.cpuUsage(cpu0);
  const result = profile ? (await session.post("Profiler.stop")).profile : undefined;
  session.disconnect();
  await sim.stop();
  return { summary, requests, cpuMs: (cpu.user + cpu.system) / 1000, profile: result };
}

async function main(): Promise<void> {
  await run(WARM_UP, false);
  const { summary, requests, cpuMs, profile } = await run(INVOICES, true);
  console.log(
    `${INVOICES} invoices after a ${WARM_UP}-invoice warm-up: ${summary.summary}; process CPU ` +
      `${cpuMs.toFixed(0)} ms for ${requests} requests (${(cpuMs / requests).toFixed(2)} ms a request, the profiler's cost included).`
  );
  const groups = [...selfTimes(profile as Profile)]
    .filter(([group]) => group !== "(idle)")
    .sort((a, b) => b[1] - a[1]);
  const busy = groups.reduce((sum, [, ms]) => sum + ms, 0);
  // A sample's time is the wall time since the last one: on a loaded machine it includes time the
  // thread waited for a core, so the shares are the figure to read, and µs a request only when quiet.
  console.log(
    renderTable(
      ["self time (CPU profile, 200 µs sampling)", "ms", "share", "µs a request"],
      groups.map(([group, ms]) => [
        group,
        ms.toFixed(0),
        `${((100 * ms) / busy).toFixed(1)} %`,
        ((1000 * ms) / requests).toFixed(0),
      ])
    )
  );
  if (TOP > 0) {
    const top = [...functionTimes(profile as Profile)]
      .filter(([fn]) => !fn.startsWith("(idle)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP);
    console.log(
      renderTable(
        ["function (self time)", "ms", "µs a request"],
        top.map(([fn, ms]) => [
          fn.slice(0, 110),
          ms.toFixed(0),
          ((1000 * ms) / requests).toFixed(0),
        ])
      )
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
