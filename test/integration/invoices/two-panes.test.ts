/**
 * Two panes on one shared workbook press Create and approve on the same rows at the same moment
 *: each pane is an engine run with its own copy of the rows (co-authoring syncs
 * the cells later, so neither sees the other's write-back), both against one simulator. The
 * simulator is set to store a create even when its reference is taken (`duplicateReferences`: the
 * guard may not lean on the service's 409), and creates are cut after storing or stored twice. What
 * must hold: exactly one invoice per reference in the service, approved once, and both panes' rows
 * naming that one invoice.
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import type { RunSummary } from "../../../src/invoices";
import { DIALECTS, MemorySheet, demoRow, runSheet, start } from "./helpers";

const SCOPE = "Shared invoices.xlsx/Invoices";

/** Five invoices, one of two lines; two rows of identical content are two invoices. */
function rows() {
  return [
    demoRow({ invoiceRef: "A", description: "Meter replacement" }),
    demoRow({ invoiceRef: "A", description: "Call-out fee", unitPrice: 40 }),
    demoRow({ invoiceRef: "B", quantity: 2 }),
    demoRow({ invoiceRef: "C", unitPrice: 99.95 }),
    demoRow({ invoiceRef: "D", description: "Seal check" }),
    demoRow({ invoiceRef: "E", description: "Seal check", unitPrice: 12 }),
  ];
}

/** The service's invoices per reference, for the references the sheet holds. */
function byReference(sim: Simulator, refs: readonly string[]) {
  const all = [...sim.store.invoices.values()];
  return refs.map((ref) => all.filter((i) => i.externalReference === ref));
}

function refsOf(sheet: MemorySheet): string[] {
  return [...new Set(sheet.rows.map((r) => String(sheet.cell(r.rowNumber, "externalReference"))))];
}

/** Runs both panes at once; the same rows, the same scope. */
async function race(client: BillingClient, a: MemorySheet, b: MemorySheet): Promise<RunSummary[]> {
  return await Promise.all([
    runSheet(client, a, { referenceScope: SCOPE }),
    runSheet(client, b, { referenceScope: SCOPE }),
  ]);
}

describe.each(DIALECTS)("two panes on one workbook (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await start(dialect)));
  afterAll(() => sim.close());
  beforeEach(() => sim.setFaults({ duplicateReferences: true, createFaultRates: {}, seed: 7 }));

  it.each([
    ["stores a taken reference", true],
    ["refuses a taken reference (409)", false],
  ])(
    "running the same rows at once end with one invoice per invoiceRef, and both panes name it (a service that %s)",
    async (_, duplicateReferences) => {
      sim.setFaults({ duplicateReferences });
      const a = new MemorySheet(rows());
      const b = new MemorySheet(rows());
      const [first, second] = await race(client, a, b);
      // Both panes derived the same references from the same rows.
      expect(refsOf(a)).toEqual(refsOf(b));
      expect(refsOf(a)).toHaveLength(5);
      for (const found of byReference(sim, refsOf(a))) {
        expect(found).toHaveLength(1);
        expect(found[0].status).toBe("approved");
      }
      for (const r of a.rows) {
        expect(a.cell(r.rowNumber, "invoiceId")).toBe(b.cell(r.rowNumber, "invoiceId"));
        expect(a.cell(r.rowNumber, "status")).toBe("approved");
        expect(b.cell(r.rowNumber, "status")).toBe("approved");
      }
      expect(first.counts.approved + second.counts.approved).toBe(10);
    }
  );

  it("hold under cut creates and creates stored twice: a second round settles, never a duplicate", async () => {
    sim.setFaults({
      duplicateReferences: true,
      seed: 11,
      createFaultRates: { dropAfterStore: 0.3, storeTwice: 0.3 },
    });
    const a = new MemorySheet(rows());
    const b = new MemorySheet(rows());
    await race(client, a, b);
    const refs = refsOf(a);
    // After any round, no reference has two invoices past draft (nothing is billed twice).
    for (const found of byReference(sim, refs))
      expect(found.filter((i) => i.status !== "created").length).toBeLessThanOrEqual(1);
    // A cut create may leave a row for the next run ("run again"): both panes run again, at once.
    sim.setFaults({ createFaultRates: {} });
    await race(client, a, b);
    for (const found of byReference(sim, refs)) {
      expect(found).toHaveLength(1);
      expect(found[0].status).toBe("approved");
    }
    for (const r of a.rows) {
      const id = a.cell(r.rowNumber, "invoiceId");
      expect(b.cell(r.rowNumber, "invoiceId")).toBe(id);
      expect(sim.store.invoices.get(String(id))?.status).toBe("approved");
    }
  });
});

describe.each(DIALECTS)("two panes, many races (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await start(dialect)));
  afterAll(() => sim.close());

  // Paged answers (4 a page) that the other pane deletes from while it reads, cut creates and
  // creates stored twice, in the interface dialect with no createdDateTime at all: whatever the
  // order, never two invoices past draft under one reference, and every row settled by the end of
  // the second round (never "run again" for ever).
  it.each([3, 5, 8, 13, 21])(
    "seed %i: one approved invoice per reference within two rounds",
    async (seed) => {
      sim.store.invoices.clear();
      sim.setFaults({
        duplicateReferences: true,
        seed,
        createFaultRates: { dropAfterStore: 0.25, storeTwice: 0.25 },
      });
      const a = new MemorySheet(rows());
      const b = new MemorySheet(rows());
      await race(client, a, b);
      const refs = refsOf(a);
      for (const found of byReference(sim, refs))
        expect(found.filter((i) => i.status !== "created").length).toBeLessThanOrEqual(1);
      await race(client, a, b);
      for (const found of byReference(sim, refs)) {
        expect(found.filter((i) => i.status !== "created").length).toBeLessThanOrEqual(1);
        expect(found.filter((i) => i.status === "approved")).toHaveLength(1);
      }
      for (const sheet of [a, b])
        for (const r of sheet.rows) expect(sheet.cell(r.rowNumber, "status")).toBe("approved");
    }
  );
});
