/**
 * The send and credit runs' headline and row words: problems first, "Nothing changed" on
 * a run that changed nothing, the stop's own words, the service's sent state in plain words.
 */
import { sentWords } from "../../../src/invoices";
import type { Invoice } from "../../../src/api/types";
import { ACTION_STATES } from "../../../src/invoices";
import type { ActionCounts, ActionResult } from "../../../src/invoices";
import { idHeadline as headline } from "../../../src/invoices";

const counts = (c: Partial<ActionCounts>): ActionCounts =>
  ({ ...Object.fromEntries(ACTION_STATES.map((s) => [s, 0])), ...c }) as ActionCounts;
const result = (state: ActionResult["state"], extra: Partial<ActionResult> = {}): ActionResult => ({
  key: "k",
  invoiceId: "k",
  rowNumbers: [2],
  state,
  changes: [],
  ...extra,
});

describe("headline", () => {
  it("puts problems first, then what was done", () => {
    const results = [
      result("done", { sent: "sent" }),
      result("done", { sent: "skipped" }),
      result("failed"),
    ];
    expect(
      headline("send", results, counts({ done: 2, failed: 1, refused: 2, "already done": 3 }), 2)
    ).toBe("1 failed, 2 refused · 1 sent, 1 skipped by the service, 3 already sent.");
  });

  it("says Nothing changed when the run changed nothing", () => {
    expect(headline("credit", [], counts({ "already done": 2 }), 0)).toBe(
      "Nothing changed: 2 already credited."
    );
  });

  it("names the credited total exactly, and leaves it out when a total is unknown", () => {
    const done = [result("done", { totalInclVAT: "0.1" }), result("done", { totalInclVAT: "0.2" })];
    expect(headline("credit", done, counts({ done: 2 }), 2)).toBe(
      "2 invoices credited (0.30 incl. VAT reversed)."
    );
    expect(headline("credit", [...done, result("done")], counts({ done: 3 }), 3)).toBe(
      "3 invoices credited."
    );
  });

  it("starts with the stop, in the gateway's own words for a sign-in refusal", () => {
    expect(headline("send", [], counts({ cancelled: 4 }), 0, "cancelled")).toBe(
      "Cancelled. Nothing changed: 4 cancelled."
    );
    expect(
      headline(
        "send",
        [],
        counts({ "not sent": 1 }),
        0,
        "auth",
        "Your account may read but not send invoices; ask IT for Billing.Invoice."
      )
    ).toBe(
      "Stopped: Your account may read but not send invoices; ask IT for Billing.Invoice. Nothing changed: 1 not sent."
    );
  });
});

describe("sentWords", () => {
  const inv = (sent: string | undefined, errors: Invoice["errors"] = []): Invoice => ({
    id: "x",
    status: "approved",
    errors,
    sent,
  });
  it("says what the service holds in plain words", () => {
    expect(sentWords(inv("notsent"))).toBe("not sent");
    expect(sentWords(inv("printing"))).toBe("printing (by post)");
    expect(sentWords(inv("sent"))).toBe("sent");
    expect(sentWords(inv(undefined))).toBe("unknown");
    expect(
      sentWords(
        inv("failed", [
          { key: "COULD_NOT_APPROVE_INVOICE" },
          { key: "FAILED_SENDING_EMAIL", message: "smtp 550" },
        ])
      )
    ).toBe("failed: the email to the customer could not be sent");
    expect(sentWords(inv("failed", [{ key: "SOMETHING_NEW", message: "Mailbox full." }]))).toBe(
      "failed: Mailbox full"
    );
  });
});
