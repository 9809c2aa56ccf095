/**
 * Is an invoice the service holds the invoice a row describes? A reference is a name, not a proof:
 * another person may create an invoice under the reference a row derives (by mistake, or to have a
 * colleague's run approve the wrong invoice), and a service may store what it was sent otherwise.
 * So an invoice found under a row's reference is the row's own (adopted, approved, deleted as an
 * extra draft) only when what the service stores agrees with what the row says: the customer, the
 * bank account, the number of lines and, line by line, the ids, the description, the dates and the
 * amounts the row gives (docs/controllers/taskpane.md, "Which invoice a row is").
 *
 * Compared only where both sides say something: a field the row leaves empty, or one the service's
 * answer does not carry, is not evidence either way. Amounts by exact decimal value (big.js), ids
 * case-insensitively, text trimmed, date-times by the instant they name. The service's own figures
 * (`amountInclVAT`, VAT) are computed by it, so only the row's inputs are compared: `quantity`,
 * `unitPrice`, `amountExclVAT`. Pure.
 */
import Big from "big.js";
import type { Invoice } from "../../api";
import type { PlannedInvoice } from "../plan-types";

/** The line fields a row may give that the service stores as given (the vendor's `InvoiceLineDTO`). */
const ID_FIELDS = ["taxCodeId", "billingItemId", "serviceLocationId"] as const;
const AMOUNT_FIELDS = ["quantity", "unitPrice", "amountExclVAT"] as const;
const DATE_FIELDS = ["startDateTime", "endDateTime"] as const;

/** Where a found invoice differs from the row, for the row's message. */
export interface Mismatch {
  /** The field that differs, as the service names it (`customerId`, `lines`, `quantity`, ...). */
  field: string;
  /** 1-based line number, for a line field. */
  line?: number;
  /** What the service stores, as text. */
  held: string;
  /** What the row says, as text. */
  row: string;
}

function given(value: unknown): boolean {
  return (
    value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "")
  );
}

function sameId(a: unknown, b: unknown): boolean {
  return String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
}

function sameAmount(a: unknown, b: unknown): boolean {
  try {
    return new Big(String(a).trim()).eq(new Big(String(b).trim()));
  } catch {
    return String(a).trim() === String(b).trim();
  }
}

function sameInstant(a: unknown, b: unknown): boolean {
  const x = Date.parse(String(a));
  const y = Date.parse(String(b));
  return Number.isNaN(x) || Number.isNaN(y) ? String(a).trim() === String(b).trim() : x === y;
}

/** The stored lines in the service's order (`sortOrder` where it gives one). */
function ordered(lines: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return lines
    .map((line, i) => ({ line, at: typeof line.sortOrder === "number" ? line.sortOrder : i }))
    .sort((a, b) => a.at - b.at)
    .map((x) => x.line);
}

function lineMismatch(
  held: Record<string, unknown>,
  row: Record<string, unknown>,
  line: number
): Mismatch | undefined {
  const differs = (field: string, same: (a: unknown, b: unknown) => boolean) =>
    given(row[field]) && given(held[field]) && !same(held[field], row[field])
      ? { field, line, held: String(held[field]), row: String(row[field]) }
      : undefined;
  for (const field of ID_FIELDS) {
    const m = differs(field, sameId);
    if (m) return m;
  }
  for (const field of AMOUNT_FIELDS) {
    const m = differs(field, sameAmount);
    if (m) return m;
  }
  for (const field of DATE_FIELDS) {
    const m = differs(field, sameInstant);
    if (m) return m;
  }
  return differs("description", (a, b) => String(a).trim() === String(b).trim());
}

/**
 * The first difference between `invoice` (as the service holds it) and the row's `planned`
 * invoice, or undefined when they agree. `bankAccount` is the account the row bills from when it
 * is known (the row's own, or its property group's); otherwise the row's body says.
 */
export function rowMismatch(
  invoice: Invoice,
  planned: Pick<PlannedInvoice, "body">,
  bankAccount?: string
): Mismatch | undefined {
  const { body } = planned;
  if (given(invoice.customerId) && !sameId(invoice.customerId, body.customerId))
    return { field: "customerId", held: invoice.customerId!, row: body.customerId };
  const account = bankAccount ?? body.companyBankAccountId;
  if (
    given(invoice.companyBankAccountId) &&
    given(account) &&
    !sameId(invoice.companyBankAccountId, account)
  )
    return { field: "companyBankAccountId", held: invoice.companyBankAccountId!, row: account! };
  if (invoice.lines === undefined) return undefined;
  const held = ordered(invoice.lines);
  if (held.length !== body.lines.length)
    return { field: "lines", held: String(held.length), row: String(body.lines.length) };
  for (let i = 0; i < held.length; i++) {
    const m = lineMismatch(held[i], body.lines[i], i + 1);
    if (m) return m;
  }
  return undefined;
}

/**
 * How long after its creation an invoice found under a row's derived reference is taken to come
 * from the same sitting: a co-author pressing at the same moment, or a run again after Ctrl+Z of
 * the write-back. An older one is what next month's run of the same recurring line finds: a likely
 * repeat the controller decides on, never adopted silently. An hour: a sitting's re-run comes
 * minutes after, and a wrong guess this way asks a question instead of losing an invoice.
 */
export const SAME_SITTING_MS = 60 * 60 * 1000;

/**
 * Was `invoice` made in this sitting (see {@link SAME_SITTING_MS}), judged at `now`? A service that
 * does not say when it stored an invoice: a draft is taken as this sitting's (another pane's create
 * that is not approved yet), one past draft only when its invoice date is the day `invoiceDate`
 * (the date this run would approve it with) names.
 */
export function madeThisSitting(invoice: Invoice, now: number, invoiceDate?: string): boolean {
  const at = Date.parse(invoice.createdDateTime ?? "");
  if (!Number.isNaN(at)) return now - at <= SAME_SITTING_MS;
  if ((invoice.status ?? "").toLowerCase() === "created") return true;
  // Past draft, no creation time: approved with the very invoice date this run would give it (the
  // row's, or the same today), as the service echoes the date it was sent.
  const held = (invoice.invoiceDate ?? "").slice(0, 10);
  return held !== "" && held === (invoiceDate ?? "").slice(0, 10);
}

/**
 * When `invoice` was made, as a controller reads it: `2026-01-15 10:02` in `timeZone` (default the
 * machine's), from the service's `createdDateTime`, else its invoice date; undefined when it gives
 * neither.
 */
export function madeOn(invoice: Invoice, timeZone?: string): string | undefined {
  const at = Date.parse(invoice.createdDateTime ?? invoice.invoiceDate ?? "");
  if (Number.isNaN(at)) return undefined;
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}
