/**
 * What send and credit share as actions after approval: the rows that qualify (approved, and
 * credited: sending a credited invoice is refused later by what the service holds; crediting it
 * again is not done — its credit note is found), and why other rows and invoices do not.
 */
import type { Invoice } from "../../api";
import { APPROVED_STATUSES } from "../engine/settle";

/** Row statuses an action after approval applies to. */
export const APPROVED_ROWS: ReadonlySet<string> = new Set(["approved", "credited"]);

/** Why a row with this status is refused, in plain words. */
export function approvedRowRefusal(status: string, verb: string): string {
  if (status === "")
    return `its status is empty: only approved invoices can be ${verb}; run Create and approve first`;
  if (status === "created")
    return `it is a draft: approve it first (only approved invoices can be ${verb})`;
  if (status === "approving" || status === "pending")
    return `it is still being approved: run Create and approve again to settle it, then try again`;
  return `its status is "${status}": only approved invoices can be ${verb}`;
}

/** Why an invoice the service holds in its status cannot take the action, in plain words. */
export function approvedStatusRefusal(invoice: Invoice, verb: string): string | undefined {
  if (APPROVED_STATUSES.has(invoice.status)) return undefined;
  if (invoice.status === "created")
    return `the billing service holds it as a draft: only approved invoices can be ${verb}`;
  if (invoice.status === "approvalinprogress")
    return `the billing service is still approving it: try again when it is approved`;
  return `the billing service holds it as "${invoice.status}": only approved invoices can be ${verb}`;
}

/** The service does not know the id. */
export const notFound = (invoiceId: string) =>
  `the billing service has no invoice ${invoiceId} (not found); check the invoiceId`;
