/**
 * BILLING.INVOICES: a customer's invoices as a spilled table. The arguments are
 * read first (no request for a bad one); then one search of the customer's invoices (every page)
 * runs beside a check that the customer exists, and the credit links are named by number (one
 * batched read for credit notes the list does not hold).
 */
import { tf } from "../i18n";
import {
  INVOICE_STATUSES,
  sameId,
  calendarDateInZone,
  machineTimeZone,
  nextDay,
  startOfDayInZone,
} from "../api";
import type { BillingClient, CallOptions, Invoice, InvoiceQuery } from "../api";
import { utcToExcelSerial } from "../invoices";
import { ArgumentError, MatchError } from "./function-errors";
import type { FormattedValue, NumberFormatSupport } from "./formatted-values";
import { DATE_FORMAT, moneyFormatFor, withFormat } from "./formatted-values";
import { describeValue, isBlank, readId, readSingle } from "./read-arguments";
import { readOptionalDate } from "./read-date";

/** Header row of INVOICES (docs/controllers/functions.md "INVOICES"). */
export const INVOICES_HEADER = [
  "invoiceId",
  "invoiceNum",
  "invoiceDate",
  "status",
  "totalExclVAT",
  "totalInclVAT",
  "sent",
  "creditNoteNum",
  "creditsInvoiceNum",
  "customerId",
  "paymentState",
] as const;

type Cell = string | number | FormattedValue;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The search INVOICES runs, read from its arguments. */
export interface InvoiceSearch {
  /** Absent = every customer's invoices (then a period or a status is required). */
  customerId?: string;
  /**
   * First invoice date included: a day (UTC midnight of the day given, a date cell or 2026-03-01)
   * means from the start of that day in {@link timeZone}; an instant (a date-time text) is itself.
   */
  from?: Date;
  /** Last invoice date included: the whole day (in {@link timeZone}) when a day is given. */
  to?: Date;
  statuses?: string[];
  /** The company's time zone, in which invoice dates are days; absent = the machine's. */
  timeZone?: string;
}

/**
 * Reads INVOICES' arguments; throws an ArgumentError naming the argument. `to` is inclusive: a
 * day means up to the end of that day (UTC), so `to` = 2024-12-31 keeps invoices of 31 December.
 */
export function readInvoiceSearch(
  customerId: unknown,
  from: unknown,
  to: unknown,
  status: unknown
): InvoiceSearch {
  const search: InvoiceSearch = {};
  // Without a customer: every customer's invoices, of a period or a status.
  if (!isBlank(readSingle(customerId, "customerId"))) {
    search.customerId = readId(customerId, "customerId");
  }
  const start = readOptionalDate(from, "from");
  const end = readOptionalDate(to, "to");
  if (start !== undefined) search.from = start;
  if (end !== undefined) search.to = end;
  if (start !== undefined && end !== undefined && start.getTime() > end.getTime()) {
    throw new ArgumentError(tf("fn.invoices.fromAfterTo", { from: day(start), to: day(end) }));
  }
  const statuses = readStatuses(status);
  if (statuses !== undefined) search.statuses = statuses;
  if (search.customerId === undefined && start === undefined && end === undefined && !statuses) {
    throw new ArgumentError(tf("fn.invoices.unbounded"));
  }
  return search;
}

/** One status, or several separated by commas or semicolons (any case); empty means any. */
function readStatuses(raw: unknown): string[] | undefined {
  const value = readSingle(raw, "status");
  if (isBlank(value)) return undefined;
  if (typeof value !== "string") {
    throw new ArgumentError(tf("fn.status.notText", { value: describeValue(value) }));
  }
  const known: readonly string[] = INVOICE_STATUSES;
  const wanted = value
    .split(/[,;]/)
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== "");
  const unknown = wanted.filter((s) => !known.includes(s));
  if (wanted.length === 0 || unknown.length > 0) {
    throw new ArgumentError(
      tf("fn.status.unknown", { value: describeValue(value), known: known.join(", ") })
    );
  }
  return [...new Set(wanted)];
}

/** The bounds of a search as instants (ISO with offset): `to` exclusive. */
interface Bounds {
  from?: string;
  to?: string;
}

/** A day given as a date (UTC midnight), not an instant. */
const isDay = (date: Date): boolean => date.getTime() % DAY_MS === 0;
const ymdOf = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * The search's bounds in the company's zone: a day starts at its midnight there, and `to` ends
 * where the next day starts; an instant is itself (`to` one millisecond on, to be exclusive).
 */
function boundsOf(search: InvoiceSearch): Bounds {
  const zone = zoneOf(search);
  const bounds: Bounds = {};
  if (search.from !== undefined) {
    const from = search.from;
    bounds.from = isDay(from) ? startOfDayInZone(ymdOf(from), zone) : from.toISOString();
  }
  if (search.to !== undefined) {
    const to = search.to;
    bounds.to = isDay(to)
      ? startOfDayInZone(nextDay(ymdOf(to)), zone)
      : new Date(to.getTime() + 1).toISOString();
  }
  return bounds;
}

function zoneOf(search: InvoiceSearch): string {
  return search.timeZone ?? machineTimeZone();
}

/** The service query of a search: days in the company's zone, `to` the exclusive end of its day. */
export function toInvoiceQuery(search: InvoiceSearch): InvoiceQuery {
  const query: InvoiceQuery = {};
  if (search.customerId !== undefined) query.customerId = search.customerId;
  const bounds = boundsOf(search);
  if (bounds.from !== undefined) query.from = bounds.from;
  if (bounds.to !== undefined) query.to = bounds.to;
  if (search.statuses !== undefined) query.statuses = search.statuses;
  return query;
}

/**
 * The customer's invoices per the search, oldest invoice date first (then number, then id; an
 * invoice without a date last), the credit links resolved to numbers. Throws a MatchError when the
 * customer does not exist (an empty list would be a false answer then).
 */
export async function loadInvoiceTable(
  client: BillingClient,
  search: InvoiceSearch,
  support: NumberFormatSupport,
  options: CallOptions
): Promise<Cell[][]> {
  const query = toInvoiceQuery(search);
  const customerId = search.customerId;
  const [customers, found] = await Promise.all([
    customerId === undefined
      ? undefined
      : client.filterCustomers({ includeOnlyIds: [customerId] }, options),
    client.filterInvoices(query, options),
  ]);
  if (customerId !== undefined && !customers?.some((c) => sameId(c.id, customerId))) {
    throw new MatchError(tf("fn.noneWithId", { what: tf("fn.kind.customer"), id: customerId }));
  }
  // The service's own bounds are assumed to be on the invoice date; checked here too.
  const bounds = boundsOf(search);
  const from = bounds.from === undefined ? undefined : Date.parse(bounds.from);
  const end = bounds.to === undefined ? undefined : Date.parse(bounds.to);
  const invoices = found.filter((inv) => inDateRange(inv, from, end));
  if (invoices.length === 0) return [[...INVOICES_HEADER], noneRow(search)];
  const numbers = await creditNumbers(client, invoices, options);
  const zone = zoneOf(search);
  return [
    [...INVOICES_HEADER],
    ...[...invoices].sort(byDate).map((inv) => invoiceRow(inv, numbers, support, zone)),
  ];
}

/**
 * True when the invoice date is within the bounds. An invoice without a date (a draft) has no
 * place in a period: it is only listed when the search has no date bound.
 */
function inDateRange(inv: Invoice, from: number | undefined, to: number | undefined): boolean {
  if (from === undefined && to === undefined) return true;
  const at = invoiceTime(inv);
  if (at === undefined) return false;
  return (from === undefined || at >= from) && (to === undefined || at < to);
}

function invoiceTime(inv: Invoice): number | undefined {
  if (inv.invoiceDate === undefined) return undefined;
  const ms = Date.parse(inv.invoiceDate);
  return Number.isNaN(ms) ? undefined : ms;
}

function byDate(a: Invoice, b: Invoice): number {
  const ta = invoiceTime(a) ?? Number.POSITIVE_INFINITY;
  const tb = invoiceTime(b) ?? Number.POSITIVE_INFINITY;
  if (ta !== tb) return ta < tb ? -1 : 1;
  const na = a.invoiceNum ?? "";
  const nb = b.invoiceNum ?? "";
  if (na !== nb) return na < nb ? -1 : 1;
  return a.id.toLowerCase() < b.id.toLowerCase() ? -1 : 1;
}

/**
 * The number of every invoice a credit link points at: from the list itself, else read in one
 * batched call; an invoice without a number yet (a draft credit note) is named by its id.
 */
async function creditNumbers(
  client: BillingClient,
  invoices: readonly Invoice[],
  options: CallOptions
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const inv of invoices) names.set(inv.id.toLowerCase(), inv.invoiceNum ?? inv.id);
  const linked = invoices
    .flatMap((inv) => [inv.creditedByInvoiceId, inv.creditedInvoiceId])
    .filter((id): id is string => id !== undefined && !names.has(id.toLowerCase()));
  const missing = [...new Set(linked.map((id) => id.toLowerCase()))];
  if (missing.length > 0) {
    for (const inv of await client.getInvoicesByIds(missing, options)) {
      names.set(inv.id.toLowerCase(), inv.invoiceNum ?? inv.id);
    }
  }
  return names;
}

/** The Excel date serial of the invoice's day in the company's zone (no time of day). */
function invoiceDaySerial(inv: Invoice, zone: string): number | undefined {
  if (invoiceTime(inv) === undefined || inv.invoiceDate === undefined) return undefined;
  let ymd: string;
  try {
    ymd = calendarDateInZone(inv.invoiceDate, zone);
  } catch {
    return undefined;
  }
  return utcToExcelSerial(Date.parse(`${ymd}T00:00:00Z`));
}

function invoiceRow(
  inv: Invoice,
  numbers: ReadonlyMap<string, string>,
  support: NumberFormatSupport,
  zone: string
): Cell[] {
  const linkName = (id: string | undefined): string =>
    id === undefined ? "" : (numbers.get(id.toLowerCase()) ?? id);
  const money = (text: string | undefined): Cell =>
    text === undefined ? "" : withFormat(Number(text), moneyFormatFor(text), support);
  const serial = invoiceDaySerial(inv, zone);
  return [
    inv.id,
    inv.invoiceNum ?? "",
    serial === undefined ? (inv.invoiceDate ?? "") : withFormat(serial, DATE_FORMAT, support),
    inv.status,
    money(inv.totalAmountExclVAT),
    money(inv.totalAmountInclVAT),
    inv.sent ?? "",
    linkName(inv.creditedByInvoiceId),
    linkName(inv.creditedInvoiceId),
    inv.customerId ?? "",
    inv.paymentState ?? "",
  ];
}

/** The one row of an empty answer: the sentence in the first cell, the rest empty. */
function noneRow(search: InvoiceSearch): Cell[] {
  const parts = [
    search.customerId === undefined
      ? tf("fn.invoices.noneAll")
      : tf("fn.invoices.none", { customer: search.customerId }),
  ];
  if (search.from !== undefined) parts.push(tf("fn.invoices.from", { day: day(search.from) }));
  if (search.to !== undefined) parts.push(tf("fn.invoices.to", { day: day(search.to) }));
  if (search.statuses !== undefined)
    parts.push(tf("fn.invoices.status", { statuses: search.statuses.join(tf("fn.invoices.or")) }));
  return [`${parts.join(" ")}.`, ...INVOICES_HEADER.slice(1).map(() => "")];
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}
