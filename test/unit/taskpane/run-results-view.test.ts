import { sayIn, useDisplayLanguage } from "../../../src/i18n";
import {
  planRows,
  type InvoiceResult,
  type Plan,
  type PlannedInvoice,
} from "../../../src/invoices";
import {
  customerIdsOf,
  invoiceResultViews,
  rowsText,
} from "../../../src/taskpane/run-results-view";

const TAX = "3f2a1b4c-0000-4000-8000-000000000001";
const JANSEN = "11111111-2222-3333-4444-555555555555";
const VRIES = "11111111-2222-3333-4444-666666666666";

function planned(
  key: string,
  customerId: string,
  rows: number[],
  prices: number[]
): PlannedInvoice {
  return {
    key,
    label: key,
    rowNumbers: rows,
    invoiceDate: "2026-01-01T00:00:00+00:00",
    body: {
      customerId,
      lines: prices.map((p) => ({ taxCodeId: TAX, quantity: 1, unitPrice: p })),
    },
  };
}

const PLAN: Pick<Plan, "invoices" | "invalidInvoices"> = {
  invoices: [
    planned("ref:A", JANSEN, [2, 3], [45.5, 60.2]),
    planned("row:4", VRIES, [4], [0.1]),
    {
      ...planned("ref:C", VRIES, [5], []),
      body: { customerId: VRIES, lines: [{ taxCodeId: TAX, billingItemId: TAX }] },
    },
  ],
  invalidInvoices: [
    { key: "ref:D", label: 'invoice "D"', rowNumbers: [6, 8], rowsWithProblems: [8] },
  ],
};

const NEW = { before: "", untouched: false, changes: ["created" as const] };
const RESULTS: InvoiceResult[] = [
  {
    ...NEW,
    key: "ref:A",
    rowNumbers: [2, 3],
    state: "approved",
    invoiceNum: "INV-1",
    invoiceId: "i1",
  },
  {
    ...NEW,
    key: "row:4",
    rowNumbers: [4],
    state: "pending",
    invoiceId: "i2",
    message: "Still approving.",
  },
  { ...NEW, key: "ref:C", rowNumbers: [5], state: "failed", message: "Tax code refused." },
];

describe("invoiceResultViews", () => {
  const list = invoiceResultViews(
    planRows({ results: RESULTS }),
    PLAN,
    new Map([[JANSEN, "Jansen Warmte BV"]])
  );
  const views = Object.fromEntries(list.map((v) => [v.key, v]));

  it("lists the problems first: failed and invalid, then still open, then approved", () => {
    expect(list.map((v) => v.key)).toEqual(["ref:C", "ref:D", "row:4", "ref:A"]);
  });

  it("says an invoice approved before the run was approved earlier", () => {
    const view = invoiceResultViews(
      planRows({ results: [{ ...RESULTS[0], before: "approved", untouched: true, changes: [] }] }),
      PLAN,
      new Map()
    ).find((v) => v.key === "ref:A");
    expect(view).toMatchObject({ status: "approved earlier", tone: "ok", number: "INV-1" });
  });

  it("shows ref, customer name, exact amount, status and number of an approved invoice in green", () => {
    expect(views["ref:A"]).toEqual({
      key: "ref:A",
      ref: "A",
      customer: "Jansen Warmte BV",
      amount: "105.70 excl. VAT",
      status: "approved",
      number: "INV-1",
      tone: "ok",
      rows: [2, 3],
      rowsText: "Rows 2–3",
      label:
        "Invoice A, Jansen Warmte BV, 105.70 excl. VAT, approved, number INV-1, Rows 2–3; select in the sheet",
    });
  });

  it("never shows an invoice still waiting in green, and names a row of its own by its row", () => {
    expect(views["row:4"]).toMatchObject({
      ref: "row 4",
      customer: VRIES, // no name known: the id
      amount: "0.10 excl. VAT",
      status: "still approving",
      tone: "warn",
      message: "Still approving.",
    });
    expect(views["row:4"].number).toBeUndefined();
  });

  it("gives no amount when a line is priced by the service, and marks a failure red", () => {
    expect(views["ref:C"]).toMatchObject({ ref: "C", status: "failed", tone: "bad" });
    expect(views["ref:C"].amount).toBeUndefined();
  });

  it("lists invoices not sent because of row problems, with the rows to fix", () => {
    expect(views["ref:D"]).toMatchObject({
      ref: "D",
      status: "invalid",
      tone: "bad",
      rows: [6, 8],
      rowsText: "Rows 6, 8",
      message: "Not sent: row 8 has problems (see the message column).",
    });
    expect(list).toHaveLength(4);
  });
});

describe("invoiceResultViews under a Dutch Office", () => {
  afterEach(() => useDisplayLanguage(() => "en-US"));

  it('names a row of its own "rij" and writes amounts with the decimal comma and grouped thousands', () => {
    useDisplayLanguage(() => "nl-NL");
    const plan: Pick<Plan, "invoices" | "invalidInvoices"> = {
      invoices: [planned("row:4", VRIES, [4], [1234.5]), planned("ref:A", JANSEN, [2], [45.5])],
      invalidInvoices: [],
    };
    const results = [
      { ...RESULTS[0], key: "row:4", rowNumbers: [4] },
      { ...RESULTS[0], key: "ref:A", rowNumbers: [2] },
    ];
    const dutch = Object.fromEntries(
      invoiceResultViews(planRows({ results }, sayIn("nl")), plan, new Map()).map((v) => [v.key, v])
    );
    expect(dutch["row:4"]).toMatchObject({ ref: "rij 4", amount: "1.234,50 excl. btw" });
    expect(dutch["ref:A"]).toMatchObject({ ref: "A", amount: "45,50 excl. btw" });
  });
});

describe("rowsText and customerIdsOf", () => {
  it("words rows as a range, a list or one row", () => {
    expect(rowsText([3, 2, 4])).toBe("Rows 2–4");
    expect(rowsText([2, 5])).toBe("Rows 2, 5");
    expect(rowsText([7])).toBe("Row 7");
    expect(rowsText([])).toBe("");
  });

  it("asks for each customer once", () => {
    expect(customerIdsOf(PLAN)).toEqual([JANSEN, VRIES]);
  });
});
