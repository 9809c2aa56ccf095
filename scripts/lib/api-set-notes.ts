/**
 * Microsoft's typings (`@types/office-js`, `@types/custom-functions-runtime`) note the requirement
 * set of each member in its JSDoc: `[Api set: ExcelApi 1.18]`. Read here, for the generated table of
 * the preview's members (scripts/generate-api-sets.ts) and for the check of the shipped code
 * (test/unit/scripts/office-api-sets.test.ts).
 */
import ts from "typescript";
import { versionAtMost } from "../../preview/hosts/profiles";

/** A requirement set and its version, as a typings note names them. */
export interface ApiSet {
  set: string;
  version: string;
}

const NOTE = /\[Api set: ([^\]]+)\]/;
const PAIR = /([A-Za-z]+) (\d+(?:\.\d+)*)/g;
/** Sets of other Office applications: a member noted only with one of them needs nothing in Excel. */
const OTHER_HOSTS = /^(Mailbox|Word|PowerPoint|OneNote|Outlook|Visio|Project)/i;

/**
 * The set a `[Api set: Name x.y, Other a.b]` note names for Excel (the first pair not of another
 * application, as `Mailbox 1.3` is Outlook's); undefined when there is none.
 */
export function apiSetInText(text: string): ApiSet | undefined {
  const note = NOTE.exec(text)?.[1];
  if (note === undefined) return undefined;
  for (const [, set, version] of note.matchAll(PAIR)) {
    if (!OTHER_HOSTS.test(set)) return { set, version };
  }
  return undefined;
}

/** The note in the comments just before a declaration (its JSDoc). */
export function apiSetOfNode(node: ts.Node): ApiSet | undefined {
  const source = node.getSourceFile();
  return apiSetInText(source.text.slice(node.getFullStart(), node.getStart(source)));
}

/** `a` < `b` for set versions ("1.9" < "1.18"). */
export function versionBelow(a: string, b: string): boolean {
  return !versionAtMost(b, a);
}

/** The lowest of several notes (overloads of one method): the version the member first appears. */
export function lowestSet(sets: (ApiSet | undefined)[]): ApiSet | undefined {
  let best: ApiSet | undefined;
  for (const s of sets) {
    if (s && (!best || (s.set === best.set && versionBelow(s.version, best.version)))) best = s;
  }
  return best;
}
