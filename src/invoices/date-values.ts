/**
 * Dates from the sheet → the ISO 8601 date-times with offset the service wants
 * (`2026-03-01T00:00:00+00:00`, interface §4 "approve"). Two inputs are accepted: Excel date serials
 * (numbers, 1900 date system) and ISO 8601 text. Anything else ("01-03-2026", "March 1") is refused,
 * because day/month order cannot be guessed safely — unless the workbook says it: with its
 * short date pattern ({@link DateCulture}, from `Application.cultureInfo`) a date typed as text in
 * that pattern ("01-03-2026" in a Dutch workbook) is read as the workbook reads it.
 */

import type { DateCulture } from "./culture";
import { excelSerialToUtc, serialReason } from "./excel-serial";
import { reason, reasonText, type Reason } from "../i18n";
import { calendarDateOfInstant, isoInZone, startOfDayInZone } from "../api";

/**
 * The result of reading one date cell: the value, or why not (`reason` its English words, `why` the
 * reason to say in the shower's language, src/i18n `date.*`).
 */
export type DateResult = { ok: true; value: string } | { ok: false; reason: string; why: Reason };

/** A refusal for the reason `why`. */
function refused(why: Reason): DateResult {
  return { ok: false, reason: reasonText(why), why };
}

const ISO_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * Assumption (docs/developers/rules.md#invoice-sheet; the interface shows no time zone rule for dates): a date
 * without a time — an Excel date or "2026-03-01" — means midnight UTC of that day, and a time
 * without an offset is UTC. This is the one place that says so.
 */
export function dateOnlyMeansMidnightUtc(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T00:00:00+00:00`;
}

/** The UTC offset given to a date-time written without one (see {@link dateOnlyMeansMidnightUtc}). */
export const OFFSET_WHEN_MISSING = "+00:00";

/**
 * A day of the sheet as an instant: midnight of that day in the company's time zone `zone` (an
 * IANA name; `2026-03-01` in Europe/Amsterdam is 2026-03-01T00:00:00+01:00), or midnight UTC
 * without one ({@link dateOnlyMeansMidnightUtc}).
 */
export function dayInZone(year: number, month: number, day: number, zone?: string): string {
  const utc = dateOnlyMeansMidnightUtc(year, month, day);
  return zone === undefined ? utc : startOfDayInZone(utc.slice(0, 10), zone);
}

/** The offset (ms) `zone` has at instant `ms`, read from its ISO text. */
function offsetAt(ms: number, zone: string): number {
  const iso = isoInZone(ms, zone);
  const sign = iso[19] === "-" ? -1 : 1;
  return sign * (Number(iso.slice(20, 22)) * 60 + Number(iso.slice(23, 25))) * 60_000;
}

/**
 * A wall-clock time of day `ymd` written without an offset, in `zone`, as ISO with the offset the
 * zone has then (a time a clock change skips moves on by the change, as a clock does).
 */
function wallTimeInZone(ymd: string, time: string, zone: string): string {
  const asUtc = Date.parse(`${ymd}T${time}Z`);
  let ms = asUtc - offsetAt(asUtc, zone);
  const again = asUtc - offsetAt(ms, zone);
  if (again !== ms && offsetAt(again, zone) === asUtc - again) ms = again;
  return isoInZone(ms, zone);
}

function isValidDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/**
 * An Excel date serial (1900 date system, as `range.values` gives dates; `excel-serial.ts`) → ISO
 * date-time, UTC, to the second. Serial 60, the fictitious 29 February 1900, is refused.
 */
export function excelSerialToIso(serial: number, zone?: string): DateResult {
  const read = excelSerialToUtc(serial);
  // Refused exactly when serialReason gives a reason (excel-serial.ts).
  if (!read.ok) return refused(serialReason(serial) as Reason);
  const date = new Date(Math.round(read.ms / 1000) * 1000);
  const [year, month, dayOf] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  const day = dayInZone(year, month, dayOf, zone);
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  if (time === "00:00:00") return { ok: true, value: day };
  if (zone !== undefined) return { ok: true, value: wallTimeInZone(day.slice(0, 10), time, zone) };
  return { ok: true, value: day.replace("00:00:00", time) };
}

/** ISO 8601 text (`2026-03-01`, `2026-03-01T10:00`, `2026-03-01T10:00:00+01:00`, `…Z`) → ISO with offset. */
export function isoTextToIso(text: string, zone?: string): DateResult {
  const match = ISO_TEXT.exec(text.trim());
  if (!match) return refused(reason("date.notIso"));
  const [, y, mo, d, h, mi, s, fraction, offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (!isValidDay(year, month, day)) return refused(reason("date.noDay"));
  const base = dateOnlyMeansMidnightUtc(year, month, day);
  if (h === undefined) return { ok: true, value: dayInZone(year, month, day, zone) };
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = s === undefined ? 0 : Number(s);
  if (hours > 23 || minutes > 59 || seconds > 59) return refused(reason("date.noTime"));
  if (offset === undefined && zone !== undefined)
    return {
      ok: true,
      value: wallTimeInZone(
        base.slice(0, 10),
        `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`,
        zone
      ),
    };
  let given = OFFSET_WHEN_MISSING;
  if (offset !== undefined && offset.toUpperCase() !== "Z") {
    const digits = offset.replace(":", "");
    const oh = Number(digits.slice(1, 3));
    const om = Number(digits.slice(3, 5));
    if (oh > 14 || om > 59) return refused(reason("date.noOffset"));
    given = `${digits[0]}${pad(oh)}:${pad(om)}`;
  }
  const time = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${fraction ?? ""}`;
  return { ok: true, value: `${base.slice(0, 11)}${time}${given}` };
}

/**
 * Text in the workbook's short date pattern (day, month, four-digit year in `culture`'s order and
 * separator) → ISO at midnight UTC; undefined when the text is not in that pattern.
 */
export function localDateToIso(
  text: string,
  culture: DateCulture,
  zone?: string
): DateResult | undefined {
  const sep = culture.separator.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const part = (letter: string) => (letter === "y" ? "(\\d{4})" : "(\\d{1,2})");
  const letters = culture.order.split("");
  const match = new RegExp(`^${letters.map(part).join(sep)}$`).exec(text.trim());
  if (!match) return undefined;
  const at = (letter: string) => Number(match[letters.indexOf(letter) + 1]);
  const [year, month, day] = [at("y"), at("m"), at("d")];
  if (!isValidDay(year, month, day)) return refused(reason("date.noDay"));
  return { ok: true, value: dayInZone(year, month, day, zone) };
}

/**
 * A date cell (Excel serial, ISO text, or — with the workbook's `culture` — text in its short date
 * pattern) → ISO 8601 date-time with offset.
 */
export function cellToIsoDateTime(
  value: string | number | boolean,
  culture?: DateCulture,
  zone?: string
): DateResult {
  if (typeof value === "number") return excelSerialToIso(value, zone);
  if (typeof value === "string") {
    const local = culture ? localDateToIso(value, culture, zone) : undefined;
    return local ?? isoTextToIso(value, zone);
  }
  return refused(reason("date.boolean"));
}

/**
 * The invoice date used when the sheet gives none: the calendar day of `today` as the user's clock
 * shows it, at midnight UTC (see {@link dateOnlyMeansMidnightUtc}); with the company's time zone
 * `zone`, the day there, at its midnight.
 */
export function todayAsInvoiceDate(today: Date, zone?: string): string {
  if (zone !== undefined)
    return startOfDayInZone(calendarDateOfInstant(today.getTime(), zone), zone);
  return dateOnlyMeansMidnightUtc(today.getFullYear(), today.getMonth() + 1, today.getDate());
}
