/**
 * planInvoiceActions: which selected rows a send or credit can apply to, from the sheet
 * alone — pure, no service.
 */
import { planInvoiceActions } from "../../../src/invoices";
import type { CellValue, SheetSnapshot } from "../../../src/invoices";

const A = "11110001-0000-4000-8000-000000000001";
const B = "11110002-0000-4000-8000-000000000002";
const C = "11110003-0000-4000-8000-000000000003";

function sheet(headers: string[], rows: CellValue[][]): SheetSnapshot {
  return { headers, rows: rows.map((values, i) => ({ rowNumber: i + 2, values })) };
}

describe("planInvoiceActions", () => {
  it("one item per invoice id (rows merged, ids compared case-insensitively), in sheet order", () => {
    const plan = planInvoiceActions(
      sheet(
        ["description", "InvoiceID ", " Status", "sent", "creditNoteId"],
        [
          ["line 1", B, "approved", "sent", null],
          ["line 1", A, "Approved", null, null],
          ["line 2", B.toUpperCase(), "approved", "sent", null],
          ["line 1", C, "credited", null, "22220001-0000-4000-8000-000000000001"],
        ]
      ),
      { action: "send" }
    );
    expect(plan.request).toEqual({ action: "send", channel: "email" });
    expect(plan.refused).toEqual([]);
    expect(plan.items).toEqual([
      {
        key: B,
        invoiceId: B,
        rowNumbers: [2, 4],
        statusBefore: "approved",
        sentBefore: "sent",
        creditNoteIdBefore: "",
      },
      {
        key: A,
        invoiceId: A,
        rowNumbers: [3],
        statusBefore: "approved",
        sentBefore: "",
        creditNoteIdBefore: "",
      },
      {
        key: C,
        invoiceId: C,
        rowNumbers: [5],
        statusBefore: "credited",
        sentBefore: "",
        creditNoteIdBefore: "22220001-0000-4000-8000-000000000001",
      },
    ]);
  });

  it("refuses rows that are not approved, with the reason in plain words; nothing planned for them", () => {
    const plan = planInvoiceActions(
      sheet(
        ["invoiceId", "status", "description"],
        [
          [A, "created", "x"],
          [B, "", "x"],
          [C, "pending", "x"],
          ["12345", "approved", "x"],
          [null, null, "a line without an id"],
          [null, null, null],
          [A, "created", "second line of A"],
        ]
      ),
      { action: "credit" }
    );
    expect(plan.items).toEqual([]);
    expect(plan.refused).toEqual([
      {
        rowNumbers: [2, 8],
        invoiceId: A,
        message:
          "Not credited: it is a draft: approve it first (only approved invoices can be credited).",
      },
      {
        rowNumbers: [3],
        invoiceId: B,
        message:
          "Not credited: its status is empty: only approved invoices can be credited; run Create and approve first.",
      },
      {
        rowNumbers: [4],
        invoiceId: C,
        message:
          "Not credited: it is still being approved: run Create and approve again to settle it, then try again.",
      },
      {
        rowNumbers: [5],
        invoiceId: "12345",
        message: 'Not credited: the invoiceId "12345" is not an id of the billing service.',
      },
      {
        rowNumbers: [6],
        message: "Not credited: the row has no invoiceId; only approved invoices can be credited.",
      },
    ]);
  });

  it("a sheet without an invoiceId column refuses every selected row", () => {
    const plan = planInvoiceActions(sheet(["description"], [["a"], ["b"]]), {
      action: "send",
      channel: "post",
    });
    expect(plan.request).toEqual({ action: "send", channel: "post" });
    expect(plan.items).toEqual([]);
    // One refusal per invoice as Check groups the rows (no invoiceRef: a row each), as the run
    // counts and lists them.
    expect(plan.refused).toEqual([
      {
        rowNumbers: [2],
        message: "Not sent: the sheet has no invoiceId column; run Create and approve first.",
      },
      {
        rowNumbers: [3],
        message: "Not sent: the sheet has no invoiceId column; run Create and approve first.",
      },
    ]);
  });

  it("refuses rows without an id one invoice at a time, as Check groups them", () => {
    const plan = planInvoiceActions(
      sheet(
        ["invoiceRef", "invoiceId", "status", "description"],
        [
          ["R1", "", "invalid", "line 1"],
          ["R1", "", "invalid", "line 2"],
          ["", "", "invalid", "a row of its own"],
          ["R2", "", "", "another"],
        ]
      ),
      { action: "send" }
    );
    expect(plan.items).toEqual([]);
    expect(plan.refused.map((r) => r.rowNumbers)).toEqual([[2, 3], [4], [5]]);
  });

  it("a bad request is a TypeError naming what is wrong", () => {
    const s = sheet(["invoiceId"], [[A]]);
    expect(() => planInvoiceActions(s, { action: "delete" as never })).toThrow(
      'action must be one of "discard-drafts", "send", "credit"'
    );
    expect(() => planInvoiceActions(s, { action: "send", channel: "fax" as never })).toThrow(
      'channel must be "email" or "post"'
    );
    expect(() => planInvoiceActions(s, { action: "credit", channel: "email" })).toThrow(
      "channel applies to send only"
    );
  });
});
