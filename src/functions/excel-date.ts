/** Excel's 1900 date system: serial 0 is 30 December 1899 for every date after 28 February 1900. */
const EPOCH = Date.UTC(1899, 11, 30);
const MS_PER_DAY = 86_400_000;
/** 1 March 1900, the first day whose serial this simple count gets right (Excel's fictitious 29 February 1900). */
const FIRST_EXACT = Date.UTC(1900, 2, 1);

/**
 * An ISO 8601 date-time from the service as an Excel date serial (days since 30 December 1899, the
 * time as the fraction), read in UTC as `readDate` reads dates, so that a tariff valid from
 * `2024-01-01T00:00:00Z` shows as 1 January 2024 in a date-formatted cell. Empty stays empty; a text
 * that is not a date (or lies before March 1900) stays as it is, so nothing is silently changed.
 */
export function toExcelDate(iso: string | null | undefined): number | string {
  if (iso === null || iso === undefined || iso.trim() === "") return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time) || time < FIRST_EXACT) return iso;
  return (time - EPOCH) / MS_PER_DAY;
}
