/**
 * The service's error keys of approving, sending and crediting, in plain words for a controller
 * (the vendor's `ErrorCode`, contracts/openapi/Billing-1-0.yaml). A key not listed here is shown
 * with the service's own message.
 */
import type { ServiceErrorEntry } from "./types";

/** Plain words per error key. */
export const ACTION_ERROR_WORDS: Readonly<Record<string, string>> = {
  INVOICE_LINE_SPANS_NO_TAX_RATE_PERIODS:
    "a line's tax code has no VAT rate for the line's period; check the tax code or the line's dates",
  INVOICE_LINE_SPANS_MULTIPLE_TAX_RATE_PERIODS:
    "a line's period spans a change of its VAT rate; split the line at the date of the change",
  MISSING_ACTIVE_MANDATE:
    "the customer pays by direct debit but has no active mandate; ask for a mandate or change the payment method",
  COULD_NOT_APPROVE_INVOICE: "the billing service could not approve the invoice",
  INVOICE_NOT_CREATED_STATUS: "the invoice is no longer a draft",
  INVOICE_NOT_APPROVED_STATUS: "the invoice is not approved yet",
  INVOICE_NOT_FOUND: "the billing service does not know this invoice",
  FAILED_SENDING_EMAIL: "the email to the customer could not be sent",
  EMAIL_INVALID: "the customer's email address is not valid",
  EMAIL_BLOCKED: "the customer's email address blocks our mail",
  EMAIL_DROPPED: "the mail to the customer's email address was dropped",
  USER_HAS_NO_EMAIL_ADDRESS: "the customer has no email address; send it by post instead",
  USER_HAS_NO_POSTAL_ADDRESS: "the customer has no postal address; send it by email instead",
  POSTAL_NOT_SUPPORTED_FOR_NOW: "sending by post is not available at the billing service",
  INVOICE_IS_ALREADY_CREDITED: "the invoice already has a credit note",
  CREATED_INVOICES_CANNOT_BE_CREDITED:
    "a draft cannot be credited (it has no number yet); delete it instead",
  CREDIT_NOTE_CANNOT_BE_CREDITED: "a credit note cannot be credited",
  INVOICED_ADVANCES_CANNOT_BE_CREDITED: "an advance that was invoiced cannot be credited",
};

/** Plain words for `key` (any case), or undefined when it has none. */
export function actionErrorWords(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  return ACTION_ERROR_WORDS[key.trim().toUpperCase()];
}

/** One entry in plain words: the words of its key, else the service's message, else the key. */
export function describeActionEntry(entry: ServiceErrorEntry): string {
  return (
    actionErrorWords(entry.key) ??
    (entry.message?.trim() || entry.key?.trim() || "the billing service gave no reason")
  );
}
