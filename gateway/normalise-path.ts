/**
 * The path a request may reach: dot segments resolved (`..`, `%2e%2e`), empty segments dropped
 * (`//`), then checked against the service's three prefixes. What is checked is exactly what is
 * forwarded: every segment is re-encoded from its decoded form.
 */

/** The service areas the add-in calls (service-interface.md §4): master data, configuration, billing. */
export const FORWARDED_AREAS = ["md", "cfg", "bill"] as const;

/** Result of {@link normalisePath}. */
export type PathCheck = { ok: true; path: string } | { ok: false; reason: string };

/** Characters that must not appear in a decoded segment: separators other servers honour, NUL. */
const FORBIDDEN_IN_SEGMENT = /[/\\\0]/;

/**
 * Normalises the path part of a request target (no query) and checks that it lies under
 * `/api/md`, `/api/cfg` or `/api/bill` (letter case as the service ignores it).
 */
export function normalisePath(rawPath: string): PathCheck {
  const out: string[] = [];
  for (const raw of rawPath.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, reason: "malformed percent-encoding" };
    }
    // An encoded slash or backslash could be decoded again further on: refuse, do not guess.
    if (FORBIDDEN_IN_SEGMENT.test(segment)) return { ok: false, reason: "encoded separator" };
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length === 0) return { ok: false, reason: "above the root" };
      out.pop();
      continue;
    }
    out.push(segment);
  }
  const [api, area] = out;
  const inArea =
    out.length >= 3 &&
    api.toLowerCase() === "api" &&
    (FORWARDED_AREAS as readonly string[]).includes(area.toLowerCase());
  if (!inArea) return { ok: false, reason: "outside /api/md, /api/cfg and /api/bill" };
  return { ok: true, path: `/${out.map((s) => encodeURIComponent(s)).join("/")}` };
}
