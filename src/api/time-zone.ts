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
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
        hourCycle: "h23",
      });
    } catch {
      throw new RangeError(
        `timeZone "${String(timeZone)}" is not a time zone; give an IANA name such as Europe/Amsterdam.`
      );
    }
    FORMATTERS.set(timeZone, f);
  }
  return f;
}

/** True when `name` is a time zone Intl knows (an IANA name such as Europe/Amsterdam, or UTC). */
export function isTimeZone(name: unknown): name is string {
  try {
    return typeof name === "string" && name.trim() !== "" && formatter(name) !== undefined;
  } catch {
    return false;
  }
}

/** The machine's own time zone (the default of the company's), UTC when Intl does not say. */
export function machineTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : "UTC";
}

/** The wall-clock time of instant `ms` in `timeZone`: [year, month, day, hour, minute, second]. */
function wallTime(ms: number, timeZone: string): number[] {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) parts[p.type] = Number(p.value);
  return [parts.year!, parts.month!, parts.day!, parts.hour! % 24, parts.minute!, parts.second!];
}

/** The zone's offset from UTC at instant `ms`, in milliseconds (wall time minus UTC), whole minutes. */
function offsetMs(ms: number, timeZone: string): number {
  const [y, mo, d, h, mi, sec] = wallTime(ms, timeZone);
  const asUtc = Date.UTC(y!, mo! - 1, d, h, mi, sec);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000) * 60_000;
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, "0");

/** YYYY-MM-DD of a wall time (or of [year, month, day]). */
const ymdOf = (w: readonly number[]): string => `${pad(w[0]!, 4)}-${pad(w[1]!)}-${pad(w[2]!)}`;

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
    return ymdOf(parseYmd(isoDateTime.trim()));
  }
  return ymdOf(wallTime(instantOf(isoDateTime), timeZone));
}

/** The calendar day of instant `ms` in `timeZone` (as {@link calendarDateInZone}). */
export function calendarDateOfInstant(ms: number, timeZone: string): string {
  return ymdOf(wallTime(ms, timeZone));
}

function parseYmd(ymd: string): number[] {
  const m = typeof ymd === "string" ? YMD.exec(ymd) : null;
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [NaN, NaN, NaN];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!m || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`"${String(ymd)}" is not a day; give YYYY-MM-DD, such as 2026-03-01.`);
  }
  return [year, month, day];
}

const HOURS_36 = 36 * 3_600_000;

/**
 * The first instant (ms) of day `ymd` in `timeZone`: its midnight, taken with the offset before
 * and after any clock change near it. On a day whose midnight a change skips (clocks from 00:00 to
 * 01:00), the first instant that falls on the day: the end of the gap.
 */
export function startOfDayMs(ymd: string, timeZone: string): number {
  const [year, month, day] = parseYmd(ymd);
  const midnightAsUtc = Date.UTC(year!, month! - 1, day);
  const candidates = [-HOURS_36, 0, HOURS_36]
    .map((shift) => midnightAsUtc - offsetMs(midnightAsUtc + shift, timeZone))
    .sort((a, b) => a - b);
  const onDay = candidates.filter((ms) => calendarDateOfInstant(ms, timeZone) === ymd);
  const atMidnight = onDay.find((ms) => wallTime(ms, timeZone)[3] === 0);
  return atMidnight ?? onDay[0] ?? candidates[candidates.length - 1]!;
}

/** Instant `ms` as ISO 8601 with the offset `timeZone` has then, e.g. 2026-03-01T00:00:00+01:00. */
export function isoInZone(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone);
  const offset = offsetMs(ms, timeZone) / 60_000;
  const zone = `${offset < 0 ? "-" : "+"}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${ymdOf(w)}T${pad(w[3]!)}:${pad(w[4]!)}:${pad(w[5]!)}${zone}`;
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
  const [year, month, day] = parseYmd(ymd);
  return new Date(Date.UTC(year!, month! - 1, day! + 1)).toISOString().slice(0, 10);
}
