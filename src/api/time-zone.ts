/**
 * The controller's dates: calendar days in the company's time zone (an IANA name such as
 * Europe/Amsterdam). The service keeps instants (ISO 8601 with an offset); a controller thinks in
 * days of the company's zone, so an invoice dated 2026-03-01T00:00:00+01:00 is a March invoice in
 * Amsterdam although it is 28 February in UTC. Pure, through Intl (no time-zone data of our own).
 */

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** One formatter per zone: creating an Intl.DateTimeFormat costs far more than using one. */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = FORMATTERS.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
        era: "short",
      });
    } catch {
      throw new RangeError(
        `timeZone: "${String(timeZone)}" is not a time zone; give an IANA name such as Europe/Amsterdam.`
      );
    }
    FORMATTERS.set(timeZone, f);
  }
  return f;
}

/** True when `name` is a time zone Intl knows (an IANA name such as Europe/Amsterdam, or UTC). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== "string" || name.trim() === "") return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The machine's own time zone (the default of the company's), UTC when Intl does not say. */
export function machineTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : "UTC";
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time of instant `ms` in `timeZone`. */
function wallTime(ms: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  const year = Number(parts.year);
  return {
    // Years before 1 are written "1 BC" and so on; the service has none, but never a wrong year.
    year: parts.era === "BC" || parts.era === "B" ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at instant `ms`, in whole minutes (wall time minus UTC). */
function offsetMinutes(ms: number, timeZone: string): number {
  const w = wallTime(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const wholeSeconds = Math.floor(ms / 1000) * 1000;
  return Math.round((asUtc - wholeSeconds) / 60_000);
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, "0");

function ymdOf(w: WallTime): string {
  const year = w.year < 0 ? `-${pad(w.year, 6)}` : pad(w.year, 4);
  return `${year}-${pad(w.month)}-${pad(w.day)}`;
}

/** ISO 8601 date-time; without an offset it is read as UTC, as the service's dates are. */
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function instantOf(isoDateTime: string): number {
  const m = typeof isoDateTime === "string" ? ISO_DATE_TIME.exec(isoDateTime.trim()) : null;
  const text = m ? `${isoDateTime.trim()}${m[1] === undefined ? "Z" : ""}` : "";
  const ms = m ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) {
    throw new RangeError(
      `"${String(isoDateTime)}" is not a date-time; give ISO 8601 with an offset, such as 2026-03-01T00:00:00+01:00.`
    );
  }
  return ms;
}

/**
 * The calendar day (YYYY-MM-DD) of the instant `isoDateTime` in `timeZone`:
 * `calendarDateInZone("2026-03-01T00:00:00+01:00", "Europe/Amsterdam")` is "2026-03-01" (in UTC
 * it is "2026-02-28"). A date-time without an offset is UTC; a day alone (2026-03-01) is that
 * day. Throws a RangeError for a text that is not a date-time or an unknown zone.
 */
export function calendarDateInZone(isoDateTime: string, timeZone: string): string {
  // A day without a time is a calendar day already, in any zone.
  if (typeof isoDateTime === "string" && YMD.test(isoDateTime.trim())) {
    formatter(timeZone);
    return ymdOf({ ...parseYmd(isoDateTime.trim()), hour: 0, minute: 0, second: 0 });
  }
  return ymdOf(wallTime(instantOf(isoDateTime), timeZone));
}

/** The calendar day of instant `ms` in `timeZone` (as {@link calendarDateInZone}). */
export function calendarDateOfInstant(ms: number, timeZone: string): string {
  return ymdOf(wallTime(ms, timeZone));
}

function parseYmd(ymd: string): { year: number; month: number; day: number } {
  const m = typeof ymd === "string" ? YMD.exec(ymd) : null;
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [NaN, NaN, NaN];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!m || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`"${String(ymd)}" is not a day; give YYYY-MM-DD, such as 2026-03-01.`);
  }
  return { year, month, day };
}

/** The first instant (ms) of day `ymd` in `timeZone`: local midnight, or the end of a DST gap. */
export function startOfDayMs(ymd: string, timeZone: string): number {
  const { year, month, day } = parseYmd(ymd);
  formatter(timeZone); // an unknown zone is named before anything else
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // The offset before and after a change near midnight: each gives one candidate; the earliest
  // that falls on the day is its start (on a day whose midnight is skipped, the gap's end).
  const early = midnightAsUtc - offsetMinutes(midnightAsUtc - 36 * 3_600_000, timeZone) * 60_000;
  const late = midnightAsUtc - offsetMinutes(midnightAsUtc + 36 * 3_600_000, timeZone) * 60_000;
  const candidates = [
    midnightAsUtc - offsetMinutes(midnightAsUtc, timeZone) * 60_000,
    early,
    late,
  ].sort((a, b) => a - b);
  const onDay = candidates.filter((ms) => calendarDateOfInstant(ms, timeZone) === ymd);
  const atMidnight = onDay.find((ms) => {
    const w = wallTime(ms, timeZone);
    return w.hour === 0 && w.minute === 0 && w.second === 0;
  });
  if (atMidnight !== undefined) return atMidnight;
  // Midnight is skipped: the day starts where the previous day's last minute ends.
  const before = candidates[0]!;
  let lo = before;
  let hi = candidates[candidates.length - 1]! + 3 * 3_600_000;
  while (calendarDateOfInstant(lo, timeZone) >= ymd) lo -= 3_600_000;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (calendarDateOfInstant(mid, timeZone) >= ymd) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Instant `ms` as ISO 8601 with the offset `timeZone` has then, e.g. 2026-03-01T00:00:00+01:00. */
export function isoInZone(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone);
  const offset = offsetMinutes(ms, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const zone = `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${ymdOf(w)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${zone}`;
}

/**
 * The ISO date-time with offset at which day `ymd` starts in `timeZone`:
 * `startOfDayInZone("2026-03-01", "Europe/Amsterdam")` is "2026-03-01T00:00:00+01:00", and in
 * summer "2026-07-01T00:00:00+02:00". On a day whose midnight a clock change skips, the first
 * instant of the day. Throws a RangeError for a text that is not a day or an unknown zone.
 */
export function startOfDayInZone(ymd: string, timeZone: string): string {
  return isoInZone(startOfDayMs(ymd, timeZone), timeZone);
}

/** The day after `ymd` (YYYY-MM-DD), by the calendar. */
export function nextDay(ymd: string): string {
  const { year, month, day } = parseYmd(ymd);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}
