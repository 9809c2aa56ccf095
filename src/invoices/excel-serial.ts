/**
 * Excel's 1900 date system, written once for the whole add-in (docs/developers/architecture.md "Rules written once"): the sheet's
 * date cells (invoices), the functions' `date` argument and the dates they return, and the preview's
 * workbook all convert through here.
 *
 * Serial 1 is 1 January 1900 and 2958465 is 31 December 9999; a fraction is the time of day. Excel
 * counts 1900 as a leap year (Lotus 1-2-3's bug, kept for compatibility), so serial 60 is
 * 29 February 1900, a day that never existed: it is refused, never moved to a neighbouring day.
 * Serials 1 to 59 are 1 January to 28 February 1900; from 61 (1 March 1900) on a serial is the
 * number of days since 30 December 1899.
 */
import { reason, reasonText, type Reason } from "../i18n";

/** The last serial Excel accepts: 31 December 9999. */
export const LAST_SERIAL = 2958465;
/** Excel's fictitious 29 February 1900. */
export const FICTITIOUS_LEAP_DAY = 60;

const MS_PER_DAY = 86_400_000;
/** Day 0 for serials from 61 on (the leap-year bug folded in). */
const EPOCH_FROM_MARCH_1900 = Date.UTC(1899, 11, 30);
/** Day 0 for serials 1 to 59 (January and February 1900 are counted correctly). */
const EPOCH_BEFORE_MARCH_1900 = Date.UTC(1899, 11, 31);
const FIRST_DAY = Date.UTC(1900, 0, 1);
const MARCH_1900 = Date.UTC(1900, 2, 1);
const AFTER_LAST_DAY = Date.UTC(10000, 0, 1);

/** A serial read as a UTC instant, or why it is not a date (for the caller's message). */
export type SerialDate = { ok: true; ms: number } | { ok: false; reason: string };

/**
 * Why `serial` is not a date Excel can show, as a code and values (src/i18n reasons), or undefined
 * when it is one.
 */
export function serialReason(serial: number): Reason | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial >= LAST_SERIAL + 1) {
    // Serials are strings here: written as Excel's General format shows them (no grouping).
    return reason("date.serialRange", { serial: String(serial), last: String(LAST_SERIAL) });
  }
  if (Math.floor(serial) === FICTITIOUS_LEAP_DAY) return reason("date.leapDay");
  return undefined;
}

/** The UTC instant (milliseconds, rounded to the millisecond) of an Excel date serial. */
export function excelSerialToUtc(serial: number): SerialDate {
  const why = serialReason(serial);
  if (why !== undefined) return { ok: false, reason: reasonText(why) };
  const epoch = serial < FICTITIOUS_LEAP_DAY ? EPOCH_BEFORE_MARCH_1900 : EPOCH_FROM_MARCH_1900;
  return { ok: true, ms: epoch + Math.round(serial * MS_PER_DAY) };
}

/**
 * The Excel date serial of a UTC instant (days, the time of day as the fraction); undefined before
 * 1 January 1900 or after 31 December 9999, which Excel cannot show as dates. Never 60.
 */
export function utcToExcelSerial(ms: number): number | undefined {
  if (!Number.isFinite(ms) || ms < FIRST_DAY || ms >= AFTER_LAST_DAY) return undefined;
  const epoch = ms < MARCH_1900 ? EPOCH_BEFORE_MARCH_1900 : EPOCH_FROM_MARCH_1900;
  return (ms - epoch) / MS_PER_DAY;
}
