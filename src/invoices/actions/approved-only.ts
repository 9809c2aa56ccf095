/**
 * What send and credit share as actions after approval: the rows that qualify (approved, and
 * credited: sending a credited invoice is refused later by what the service holds; crediting it
 * again is not done — its credit note is found), and why other rows and invoices do not.
 */
import type { Invoice } from "../../api";
import { APPROVED_STATUSES } from "../engine/settle";
import { ENGLISH, type Say } from "../words";

/** Row statuses an action after approval applies to. */
export const APPROVED_ROWS: ReadonlySet<string> = new Set(["approved", "credited"]);

/** The past participle of an action after approval (send, credit, mark as sent), in the catalogue. */
type Participle = Extract<Parameters<Say>[0], `id.${string}.participle`>;

/** Why a row with this status is refused, in the words of `say`. */
export function approvedRowRefusal(status: string, verb: Participle, say: Say = ENGLISH): string {
  const participle = say(verb);
  if (status === "") return say("id.why.emptyStatus", { participle });
  if (status === "created") return say("id.why.draftRow", { participle });
  if (status === "approving" || status === "pending") return say("id.why.approvingRow");
  return say("id.why.otherStatus", { status, participle });
}

/** Why an invoice the service holds in its status cannot take the action, in the words of `say`. */
export function approvedStatusRefusal(
  invoice: Invoice,
  verb: Participle,
  say: Say = ENGLISH
): string | undefined {
  if (APPROVED_STATUSES.has(invoice.status)) return undefined;
  const participle = say(verb);
  if (invoice.status === "created") return say("id.why.heldDraft", { participle });
  if (invoice.status === "approvalinprogress") return say("id.why.heldApproving");
  return say("id.why.heldOther", { status: invoice.status, participle });
}

/** The service does not know the id. */
export const notFound = (invoiceId: string, say: Say = ENGLISH) =>
  say("id.why.notFound", { id: invoiceId });
