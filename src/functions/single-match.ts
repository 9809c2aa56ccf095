import { MatchError } from "./function-errors";

/**
 * Assumption (docs/developers/rules.md#lookups): a lookup matches on the whole name, ignoring case and surrounding
 * spaces; a record whose name merely contains the text does not match.
 */
import { tf } from "../i18n";
export function sameName(a: string | undefined, b: string): boolean {
  return typeof a === "string" && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The one id among `records` that `matches`, counting each id once. Throws a {@link MatchError}
 * when none match or several do; the message says how many (`what`: "customer named "X"").
 */
export function singleMatch<T extends { id: string }>(
  records: readonly T[],
  matches: (record: T) => boolean,
  what: string
): string {
  const ids = [...new Set(records.filter(matches).map((r) => r.id))];
  if (ids.length === 1) return ids[0];
  if (ids.length === 0) throw new MatchError(tf("fn.match.none", { what }));
  throw new MatchError(tf("fn.match.many", { count: ids.length, what }));
}
