/**
 * The invoices of a send or credit run as listed in the pane: the sheet's invoiceRef,
 * where each stands in plain words, the credit note's number, refusals with their reason, problems
 * first.
 */
import {
  actionResultViews,
  invoiceDetails,
  invoiceFacts,
} from "../../../src/taskpane/action-results-view";
import {
  ACTION_STATES,
  idRows,
  type ActionCounts,
  type ActionSummary,
} from "../../../src/invoices";

const counts = Object.fromEntries(ACTION_STATES.map((s) => [s, 0])) as ActionCounts;

const summary = (extra: Partial<ActionSummary>): ActionSummary => ({
  runId: "run-1",
  startedAt: new Date(),
  action: "send",
  results: [],
  refused: [],
  counts,
  changed: 0,
  durationMs: 1,
  requests: 1,
  headline: "",
  summary: "",
  ...extra,
});

describe("what the sheet says of each invoice", () => {
  it("takes invoiceRef, invoiceNum and externalReference by invoice id, case-insensitively", () => {
    const facts = invoiceFacts({
      headers: ["InvoiceRef", "customerId", "invoiceId", "invoiceNum", "externalReference"],
      rows: [
        { rowNumber: 2, values: ["A", "c", "ID-1", "2026-1", "XL-1"] },
        { rowNumber: 3, values: ["A", "c", "id-1", "", ""] },
        { rowNumber: 4, values: [null, "c", "id-2", 17, null] },
        { rowNumber: 5, values: ["E", "c", "", "", ""] },
      ],
    });
    expect(facts.get("id-1")).toEqual({
      invoiceRef: "A",
      invoiceNum: "2026-1",
      externalReference: "XL-1",
    });
    expect(facts.get("id-2")).toEqual({ invoiceNum: "17" });
    expect(facts.size).toBe(2);
  });

  it("knows nothing without an invoiceId column", () => {
    expect(
      invoiceFacts({ headers: ["invoiceRef"], rows: [{ rowNumber: 2, values: ["A"] }] }).size
    ).toBe(0);
  });
});

describe("the list after a run", () => {
  const facts = new Map([
    ["inv-1", { invoiceRef: "A" }],
    ["inv-3", { invoiceRef: "C" }],
  ]);

  it("lists problems first, then what is done, each with its rows and words", () => {
    const views = actionResultViews(
      idRows(
        summary({
          results: [
            {
              key: "inv-1",
              invoiceId: "INV-1",
              rowNumbers: [2, 3],
              state: "done",
              sent: "sent",
              changes: ["sent"],
            },
            {
              key: "inv-3",
              invoiceId: "inv-3",
              rowNumbers: [5],
              state: "failed",
              sent: "failed: the customer has no postal address",
              message: "Not sent: the customer has no postal address.",
              changes: ["failed"],
            },
            {
              key: "inv-4",
              invoiceId: "inv-4",
              rowNumbers: [6],
              state: "pending",
              sent: "printing",
              changes: ["sent"],
            },
          ],
          refused: [{ rowNumbers: [7, 8], message: "Not sent: the row has no invoiceId." }],
        })
      ),
      facts
    );
    expect(views.map((v) => [v.ref, v.status, v.tone, v.rowsText])).toEqual([
      ["C", "failed", "bad", "Row 5"],
      ["row 7", "refused", "bad", "Rows 7–8"],
      ["row 6", "still on its way (printing)", "warn", "Row 6"],
      ["A", "sent", "ok", "Rows 2–3"],
    ]);
    expect(views[0].message).toBe("Not sent: the customer has no postal address.");
    expect(views[1].message).toBe("Not sent: the row has no invoiceId.");
    expect(views[3].label).toBe("Invoice A, sent, Rows 2–3; select in the sheet");
  });

  it("names a credit note by its number, and lists an invoice refused by the service only once", () => {
    const views = actionResultViews(
      idRows(
        summary({
          action: "credit",
          results: [
            {
              key: "inv-1",
              invoiceId: "inv-1",
              rowNumbers: [2],
              state: "already done",
              creditNoteId: "note-1",
              creditNoteNum: "INV-2026-000031",
              changes: [],
            },
            {
              key: "inv-3",
              invoiceId: "inv-3",
              rowNumbers: [5],
              state: "refused",
              message: "Not credited: it is a credit note.",
              changes: [],
            },
          ],
          refused: [
            { rowNumbers: [5], invoiceId: "INV-3", message: "Not credited: it is a credit note." },
          ],
        })
      ),
      facts
    );
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ ref: "C", status: "refused", tone: "bad" });
    expect(views[1]).toMatchObject({
      ref: "A",
      status: "credited earlier",
      message: "Credit note INV-2026-000031.",
      tone: "ok",
    });
  });

  it("names the customer and the total the service answered, its id while the name is not known", () => {
    const details = invoiceDetails({
      toDo: [
        {
          key: "inv-1",
          invoiceId: "INV-1",
          rowNumbers: [2],
          statusBefore: "approved",
          sentBefore: "",
          creditNoteIdBefore: "",
          invoice: {
            id: "INV-1",
            status: "approved",
            errors: [],
            customerId: "cust-1",
            totalAmountInclVAT: "1210.5",
          },
        },
      ],
      alreadyDone: [],
    });
    const result = summary({
      results: [
        { key: "inv-1", invoiceId: "inv-1", rowNumbers: [2], state: "done", changes: ["sent"] },
      ],
    });
    const [unnamed] = actionResultViews(idRows(result), facts, details);
    expect(unnamed).toMatchObject({ customer: "cust-1", amount: "1,210.50 incl. VAT" });
    const [named] = actionResultViews(
      idRows(result),
      facts,
      details,
      new Map([["cust-1", "Jansen Warmte BV"]])
    );
    expect(named.customer).toBe("Jansen Warmte BV");
    expect(named.label).toBe(
      "Invoice A, Jansen Warmte BV, 1,210.50 incl. VAT, sent, Row 2; select in the sheet"
    );
  });
});
