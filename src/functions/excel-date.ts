import { utcToExcelSerial } from "../invoices";

/**
 * An ISO 8601 date-time from the service as an Excel date serial (the time as the fraction), read in
 * UTC as `readDate` reads dates, so that a tariff valid from `2024-01-01T00:00:00Z` shows as
 * 1 January 2024 in a date-formatted cell. Empty stays empty; a text that is not a date (or lies
 * outside Excel's calendar, before 1900 or after 9999) stays as it is, so nothing is silently changed.
 */
export function toExcelDate(iso: string | null | undefined): number | string {
  if (iso === null || iso === undefined || iso.trim() === "") return "";
  return utcToExcelSerial(Date.parse(iso)) ?? iso;
}
