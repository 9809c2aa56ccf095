import { ArgumentError } from "./function-errors";
import { reason, tf } from "../i18n";
import { excelSerialToUtc, serialReason } from "../invoices";
import { describeValue, isBlank, readSingle } from "./read-arguments";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/i;

/**
 * Reads the optional `date` argument: an Excel date serial (a date typed in a cell), an ISO 8601 text
 * (`2024-05-01` or `2024-05-01T12:00:00Z`), or nothing for now. Dates and date-times without an
 * offset are read as UTC, as the service's dates are. Throws an {@link ArgumentError} otherwise.
 */
export function readDate(raw: unknown, now: () => Date = () => new Date()): Date {
  return readOptionalDate(raw, "date") ?? now();
}

/**
 * Reads an optional date argument named `label` as {@link readDate} does; undefined when it is
 * omitted or empty. Errors name the argument.
 */
export function readOptionalDate(raw: unknown, label: string): Date | undefined {
  const value = readSingle(raw, label);
  if (isBlank(value)) return undefined;
  if (typeof value === "number") return fromSerial(value, label);
  if (typeof value === "string") return fromIsoText(value.trim(), label);
  throw new ArgumentError(tf("fn.date.notDate", { label, value: describeValue(value) }));
}

function fromSerial(serial: number, label: string): Date {
  const date = excelSerialToUtc(serial);
  if (!date.ok) {
    const why = serialReason(serial) ?? date.reason;
    throw new ArgumentError(reason("date.argument", { label, reason: why }));
  }
  return new Date(date.ms);
}

function fromIsoText(text: string, label: string): Date {
  const dateOnly = ISO_DATE.exec(text);
  const dateTime = dateOnly ? undefined : ISO_DATE_TIME.exec(text);
  const parts = dateOnly ?? dateTime;
  if (!parts) {
    throw new ArgumentError(tf("fn.date.notIso", { label, value: describeValue(text) }));
  }
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
    throw new ArgumentError(tf("fn.date.notDay", { label, value: describeValue(text) }));
  }
  if (dateOnly) return calendar;
  const zone = parts[7] ?? "Z";
  const time = Date.parse(`${text.slice(0, text.length - (parts[7]?.length ?? 0))}${zone}`);
  if (Number.isNaN(time))
    throw new ArgumentError(tf("fn.date.notTime", { label, value: describeValue(text) }));
  return new Date(time);
}
