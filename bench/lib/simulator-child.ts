/** The child side of simulator-process.ts: starts the simulator and reports its URL. */
import { createSimulator, generateDataset } from "../../simulator";
import type { SimulatorProcessOptions, StoreRow } from "./simulator-process";

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? "{}") as SimulatorProcessOptions;
  const sim = await createSimulator({
    port: 0,
    latencyMs: options.latencyMs,
    approvalDelayMs: options.approvalDelayMs,
    numberDelayMs: options.numberDelayMs,
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
    corsOrigin: options.corsOrigin,
    // Without a generated dataset the simulator serves its demo data (customers, tax codes, …).
    auth: options.auth ?? null,
    dataset: options.dataset ? generateDataset(options.dataset) : undefined,
    faults: options.faults,
  });
  process.send?.({ url: sim.url });
  // `{ type: "store" }`: every invoice the service holds, as a client would see it now (for the
  // benches that check a run's truth against the store: bench:preview).
  process.on("message", (message: { type?: string }) => {
    if (message?.type !== "store") return;
    const rows: StoreRow[] = sim.store.allInvoices().map((i) => ({
      id: i.id,
      status: i.status,
      invoiceNum: i.invoiceNum,
      externalReference: i.externalReference,
      lines: i.lines.length,
      sent: i.sent,
      sendCount: i.sendCount,
      type: i.type ?? "invoice",
      creditedByInvoiceId: i.creditedByInvoiceId ?? null,
      creditedInvoiceId: i.creditedInvoiceId ?? null,
    }));
    process.send?.({ type: "store", rows });
  });
  // `{ type: "requests" }`: the requests answered so far, counted by kind (method and path, ids
  // left out), and the process's CPU, for the benches that count a run's requests at the service.
  process.on("message", (message: { type?: string }) => {
    if (message?.type !== "requests") return;
    const counts: Record<string, number> = {};
    for (const e of sim.log.entries()) {
      const kind = `${e.method} ${e.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, "{id}")}`;
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    // The process's CPU so far (ms), to tell the service's cost from the pane's.
    const cpu = process.cpuUsage();
    process.send?.({ type: "requests", counts, cpuMs: (cpu.user + cpu.system) / 1000 });
  });
  process.once("disconnect", () => {
    void sim.close().then(() => process.exit(0));
  });
}

void main();
