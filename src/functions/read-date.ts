import { ArgumentError } from "./argument-error";
import { describeValue, isBlank, readSingle } from "./read-arguments";

/** Excel's 1900 date system: serial 1 is 1 January 1900; the last valid serial is 31 December 9999. */
const LAST_SERIAL = 2958465;
/** Excel counts 29 February 1900, which never existed, as serial 60. */
const FICTITIOUS_LEAP_DAY = 60;
const MS_PER_DAY = 86_400_000;
/** Serial 0 would be 30 December 1899 for serials after the fictitious leap day. */
const EPOCH_AFTER_LEAP_DAY = Date.UTC(1899, 11, 30);
const EPOCH_BEFORE_LEAP_DAY = Date.UTC(1899, 11, 31);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/i;

/**
 * Reads the optional `date` argument: an Excel date serial (a date typed in a cell), an ISO 8601 text
 * (`2024-05-01` or `2024-05-01T12:00:00Z`), or nothing for now. Dates and date-times without an
 * offset are read as UTC, as the service's dates are. Throws an {@link ArgumentError} otherwise.
 */
export function readDate(raw: unknown, now: () => Date = () => new Date()): Date {
  const value = readSingle(raw, "date");
  if (isBlank(value)) return now();
  if (typeof value === "number") return fromSerial(value);
  if (typeof value === "string") return fromIsoText(value.trim());
  throw new ArgumentError(
    `date must be a date (a date cell or text such as 2024-05-01), not ${describeValue(value)}.`
  );
}

function fromSerial(serial: number): Date {
  if (!Number.isFinite(serial) || serial < 1 || serial >= LAST_SERIAL + 1) {
    throw new ArgumentError(
      `date ${serial} is not a date: a date serial runs from 1 (1 January 1900) to ${LAST_SERIAL} (31 December 9999).`
    );
  }
  if (Math.floor(serial) === FICTITIOUS_LEAP_DAY) {
    throw new ArgumentError("date 60 is 29 February 1900, which did not exist.");
  }
  const epoch = serial > FICTITIOUS_LEAP_DAY ? EPOCH_AFTER_LEAP_DAY : EPOCH_BEFORE_LEAP_DAY;
  return new Date(epoch + Math.round(serial * MS_PER_DAY));
}

function fromIsoText(text: string): Date {
  const dateOnly = ISO_DATE.exec(text);
  const dateTime = dateOnly ? undefined : ISO_DATE_TIME.exec(text);
  const parts = dateOnly ?? dateTime;
  if (!parts) {
    throw new ArgumentError(
      `date ${describeValue(text)} is not a date: use a date cell or text such as 2024-05-01.`
    );
  }
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
    throw new ArgumentError(`date ${describeValue(text)} is not a day of the calendar.`);
  }
  if (dateOnly) return calendar;
  const zone = parts[7] ?? "Z";
  const time = Date.parse(`${text.slice(0, text.length - (parts[7]?.length ?? 0))}${zone}`);
  if (Number.isNaN(time))
    throw new ArgumentError(`date ${describeValue(text)} is not a valid time.`);
  return new Date(time);
}
