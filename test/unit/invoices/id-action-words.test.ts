/**
 * Mark as sent's table (src/invoices/actions/mark-sent.ts): which rows qualify, how what the
 * service holds sorts an invoice (a draft refused, one already sent done, a credited one refused),
 * and the words every registered action has in both catalogues (its state labels, verb, participle).
 */
import type { Invoice } from "../../../src/api/types";
import type { ActionItem } from "../../../src/invoices";
import { ID_ACTIONS } from "../../../src/invoices/actions/registry";
import { markSent } from "../../../src/invoices/actions/mark-sent";
import { idStateLabels } from "../../../src/invoices";
import { enInvoices } from "../../../src/i18n/invoices-en";
import { nlInvoices } from "../../../src/i18n/invoices-nl";
import { sayIn } from "../../../src/invoices/words";

const ID = "6c1f3e2a-9b8d-4c7e-a5f4-3b2a1c0d9e8f";
const item: ActionItem = {
  key: ID,
  invoiceId: ID,
  rowNumbers: [2],
  statusBefore: "approved",
  sentBefore: "",
  creditNoteIdBefore: "",
};
const invoice = (extra: Partial<Invoice>): Invoice => ({
  id: ID,
  status: "approved",
  errors: [],
  invoiceNum: "INV-1",
  ...extra,
});

describe("mark as sent: which invoices it marks", () => {
  it("an approved invoice not sent, or whose send failed, is to do", () => {
    expect(markSent.sort(item, invoice({ sent: "notsent" }))).toEqual({ to: "toDo" });
    expect(markSent.sort(item, invoice({ sent: "failed" }))).toEqual({ to: "toDo" });
  });

  it("one sent, being sent or skipped is already done: never marked twice", () => {
    for (const sent of ["sent", "sending", "printing", "skipped"] as const)
      expect([sent, markSent.sort(item, invoice({ sent }))]).toEqual([sent, { to: "alreadyDone" }]);
  });

  it("a draft is refused, by the sheet and by what the service holds", () => {
    expect(markSent.rowStatuses.has("created")).toBe(false);
    expect(markSent.rowRefusal("created")).toBe(
      "it is a draft: approve it first (only approved invoices can be marked as sent)"
    );
    expect(markSent.sort(item, invoice({ status: "created", sent: "notsent" }))).toEqual({
      to: "refused",
      why: "the billing service holds it as a draft: only approved invoices can be marked as sent",
    });
    expect(markSent.sort(item, invoice({ status: "approvalinprogress" })).to).toBe("refused");
  });

  it("a credited invoice not sent is refused (void); one sent before it was credited is done", () => {
    const credited = { creditedByInvoiceId: "7d2f3e2a-9b8d-4c7e-a5f4-3b2a1c0d9e8f" };
    expect(markSent.sort(item, invoice({ sent: "notsent", ...credited }))).toEqual({
      to: "refused",
      why: "it has a credit note and so is void: a credited invoice is not marked as sent",
    });
    expect(markSent.sort(item, invoice({ sent: "sent", ...credited }))).toEqual({
      to: "alreadyDone",
    });
  });

  it("an id the service does not know is refused; in Dutch too", () => {
    expect(markSent.sort(item, null)).toMatchObject({ to: "refused" });
    const nl = sayIn("nl");
    expect(markSent.rowRefusal("created", nl)).toMatch(/als verzonden gemarkeerd/);
  });

  it("the Billing log says marked as sent, with the status sent", () => {
    const say = sayIn("en");
    expect(markSent.logChange("sent", undefined, say)).toBe("marked as sent");
    expect(markSent.logChange("sent", undefined, sayIn("nl"))).toBe("als verzonden gemarkeerd");
    const result = { key: ID, invoiceId: ID, rowNumbers: [2], changes: [] };
    expect(markSent.logStatus({ ...result, state: "done" })).toBe("sent");
    expect(markSent.logStatus({ ...result, state: "already done" })).toBe("already done");
  });
});

describe("every registered action's words", () => {
  const parts = ["working", "done", "alreadyDone", "pending", "notSent", "verb", "participle"];
  it.each(Object.values(ID_ACTIONS).map((a) => [a.name, a.words] as const))(
    "%s has each of its words in English and Dutch",
    (name, words) => {
      for (const part of parts) {
        const key = `id.${words}.${part}`;
        expect([key, key in enInvoices, key in nlInvoices]).toEqual([key, true, true]);
      }
      const labels = idStateLabels(name);
      expect(Object.values(labels).every((l) => l !== "" && !l.startsWith("id."))).toBe(true);
    }
  );

  it("mark as sent's labels", () => {
    expect(idStateLabels("mark-sent")).toMatchObject({
      done: "marked as sent",
      "already done": "sent earlier",
      "not sent": "not marked",
    });
  });
});
