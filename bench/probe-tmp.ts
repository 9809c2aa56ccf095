import pLimit from "p-limit";
import { createBillingClient } from "../src/api";
import type { CreateInvoiceRequest } from "../src/api";
import { planInvoices } from "../src/invoices";
import { generateSheet } from "./lib/invoice-sheet";
import { startSimulatorProcess } from "./lib/simulator-process";

async function main() {
  const latencyMs = Number(process.argv[2] ?? 20);
  const sim = await startSimulatorProcess({ latencyMs, approvalDelayMs: 3000, numberDelayMs: 800 });
  const gov = createBillingClient({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } });
  const nogov = createBillingClient({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } }, { rateGovernor: false });
  const plan = planInvoices(generateSheet(200), { today: new Date() });
  let n = 0;
  const body = () => ({ ...(plan.invoices[n % 200].body as CreateInvoiceRequest), externalReference: `P-${n++}` });
  const limit = pLimit(6);
  const ways: Record<string, () => Promise<unknown>> = {
    gov: () => gov.createInvoice(body()),
    nogov: () => nogov.createInvoice(body()),
    raw: async () => { const r = await fetch(`${sim.url}/api/bill/Invoices`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body()) }); if (!r.ok) throw new Error(String(r.status)); return r.json(); },
  };
  for (const w of Object.values(ways)) await Promise.all(Array.from({ length: 30 }, () => limit(w)));
  for (let round = 0; round < 4; round++) for (const [name, w] of Object.entries(ways)) {
    const durs: number[] = [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 200 }, () => limit(async () => { const s = performance.now(); await w(); durs.push(performance.now() - s); })));
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    console.log(`${name.padEnd(6)} 200 creates ${wall.toFixed(0)} ms, mean ${(durs.reduce((a, b) => a + b) / durs.length).toFixed(1)} ms cpu/req ${((cpu.user + cpu.system) / 1000 / 200).toFixed(2)} ms`);
  }
  await sim.stop();
}
void main();
