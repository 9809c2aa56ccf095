import { JSDOM } from "jsdom";
import type { BulkOutcome } from "../../../src/api";
import type { InvoiceResult, Plan } from "../../../src/invoices";
import { planInvoices } from "../../../src/invoices";
import { PREVIEW_CSP, previewDocument, renderDrafts } from "../../../src/taskpane/drafts-list";
import {
  approvalPlan,
  draftViews,
  money,
  verdictText,
  verdictsOf,
} from "../../../src/taskpane/drafts-view";

const CUSTOMER = "22220001-0000-4000-8000-000000000001";
const TAX = "33330001-0000-4000-8000-000000000001";
const BANK = "44440001-0000-4000-8000-000000000001";

function plan(): Plan {
  const headers = [
    "invoiceRef",
    "customerId",
    "companyBankAccountId",
    "taxCodeId",
    "quantity",
    "unitPrice",
  ];
  return planInvoices(
    {
      headers,
      rows: [
        { rowNumber: 2, values: ["A", CUSTOMER, BANK, TAX, 3, 0.335] },
        { rowNumber: 3, values: ["A", CUSTOMER, BANK, TAX, 3, 0.335] },
        { rowNumber: 4, values: ["B", CUSTOMER, BANK, TAX, 1, 120] },
        { rowNumber: 5, values: ["C", CUSTOMER, BANK, TAX, 1, 10] },
      ],
    },
    { today: new Date(2026, 5, 15) }
  );
}

const result = (key: string, extra: Partial<InvoiceResult>): InvoiceResult => ({
  key,
  rowNumbers: [],
  state: "created",
  before: "",
  untouched: false,
  changes: ["created"],
  ...extra,
});

const RESULTS: InvoiceResult[] = [
  result("ref:A", {
    rowNumbers: [2, 3],
    invoiceId: "id-a",
    externalReference: "XL-a",
    totalAmountExclVAT: "2.02",
    totalAmountInclVAT: "2.44",
  }),
  result("ref:B", {
    rowNumbers: [4],
    invoiceId: "id-b",
    externalReference: "XL-b",
    totalAmountExclVAT: "120",
    totalAmountInclVAT: "145.2",
  }),
  // Approved in this run already (not a draft), and one whose create failed: not listed.
  result("ref:C", { rowNumbers: [5], state: "approved", invoiceId: "id-c" }),
];

describe("the drafts of a Create drafts run", () => {
  it("lists each draft with the sheet's amount, the service's totals to the cent, and marks a difference", () => {
    const views = draftViews(RESULTS, plan(), new Map([[CUSTOMER, "Jansen"]]));
    expect(views.map((v) => v.invoiceId)).toEqual(["id-a", "id-b"]);
    expect(views[0]).toMatchObject({
      ref: "A",
      customer: "Jansen",
      sheetAmount: "2.01",
      serviceExcl: "2.02",
      serviceIncl: "2.44",
      mismatch: true,
    });
    expect(views[1]).toMatchObject({
      sheetAmount: "120.00",
      serviceExcl: "120.00",
      serviceIncl: "145.20",
      mismatch: false,
    });
  });

  it("turns the service's onlyValidate answer into a verdict per id, with its reasons in plain words", () => {
    const outcome: BulkOutcome = {
      accepted: ["id-b"],
      refused: [
        {
          invoiceId: "ID-A",
          entries: [
            {
              key: "MISSING_ACTIVE_MANDATE",
              message: "The customer has no active direct-debit mandate.",
            },
          ],
        },
      ],
      general: [{ ids: ["id-x"], entries: [{ key: "TAX_RATE_MISSING" }] }],
      failed: [],
      notSent: [],
    };
    const verdicts = verdictsOf(outcome);
    const views = draftViews(RESULTS, plan(), new Map(), verdicts);
    expect(verdictText(views[0].verdict)).toBe(
      "The service would refuse it: The customer has no active direct-debit mandate."
    );
    expect(verdictText(views[1].verdict)).toBe("The service would approve it.");
    expect(verdictText(verdicts.get("id-x"))).toBe("The service would refuse it: TAX_RATE_MISSING");
    expect(verdictText(undefined)).toMatch(/^Asking/);
  });

  it("approves exactly the listed drafts: continued by id and reference, nothing to create", () => {
    const p = plan();
    const views = draftViews(RESULTS, p, new Map());
    const next = approvalPlan(p, RESULTS, views);
    expect(next.invoices.map((i) => [i.key, i.invoiceId, i.externalReference, i.status])).toEqual([
      ["ref:A", "id-a", "XL-a", "created"],
      ["ref:B", "id-b", "XL-b", "created"],
    ]);
    expect(next.invalidInvoices).toEqual([]);
  });

  it("shows amounts to the cent without changing them", () => {
    expect(money("145.2")).toBe("145.20");
    expect(money("0.005")).toBe("0.005");
    expect(money("n/a")).toBe("n/a");
  });
});

describe("the drafts list and the preview document", () => {
  it("puts the service's text in as text, never as markup", () => {
    const dom = new JSDOM("<ul id=l></ul>");
    const doc = dom.window.document;
    const list = doc.getElementById("l")!;
    const [view] = draftViews(
      RESULTS,
      plan(),
      new Map([[CUSTOMER, "<img src=x onerror=alert(1)>"]])
    );
    view.verdict = { kind: "refused", reasons: ["<script>alert(2)</script>"] };
    const opened: string[] = [];
    renderDrafts(doc, list, [view], (d) => opened.push(d.invoiceId));
    expect(list.querySelector("img, script")).toBeNull();
    expect(list.textContent).toContain("<img src=x onerror=alert(1)>");
    expect(list.querySelector(".mismatch-text")).not.toBeNull();
    list.querySelector("button")!.click();
    expect(opened).toEqual(["id-a"]);
  });

  it("names each draft by what it shows (WCAG 2.5.3) and describes what a click does", () => {
    const dom = new JSDOM("<ul id=l></ul>");
    const doc = dom.window.document;
    const list = doc.getElementById("l")!;
    const [view] = draftViews(RESULTS, plan(), new Map([[CUSTOMER, "Jansen Warmte BV"]]));
    view.verdict = { kind: "refused", reasons: ["The customer has no bank mandate."] };
    renderDrafts(doc, list, [view], () => undefined);
    const button = list.querySelector("button")!;
    // No aria-label: the accessible name is the visible text, verdict and mismatch included.
    expect(button.hasAttribute("aria-label")).toBe(false);
    expect(button.textContent).toContain("Jansen Warmte BV");
    expect(button.textContent).toContain("The customer has no bank mandate.");
    expect(button.getAttribute("title")).toMatch(/Jansen Warmte BV.*open its preview\.$/);
  });

  it("puts a CSP that loads nothing before the service's document", () => {
    const doc = previewDocument(
      "<!DOCTYPE html><html><head><title>T</title></head><body>x</body></html>"
    );
    expect(
      doc.startsWith(
        `<!doctype html><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`
      )
    ).toBe(true);
    expect(doc.match(/<!doctype/gi)).toHaveLength(1);
    expect(PREVIEW_CSP).toMatch(/default-src 'none'/);
    expect(PREVIEW_CSP).not.toMatch(/script-src/);
  });
});
