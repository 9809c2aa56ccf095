import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
import { createBillingClient } from "../src/api";
import { planInvoices, runInvoices } from "../src/invoices";
import { generateSheet } from "./lib/invoice-sheet";
import { startSimulatorProcess } from "./lib/simulator-process";

const N = Number(process.argv[2] ?? 1000);
async function once(n: number, profile: boolean) {
  const sim = await startSimulatorProcess({ latencyMs: 20, approvalDelayMs: 3000, numberDelayMs: 800 });
  let requests = 0;
  const client = createBillingClient({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } }, { onRequest: () => requests++ });
  const plan = planInvoices(generateSheet(n), { today: new Date() });
  const s = new Session();
  s.connect();
  if (profile) { await s.post("Profiler.enable"); await s.post("Profiler.setSamplingInterval", { interval: 200 }); await s.post("Profiler.start"); }
  const cpu0 = process.cpuUsage(); const t0 = performance.now();
  const summary = await runInvoices(client, plan, { referenceScope: "Bench invoices.xlsx/Invoices", onRowUpdates: () => {} });
  const cpu = process.cpuUsage(cpu0); const wall = performance.now() - t0;
  if (profile) { const { profile: p } = await s.post("Profiler.stop"); writeFileSync("/tmp/tailprof/run.cpuprofile", JSON.stringify(p)); }
  console.log(`${n}: ${summary.summary}; wall ${wall.toFixed(0)} ms; cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms; requests ${requests}; calls ${summary.requests}; ${((cpu.user+cpu.system)/1000/summary.requests).toFixed(2)} ms/call`);
  await sim.stop();
}
(async () => { await once(30, false); await once(N, true); })();
