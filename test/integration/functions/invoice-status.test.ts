/**
 * BILLING.INVOICESTATUS against the simulator, in both dialects: many cells on many approving
 * invoices are served by batched reads only (no request per cell), every cell ends on the number
 * the service gave, a cancelled cell hears nothing more, and bad or unknown ids are errors.
 */
import {
  FakeCustomFunctionsError,
  FakeErrorCode,
} from "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { configureStatusPoller, statusPoller } from "../../../src/functions/invoice-status";
import { createSimulator, DEMO } from "../../../simulator";
import { postData } from "./service-data";
import type { Dialect, Simulator } from "../../../simulator";

const CELLS = 60;

/** A streaming cell: every value it was given, and a promise of the first that matches `done`. */
function cell(done: (value: unknown) => boolean) {
  const values: unknown[] = [];
  let resolve!: (value: unknown) => void;
  const finished = new Promise<unknown>((r) => (resolve = r));
  const invocation = {
    setResult(value: unknown) {
      values.push(value);
      if (done(value)) resolve(value);
    },
    onCanceled: undefined as undefined | (() => void),
  };
  return { invocation, values, finished };
}

describe.each<Dialect>(["live", "interface"])("INVOICESTATUS (%s dialect)", (dialect) => {
  let sim: Simulator;

  beforeAll(async () => {
    sim = await createSimulator({
      port: 0,
      dialect,
      pageSize: 25,
      approvalDelayMs: 150,
      numberDelayMs: 100,
    });
    configureConnection({
      loadSettings: async () => ({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } }),
    });
    // Tests only: a short interval, so the test does not wait the service's 2–3 s per read.
    configureStatusPoller({ unsafeTestIntervalMs: 30 });
  });
  afterAll(async () => {
    configureStatusPoller();
    configureConnection();
    await sim.close();
  });

  async function approvingInvoices(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const created = await postData(sim, "/api/bill/Invoices", {
        customerId: DEMO.customers.jansen,
        companyBankAccountId: DEMO.bankAccounts.main,
        lines: [
          { taxCodeId: DEMO.taxCodes.vat21, description: "Status", quantity: 1, unitPrice: 5 },
        ],
      });
      ids.push(created.id);
    }
    for (const id of ids) {
      await postData(sim, `/api/bill/Invoices/${id}/approve`, {
        invoiceDate: "2026-06-01T00:00:00Z",
      });
    }
    return ids;
  }

  it("follows many approving invoices with batched reads only and ends every cell on the service's number", async () => {
    const ids = await approvingInvoices(CELLS);
    sim.log.clear();
    const readsBefore = statusPoller().reads;
    // Two cells on the first invoice: they share its place in the batch.
    const cells = [...ids, ids[0]].map((id) => {
      const c = cell((v) => typeof v === "string" && /^approved \S+$/.test(v));
      F.invoiceStatusFunction(id, c.invocation as any);
      return { id, ...c };
    });
    await Promise.all(cells.map((c) => c.finished));
    for (const c of cells) {
      const number = sim.store.invoice(c.id)!.invoiceNum;
      expect(number).toBeTruthy();
      expect(c.values.at(-1)).toBe(`approved ${number}`);
    }
    expect(statusPoller().watched()).toEqual([]);
    const reads = statusPoller().reads - readsBefore;
    // No request of its own per cell: only the batched filter, at most ceil(60 / 25) pages a read.
    expect(sim.log.count("GET")).toBe(0);
    const filters = sim.log.count("POST", /invoices\/filter/i);
    expect(filters).toBeGreaterThanOrEqual(reads);
    expect(filters).toBeLessThanOrEqual(reads * (dialect === "live" ? Math.ceil(CELLS / 25) : 1));
    expect(sim.log.count()).toBe(filters);
  });

  it("hears nothing more after Excel cancels the cell", async () => {
    const [id] = await approvingInvoices(1);
    const first = cell(() => true);
    F.invoiceStatusFunction(id, first.invocation as any);
    await first.finished;
    first.invocation.onCanceled!();
    const heard = first.values.length;
    expect(statusPoller().watched()).not.toContain(id.toLowerCase());
    // A second cell on the same invoice runs to the end; the cancelled one stays where it was.
    const second = cell((v) => typeof v === "string" && /^approved \S+$/.test(v));
    F.invoiceStatusFunction(id, second.invocation as any);
    await second.finished;
    expect(first.values).toHaveLength(heard);
  });

  it("gives #VALUE! for a bad id (nothing sent) and #N/A for an invoice the service does not hold", async () => {
    sim.log.clear();
    const bad = cell(() => true);
    F.invoiceStatusFunction("INV-1", bad.invocation as any);
    const error = (await bad.finished) as FakeCustomFunctionsError;
    expect(error.code).toBe(FakeErrorCode.invalidValue);
    expect(error.message).toMatch(/^invoiceId "INV-1" is not an id/);
    expect(sim.log.count()).toBe(0);
    const unknown = cell(() => true);
    F.invoiceStatusFunction("00000000-0000-4000-8000-00000000dead", unknown.invocation as any);
    const missing = (await unknown.finished) as FakeCustomFunctionsError;
    expect(missing.code).toBe(FakeErrorCode.notAvailable);
    expect(missing.message).toMatch(/No invoice has the id/);
  });

  it("says credited with the credit note's number, and stops", async () => {
    const [id] = await approvingInvoices(1);
    const approved = cell((v) => typeof v === "string" && /^approved \S+$/.test(v));
    F.invoiceStatusFunction(id, approved.invocation as any);
    await approved.finished;
    await postData(sim, `/api/bill/Invoices/${id}/credit`, {});
    const note = sim.store.allInvoices().find((i) => i.creditedInvoiceId === id);
    expect(note).toBeDefined();
    const credited = cell((v) => typeof v === "string" && /credited by/.test(v));
    F.invoiceStatusFunction(id, credited.invocation as any);
    const said = await credited.finished;
    const number = sim.store.invoice(note!.id)!.invoiceNum ?? note!.id;
    expect(said).toMatch(new RegExp(`^approved \\S+, credited by ${number}$`));
    expect(statusPoller().watched()).not.toContain(id.toLowerCase());
  });
});
