/**
 * Which of the invoices that carry one reference is the one kept (docs/developers/rules.md#truth-of-a-run: an
 * extra draft is never approved). Two runs may create an invoice under the same reference at the
 * same moment — two panes on one shared workbook, a run after an undo of the write-back, a browser
 * resending a create — and every run must pick the same one, whatever it saw first. The rule:
 *
 * 1. One invoice past draft: it is kept; every draft beside it is extra.
 * 2. Only drafts: the oldest (the service's `createdDateTime`) is kept. It may be approved only
 *    when it is strictly older than every other one; the younger ones are extra.
 * 3. Drafts created in the same instant (or a service that does not say when): the one with the
 *    lowest id is kept, but nobody approves it yet; each run deletes its own other draft and looks
 *    again, until one is left (actions/reference-claim.ts).
 *
 * Why no two get approved (docs/controllers/taskpane.md, "Two controllers on one workbook"): an invoice is
 * approved only after a search that showed it alone, strictly oldest, or past draft. Take two
 * invoices X (created first) and Y. Any search made for Y runs after Y was created, so after X was,
 * and shows X: Y is not alone, and not strictly older than X. X is never deleted while it can be
 * approved (only extra drafts are deleted, and the service refuses to delete one past draft). So Y
 * is never approved, in any order of the two runs' steps. It rests on two facts of the service: a
 * search sees every invoice created before it, and `createdDateTime` never runs backwards.
 * Pure: no Office, no HTTP.
 */
import type { Invoice } from "../../api";

/** What the invoices found under one reference come to. */
export interface ReferenceVerdict {
  /** The invoice every run keeps; undefined when none carries the reference. */
  keeper?: Invoice;
  /** The keeper may be approved now: past draft already, alone, or strictly the oldest. */
  sure: boolean;
  /** Drafts that can never be approved (younger than the keeper, or beside one past draft). */
  extra: Invoice[];
  /** Drafts created in the same instant as the keeper: each run deletes its own one of these. */
  tied: Invoice[];
  /** More than one invoice past draft: for a person to sort out. */
  conflict?: Invoice[];
}

/** A draft in the service's words (`created`), with or without a problem reported. */
export function isUnapproved(invoice: Invoice): boolean {
  return (invoice.status ?? "").toLowerCase() === "created";
}

/** When the service stored it, in ms; undefined when it does not say (the interface dialect). */
function createdAt(invoice: Invoice): number | undefined {
  const at = Date.parse(invoice.createdDateTime ?? "");
  return Number.isNaN(at) ? undefined : at;
}

const byId = (a: Invoice, b: Invoice) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Judges the invoices that carry exactly one reference (see the module comment). */
export function judgeReference(matching: readonly Invoice[]): ReferenceVerdict {
  if (matching.length === 0) return { sure: false, extra: [], tied: [] };
  const advanced = matching.filter((i) => !isUnapproved(i));
  const drafts = matching.filter(isUnapproved);
  if (advanced.length > 1) return { sure: false, extra: [], tied: [], conflict: advanced };
  if (advanced.length === 1) return { keeper: advanced[0], sure: true, extra: drafts, tied: [] };
  if (drafts.length === 1) return { keeper: drafts[0], sure: true, extra: [], tied: [] };
  const times = drafts.map(createdAt);
  if (times.some((t) => t === undefined)) {
    // Not ordered by the service: every draft is as old as the keeper.
    const [keeper, ...tied] = [...drafts].sort(byId);
    return { keeper, sure: false, extra: [], tied };
  }
  const oldest = Math.min(...(times as number[]));
  const first = drafts.filter((_, i) => times[i] === oldest).sort(byId);
  const extra = drafts.filter((_, i) => times[i] !== oldest);
  const [keeper, ...tied] = first;
  return { keeper, sure: tied.length === 0, extra, tied };
}
