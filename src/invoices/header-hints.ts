/**
 * Headers that look like a misspelt known column (`quantty` for `quantity`): sent unchanged, such a
 * column would be ignored by the service and the line billed without it, so Check says so.
 */
import { distance } from "fastest-levenshtein";
import {
  INTERFACE_LINE_COLUMNS,
  INVOICE_COLUMNS,
  LIVE_LINE_COLUMNS,
  columnLetter,
} from "./columns";
import type { ColumnInfo } from "./columns";
import { ENGLISH, type Say } from "./words";

const KNOWN_NAMES: readonly string[] = [
  ...INVOICE_COLUMNS,
  ...INTERFACE_LINE_COLUMNS,
  ...LIVE_LINE_COLUMNS,
];

/** Edits (letters added, left out or changed) up to which a header counts as a misspelling. */
function allowedEdits(name: string): number {
  return name.length <= 5 ? 1 : 2;
}

/** The known column `header` is probably meant to be, when that column is missing. */
export function misspeltColumn(header: string, present: ReadonlySet<string>): string | undefined {
  const text = header.trim().toLowerCase();
  let best: { name: string; edits: number } | undefined;
  for (const name of KNOWN_NAMES) {
    if (present.has(name)) continue;
    const edits = distance(text, name.toLowerCase());
    if (edits <= allowedEdits(name) && (best === undefined || edits < best.edits))
      best = { name, edits };
  }
  return best?.name;
}

/** One problem per unknown header that looks like a missing known column. */
export function headerHints(
  columns: readonly ColumnInfo[],
  place: (index: number) => number,
  say: Say = ENGLISH
): string[] {
  const present = new Set(columns.filter((c) => !c.unknown).map((c) => c.name));
  const problems: string[] = [];
  for (const col of columns) {
    if (!col.unknown) continue;
    const meant = misspeltColumn(col.name, present);
    if (meant === undefined) continue;
    problems.push(
      say("check.misspelt", { header: col.name, letter: columnLetter(place(col.index)), meant })
    );
  }
  return problems;
}
