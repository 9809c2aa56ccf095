import { reason } from "../i18n";
import { CostError } from "./cost-error";

/** A validity period as the service sends it; either bound may be absent. */
export interface Period {
  startDateTime?: string | null;
  endDateTime?: string | null;
}

const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Reads a date-time of the service as an instant.
 *
 * Assumption (interface "ISO 8601 date-time (UTC)"; docs/developers/rules.md#cost-rules): a value
 * without an offset, or a bare date, means UTC. JavaScript would read a date-time without offset as
 * local time.
 */
export function parseServiceDate(value: string): number {
  const text = value.trim();
  const withZone = /T/i.test(text) && !HAS_OFFSET.test(text) ? `${text}Z` : text;
  const time = Date.parse(withZone);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time)) {
    throw new CostError("invalid-data", reason("cost.notDate", { value }));
  }
  return time;
}

/**
 * True when a period counts at `date` (docs/developers/rules.md#which-dates-count):
 * start ≤ date and (no end or date < end). A missing bound does not limit the period.
 */
export function isActiveAt(period: Period, date: Date): boolean {
  const at = date.getTime();
  if (period.startDateTime && parseServiceDate(period.startDateTime) > at) return false;
  if (period.endDateTime && at >= parseServiceDate(period.endDateTime)) return false;
  return true;
}

/** The calendar date of `date` in UTC as `YYYY-MM-DD`, for messages. */
export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
