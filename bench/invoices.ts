/**
 * Benchmark of the invoice engine (issue 4): 500 invoices of 1–3 lines against the simulator with
 * 20 ms latency, 3 s approval and 0.8 s until the number appears. Compared with a naive sequential
 * client (create, approve, poll — one invoice at a time) measured on a sample and extrapolated, and
 * with the floor the service's delays allow.
 *
 * Run: `npm run bench:invoices` (flags: --invoices N, --naive-sample N).
 */
import { DEMO, createSimulator } from "../simulator";
import type { Simulator } from "../simulator";
import { createBillingClient } from "../src/api";
import type { BillingClient, CreateInvoiceRequest } from "../src/api/types";
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_POLL_INTERVAL_MS,
  planInvoices,
  runInvoices,
} from "../src/invoices";
import type { CellValue, SheetSnapshot } from "../src/invoices";
import { renderTable, verdict } from "./lib/table";

const LATENCY_MS = 20;
const APPROVAL_DELAY_MS = 3000;
const NUMBER_DELAY_MS = 800;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const INVOICES = flag("invoices", 500);
const NAIVE_SAMPLE = flag("naive-sample", 20);

/** A deterministic PRNG (mulberry32), so every run benchmarks the same sheet. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sheet of `count` invoices with 1–3 lines each over the demo customers and tax codes. */
function generateSheet(count: number): SheetSnapshot {
  const random = prng(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const customers = Object.values(DEMO.customers).filter((c) => c !== DEMO.customers.hostile);
  const taxCodes = Object.values(DEMO.taxCodes);
  const headers = [
    "invoiceRef",
    "customerId",
    "companyBankAccountId",
    "taxCodeId",
    "description",
    "quantity",
    "unitPrice",
  ];
  const rows: { rowNumber: number; values: CellValue[] }[] = [];
  for (let i = 1; i <= count; i += 1) {
    const customer = pick(customers);
    const lines = 1 + Math.floor(random() * 3);
    for (let l = 0; l < lines; l += 1) {
      const price = Math.round(random() * 50000) / 100;
      rows.push({
        rowNumber: rows.length + 2,
        values: [
          `INV-${i}`,
          customer,
          DEMO.bankAccounts.main,
          pick(taxCodes),
          `Line ${l + 1}`,
          1 + Math.floor(random() * 5),
          price,
        ],
      });
    }
  }
  return { headers, rows };
}

async function startSimulator(): Promise<{ sim: Simulator; client: BillingClient }> {
  const sim = await createSimulator({
    port: 0,
    latencyMs: LATENCY_MS,
    approvalDelayMs: APPROVAL_DELAY_MS,
    numberDelayMs: NUMBER_DELAY_MS,
  });
  const client = createBillingClient({
    baseUrl: sim.url,
    headers: {},
    credential: { kind: "none" },
  });
  return { sim, client };
}

async function benchOurs(snapshot: SheetSnapshot) {
  const { sim, client } = await startSimulator();
  const plan = planInvoices(snapshot, { today: new Date() });
  let syncs = 0;
  let rowsWritten = 0;
  const started = performance.now();
  const summary = await runInvoices(client, plan, {
    onRowUpdates: (updates) => {
      syncs += 1;
      rowsWritten += updates.length;
    },
  });
  const wallMs = performance.now() - started;
  const requests = sim.log.count();
  await sim.close();
  return {
    wallMs,
    requests,
    summary,
    syncs,
    rowsWritten,
    rows: snapshot.rows.length,
    lines: plan.counts.lines,
  };
}

/** The naive client: one invoice at a time — create, approve, poll every 2.5 s until numbered. */
async function benchNaive(snapshot: SheetSnapshot, sample: number) {
  const { sim, client } = await startSimulator();
  const plan = planInvoices(snapshot, { today: new Date() });
  const invoices = plan.invoices.slice(0, sample);
  const started = performance.now();
  for (const invoice of invoices) {
    const created = await client.createInvoice(invoice.body as CreateInvoiceRequest);
    await client.approveInvoice(created.id, invoice.invoiceDate);
    for (;;) {
      await new Promise((r) => setTimeout(r, DEFAULT_POLL_INTERVAL_MS));
      const current = await client.getInvoice(created.id);
      if (current.errors.length > 0 || (current.status === "approved" && current.invoiceNum)) break;
    }
  }
  const wallMs = performance.now() - started;
  const requests = sim.log.count();
  await sim.close();
  return { wallMs, requests, sample: invoices.length };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const snapshot = generateSheet(INVOICES);
  const pollsNeeded = Math.ceil((APPROVAL_DELAY_MS + NUMBER_DELAY_MS) / DEFAULT_POLL_INTERVAL_MS);
  const floorMs =
    APPROVAL_DELAY_MS +
    NUMBER_DELAY_MS +
    (INVOICES * (2 + pollsNeeded) * LATENCY_MS) / DEFAULT_CONCURRENCY;

  console.log(
    `Invoice engine benchmark: ${INVOICES} invoices (1–3 lines each), simulator latency ${LATENCY_MS} ms, ` +
      `approval ${APPROVAL_DELAY_MS} ms + number ${NUMBER_DELAY_MS} ms, poll interval ${DEFAULT_POLL_INTERVAL_MS} ms, concurrency ${DEFAULT_CONCURRENCY}.`
  );
  const ours = await benchOurs(snapshot);
  const naive = await benchNaive(snapshot, NAIVE_SAMPLE);
  const naivePerInvoiceMs = naive.wallMs / naive.sample;
  const naiveWallMs = naivePerInvoiceMs * INVOICES;
  const naiveReqPerInvoice = naive.requests / naive.sample;
  const oursReqPerInvoice = ours.requests / INVOICES;

  console.log("");
  console.log(
    renderTable(
      ["", "wall time", "requests", "requests / invoice"],
      [
        [
          "ours (runInvoices)",
          seconds(ours.wallMs),
          String(ours.requests),
          oursReqPerInvoice.toFixed(2),
        ],
        [
          `naive sequential (${naive.sample} measured, ×${INVOICES / naive.sample} linear)`,
          seconds(naiveWallMs),
          String(Math.round(naiveReqPerInvoice * INVOICES)),
          naiveReqPerInvoice.toFixed(2),
        ],
        ["floor", seconds(floorMs), String(INVOICES * (2 + pollsNeeded)), String(2 + pollsNeeded)],
      ]
    )
  );
  console.log("");
  console.log(
    `Naive sample: ${naive.sample} invoices took ${seconds(naive.wallMs)} (${seconds(naivePerInvoiceMs)} each); extrapolated linearly to ${INVOICES}.`
  );
  console.log(
    `Floor = approval ${APPROVAL_DELAY_MS} ms + number ${NUMBER_DELAY_MS} ms + ${INVOICES} × (2 + ${pollsNeeded} polls) × ${LATENCY_MS} ms ÷ ${DEFAULT_CONCURRENCY}.`
  );
  console.log(`Run result: ${ours.summary.summary}`);
  console.log(
    `Excel syncs: ${ours.syncs} onRowUpdates calls carrying ${ours.rowsWritten} row updates for ${ours.rows} rows ` +
      `(${(ours.syncs / ours.rows).toFixed(3)} syncs per row).`
  );
  console.log("");
  const speedup = naiveWallMs / ours.wallMs;
  console.log(
    renderTable(
      ["target", "measured", "verdict"],
      [
        [
          `wall time ≤ 1.5 × floor (${seconds(1.5 * floorMs)})`,
          `${seconds(ours.wallMs)} (${(ours.wallMs / floorMs).toFixed(2)} × floor)`,
          verdict(ours.wallMs <= 1.5 * floorMs),
        ],
        ["≥ 50× faster than naive sequential", `${speedup.toFixed(0)}×`, verdict(speedup >= 50)],
        [
          `requests / invoice ≤ 2 + ${pollsNeeded} + 1 = ${3 + pollsNeeded}`,
          oursReqPerInvoice.toFixed(2),
          verdict(oursReqPerInvoice <= 3 + pollsNeeded),
        ],
        [
          "every invoice approved",
          `${ours.summary.counts.approved} / ${INVOICES}`,
          verdict(ours.summary.counts.approved === INVOICES),
        ],
      ]
    )
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
