/**
 * An approved row is final, also when it was copied: the rows of an approved
 * invoice copied further down the sheet — invoiceId, externalReference, status and invoiceNum
 * with them — leave the original approved with its number; only the copy is refused, and nothing
 * reaches the service for it. Checked against the simulator's store.
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import type { RowUpdate } from "../../../src/invoices";
import { DIALECTS, MemorySheet, creates, demoRow, runSheet, start } from "./helpers";

describe.each(DIALECTS)("a copied approved row (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => {
    ({ sim, client } = await start(dialect, { approvalDelayMs: 30, numberDelayMs: 10 }));
  });
  afterAll(() => sim.close());

  it("keeps the original approved with its number; only the copy is refused", async () => {
    const sheet = new MemorySheet([
      demoRow({ invoiceRef: "A", description: "A line 1" }),
      demoRow({ invoiceRef: "A", description: "A line 2" }),
      demoRow({ invoiceRef: "B", description: "B line 1" }),
    ]);
    const first = await runSheet(client, sheet);
    expect(first.counts.approved).toBe(2);
    const id = String(sheet.cell(2, "invoiceId"));
    const num = String(sheet.cell(2, "invoiceNum"));
    expect(sim.store.invoice(id)).toMatchObject({ status: "approved", invoiceNum: num });

    // The controller copies rows 2–3 (results and all) to rows 5–6, as a new invoice "C".
    const ref = sheet.headers.indexOf("invoiceRef");
    for (const source of [2, 3]) {
      const values = [...sheet.rows.find((r) => r.rowNumber === source)!.values];
      values[ref] = "C";
      sheet.rows.push({ rowNumber: sheet.rows.length + 2, values });
    }
    const plan = sheet.plan();
    expect(plan.invoices.map((i) => i.key).sort()).toEqual(["ref:A", "ref:B"]);
    expect(plan.rowProblems.get(5)?.[0]).toMatch(
      new RegExp(
        `^invoiceId "${id}" in [A-Z]+5 is copied from invoice "A" \\(rows 2–3\\), which is approved; this row is a copy`
      )
    );

    const writes: RowUpdate[] = [];
    const createsBefore = creates(sim);
    const apply = sheet.apply;
    sheet.apply = async (updates) => {
      writes.push(...updates);
      await apply(updates);
    };
    const second = await runSheet(client, sheet);

    // The original is untouched: approved, its number, its message; nothing written to its rows.
    for (const row of [2, 3]) {
      expect(sheet.cell(row, "status")).toBe("approved");
      expect(sheet.cell(row, "invoiceNum")).toBe(num);
      expect(writes.filter((w) => w.rowNumber === row)).toEqual([]);
    }
    // Only the copy is refused, and nothing was sent for it.
    for (const row of [5, 6]) {
      expect(sheet.cell(row, "status")).toBe("invalid");
      expect(String(sheet.cell(row, "message"))).toMatch(/is copied from invoice "A"/);
    }
    expect(creates(sim)).toBe(createsBefore);
    expect(second.counts.invalid).toBe(1);
    const reference = String(sheet.cell(2, "externalReference"));
    expect(
      [...sim.store.invoices.values()].filter((i) => i.externalReference === reference)
    ).toHaveLength(1);
  });

  it("never calls a row whose invoice the service holds 'not sent': both unfinished holders keep their status", async () => {
    const sheet = new MemorySheet([demoRow({ invoiceRef: "D", description: "D line 1" })]);
    // Created but not approved: the invoice exists in the service, as a draft.
    await runSheet(client, sheet, { signal: AbortSignal.abort() });
    const created = await client.createInvoice({
      customerId: String(sheet.cell(2, "customerId")),
      companyBankAccountId: String(sheet.cell(2, "companyBankAccountId")),
      externalReference: "XL-draft-copy",
      lines: [{ taxCodeId: String(sheet.cell(2, "taxCodeId")), description: "D line 1" }],
    });
    sheet.set(2, "invoiceId", created.id);
    sheet.set(2, "externalReference", "XL-draft-copy");
    sheet.set(2, "status", "created");
    const values = [...sheet.rows[0].values];
    values[sheet.headers.indexOf("invoiceRef")] = "E";
    sheet.rows.push({ rowNumber: 3, values });

    await runSheet(client, sheet);

    // Neither is approved: Check cannot tell which one the draft belongs to, so both are refused,
    // but the rows keep "created" and say they were not continued (the draft is in the service).
    for (const row of [2, 3]) {
      expect(sheet.cell(row, "status")).toBe("created");
      expect(String(sheet.cell(row, "message"))).toMatch(
        /^Not continued: invoiceId ".*" in [A-Z]+\d is also on/
      );
    }
    expect(sim.store.invoice(created.id)!.status).toBe("created");
  });
});
