/**
 * The words of send, credit and discard runs below the run: without a language
 * they are English word for word as before the catalogue; in Dutch every sentence is Dutch while
 * the sheet's own words (statuses, ids, field names) stay as they are.
 */
import { entriesWords, sendFailureWords } from "../../../src/invoices";
import type { Invoice } from "../../../src/api/types";
import { sayIn } from "../../../src/i18n";
import { idLogChange, planInvoiceActions } from "../../../src/invoices";
import type { ActionItem, CellValue, SheetSnapshot } from "../../../src/invoices";
import { ID_ACTIONS } from "../../../src/invoices/actions/registry";
import { sortPrepared } from "../../../src/invoices/engine/prepare";

const A = "11110001-0000-4000-8000-000000000001";
const B = "11110002-0000-4000-8000-000000000002";
const NL = sayIn("nl");

function sheet(headers: string[], rows: CellValue[][]): SheetSnapshot {
  return { headers, rows: rows.map((values, i) => ({ rowNumber: i + 2, values })) };
}

const item: ActionItem = {
  key: A,
  invoiceId: A,
  rowNumbers: [2],
  statusBefore: "approved",
  sentBefore: "",
  creditNoteIdBefore: "",
};
const held = (fields: Partial<Invoice>): Invoice => ({
  id: A,
  status: "approved",
  errors: [],
  ...fields,
});

describe("the id actions' words, English as before", () => {
  it("says why a row does not qualify, word for word", () => {
    const { send, credit } = ID_ACTIONS;
    const discard = ID_ACTIONS["discard-drafts"];
    expect(send.rowRefusal("")).toBe(
      "its status is empty: only approved invoices can be sent; run Create and approve first"
    );
    expect(credit.rowRefusal("created")).toBe(
      "it is a draft: approve it first (only approved invoices can be credited)"
    );
    expect(send.rowRefusal("approving")).toBe(
      "it is still being approved: run Create and approve again to settle it, then try again"
    );
    expect(credit.rowRefusal("void")).toBe(
      'its status is "void": only approved invoices can be credited'
    );
    expect(discard.rowRefusal("approved")).toBe(
      "it is approved: an approved invoice is never discarded (credit it instead)"
    );
    expect(discard.rowRefusal("pending")).toBe(
      "it is being approved: only drafts can be discarded"
    );
    expect(discard.rowRefusal("")).toBe(
      "its status is empty: only drafts (status created) can be discarded"
    );
    expect(discard.rowRefusal("x")).toBe(
      'its status is "x": only drafts (status created) can be discarded'
    );
  });

  it("says why the service's invoice does not qualify, word for word", () => {
    const { send, credit } = ID_ACTIONS;
    const discard = ID_ACTIONS["discard-drafts"];
    expect(send.sort(item, null)).toEqual({
      to: "refused",
      why: `the billing service has no invoice ${A} (not found); check the invoiceId`,
    });
    expect(send.sort(item, held({ creditedByInvoiceId: B }))).toEqual({
      to: "refused",
      why: "it has a credit note, so it is void: a credited invoice is not sent to the customer",
    });
    expect(send.sort(item, held({ status: "created" }))).toEqual({
      to: "refused",
      why: "the billing service holds it as a draft: only approved invoices can be sent",
    });
    expect(credit.sort(item, held({ status: "approvalinprogress" }))).toEqual({
      to: "refused",
      why: "the billing service is still approving it: try again when it is approved",
    });
    expect(credit.sort(item, held({ type: "creditnote" }))).toEqual({
      to: "refused",
      why: "it is a credit note, and a credit note cannot be credited",
    });
    expect(discard.sort(item, held({ status: "approvalinprogress" }))).toEqual({
      to: "refused",
      why: "the billing service is approving it: an approved invoice is never discarded (credit it instead)",
    });
    expect(discard.sort(item, held({ status: "approved" }))).toEqual({
      to: "refused",
      why: 'the billing service holds it as "approved": an approved invoice is never discarded (credit it instead)',
    });
  });

  it("plans refusals word for word", () => {
    const noColumn = planInvoiceActions(sheet(["status"], [["approved"]]), { action: "send" });
    expect(noColumn.refused[0].message).toBe(
      "Not sent: the sheet has no invoiceId column; run Create and approve first."
    );
    const plan = planInvoiceActions(
      sheet(
        ["invoiceRef", "invoiceId", "status", "invoiceNum", "description"],
        [
          ["R1", A, "approved", "F-1", "x"],
          ["R2", A, "created", "", "copy"],
          ["R3", "42", "approved", "F-2", "x"],
          ["R4", "", "", "", "no id"],
          ["R5", B, "created", "", "x"],
        ]
      ),
      { action: "credit" }
    );
    expect(plan.refused.map((r) => r.message)).toEqual([
      `Not credited: its invoiceId ${A} is copied from row 2, which is approved; this row is a copy and is not on that invoice. If a row was copied, clear invoiceId, externalReference, status and invoiceNum in the copy so that it is invoiced on its own.`,
      'Not credited: the invoiceId "42" is not an id of the billing service.',
      "Not credited: it is a draft: approve it first (only approved invoices can be credited).",
      // Rows without an id come last (after the sheet-ordered ones).
      "Not credited: the row has no invoiceId; only approved invoices can be credited.",
    ]);
    const prepared = sortPrepared(
      ID_ACTIONS.send,
      { request: { action: "send", channel: "email" }, items: [item], refused: [] },
      new Map([[A, held({ status: "created" })]])
    );
    expect(prepared.refused[0].message).toBe(
      "Not sent: the billing service holds it as a draft: only approved invoices can be sent."
    );
  });

  it("names the Billing log's changes word for word", () => {
    expect(idLogChange("send", "sent", "post")).toBe("sent by post");
    expect(idLogChange("send", "sent")).toBe("sent by email");
    expect(idLogChange("send", "failed", "email")).toBe("failed");
    expect(idLogChange("credit", "found credit note")).toBe("found credit note");
    expect(idLogChange("credit", "credited")).toBe("credited");
    expect(idLogChange("discard-drafts", "found gone")).toBe("found gone");
    expect(idLogChange("discard-drafts", "discarded")).toBe("discarded");
  });
});

describe("the id actions' words in Dutch", () => {
  it("says refusals in Dutch, the sheet's status as it is", () => {
    expect(ID_ACTIONS.send.rowRefusal("void", NL)).toBe(
      'de status is "void": alleen goedgekeurde facturen kunnen worden verzonden'
    );
    expect(ID_ACTIONS.credit.sort(item, held({ type: "creditnote" }), NL)).toEqual({
      to: "refused",
      why: "het is een creditnota, en een creditnota kan niet worden gecrediteerd",
    });
    const plan = planInvoiceActions(
      sheet(
        ["invoiceId", "status"],
        [
          ["42", "approved"],
          [A, "created"],
        ]
      ),
      { action: "send" },
      { language: "nl" }
    );
    expect(plan.refused.map((r) => r.message)).toEqual([
      'Niet verzonden: de invoiceId "42" is geen id van de facturatiedienst.',
      "Niet verzonden: het is een concept: keur het eerst goed (alleen goedgekeurde facturen kunnen worden verzonden).",
    ]);
    const prepared = sortPrepared(
      ID_ACTIONS.send,
      { request: { action: "send", channel: "email" }, items: [item], refused: [] },
      new Map([[A, null]]),
      NL
    );
    expect(prepared.refused[0].message).toBe(
      `Niet verzonden: de facturatiedienst heeft geen factuur ${A} (niet gevonden); controleer de invoiceId.`
    );
  });

  it("says a refusal without reasons in Dutch; the service's own words stay as they are", () => {
    expect(entriesWords([])).toBe("the billing service gave no reason");
    expect(entriesWords([], NL)).toBe("de facturatiedienst gaf geen reden");
    expect(sendFailureWords(held({}), NL)).toBe("de facturatiedienst gaf geen reden");
    const own = [{ key: "SOMETHING_ELSE", message: "Klant geblokkeerd." }];
    expect(entriesWords(own, NL)).toBe(entriesWords(own));
  });

  it("names the Billing log's changes in Dutch", () => {
    expect(idLogChange("send", "sent", "post", "nl")).toBe("verzonden per post");
    expect(idLogChange("send", "sent", "email", "nl")).toBe("verzonden per e-mail");
    expect(idLogChange("credit", "found credit note", undefined, "nl")).toBe("creditnota gevonden");
    expect(idLogChange("discard-drafts", "discarded", undefined, "nl")).toBe("verwijderd");
  });
});
