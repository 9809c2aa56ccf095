/**
 * Send and credit at scale: N invoices approved by the invoice run (not timed),
 * then the send run and the credit run on them as the pane runs them — prepare (the invoices read
 * by ids in batches), then the run: bulk requests naming exact ids (≤ 100), read back in batches.
 * Printed per action: wall time, requests and requests per invoice (no per-invoice tail: the
 * single-invoice endpoints are counted and must stay 0), process CPU per request. The simulator
 * runs in its own process (latency 20 ms, numbers and sends at once). The machine is shared: the
 * load average is printed with each run, and wall times judge nothing under load.
 *
 * Run: `npm run bench:invoice-actions` (flag: --invoices N, default 5000).
 */
import { loadavg } from "node:os";
import { createBillingClient } from "../src/api";
import type { BillingClient } from "../src/api";
import {
  AFTER_APPROVAL_COLUMNS,
  planInvoiceActions,
  prepareInvoiceActions,
  runInvoiceActions,
  runInvoices,
} from "../src/invoices";
import type { ActionRequest } from "../src/invoices";
import { MemorySheet, demoRow } from "../test/integration/invoices/helpers";
import { startSimulatorProcess } from "./lib/simulator-process";
import { renderTable, verdict } from "./lib/table";

const INVOICES = (() => {
  const i = process.argv.indexOf("--invoices");
  return i > 0 ? Number(process.argv[i + 1]) : 5000;
})();

/** Client calls by method name (a bulk request is one call; pages inside). */
function counting(client: BillingClient): { client: BillingClient; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const wrapped: Record<string, unknown> = { ...client };
  for (const [name, value] of Object.entries(client)) {
    if (typeof value !== "function") continue;
    wrapped[name] = (...args: unknown[]) => {
      calls.set(name, (calls.get(name) ?? 0) + 1);
      return (value as (...a: unknown[]) => unknown)(...args);
    };
  }
  return { client: wrapped as unknown as BillingClient, calls };
}

async function main(): Promise<void> {
  const sim = await startSimulatorProcess({ latencyMs: 20, approvalDelayMs: 0, numberDelayMs: 0 });
  let requests = 0;
  const base = createBillingClient(
    { baseUrl: sim.url, headers: {}, credential: { kind: "none" } },
    { onRequest: () => requests++ }
  );
  try {
    const rows = Array.from({ length: INVOICES }, (_, i) =>
      demoRow({ description: `Scale ${i}`, unitPrice: 100 + i + 0.15 })
    );
    const sheet = new MemorySheet(rows, AFTER_APPROVAL_COLUMNS);
    console.log(
      `Send and credit at scale: ${INVOICES} invoices, simulator (own process) latency 20 ms. Approving them first (not timed)…`
    );
    const approved = await runInvoices(base, sheet.plan(), {
      referenceScope: "Bench actions.xlsx/Invoices",
      onRowUpdates: sheet.apply,
    });
    console.log(`  ${approved.summary}`);
    const table: (string | number)[][] = [];
    const single: string[] = [];
    for (const request of [{ action: "send" }, { action: "credit" }] as ActionRequest[]) {
      console.log(
        `${request.action}: load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(", ")} (2 shared cores) at the start.`
      );
      const { client, calls } = counting(base);
      requests = 0;
      const cpu0 = process.cpuUsage();
      const started = performance.now();
      const prepared = await prepareInvoiceActions(
        client,
        planInvoiceActions(sheet.snapshot(), request)
      );
      const summary = await runInvoiceActions(client, prepared, { onRowUpdates: sheet.apply });
      const wallMs = performance.now() - started;
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      const perInvoice = ["send", "credit", "approveInvoice", "getInvoice"]
        .map((name) => calls.get(name) ?? 0)
        .reduce((a, b) => a + b, 0);
      if (perInvoice > 0) single.push(`${request.action}: ${perInvoice}`);
      console.log(
        `  ${summary.summary}; calls: ${[...calls]
          .filter(([k]) => k !== "rateLimit")
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`
      );
      table.push([
        request.action,
        `${(wallMs / 1000).toFixed(2)} s`,
        requests,
        (requests / INVOICES).toFixed(3),
        perInvoice,
        (cpuMs / requests).toFixed(2),
      ]);
    }
    console.log("");
    console.log(
      renderTable(
        [
          "action",
          "wall (prepare + run)",
          "requests",
          "requests / invoice",
          "single-invoice calls",
          "CPU ms / request",
        ],
        table
      )
    );
    console.log(
      `No per-invoice tail (every action in bulk requests of exact ids): ${verdict(single.length === 0)}${single.length ? ` (${single.join("; ")})` : ""}.`
    );
  } finally {
    await sim.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
