/**
 * Likely duplicates at Check: two invoices of one selection with the same customer and
 * the same lines (every field, amounts compared as exact numbers, in any order) are most likely one
 * invoice typed or pasted twice. Pure; the pane warns, it does not refuse (a controller may mean it).
 */
import Big from "big.js";
import type { PlannedInvoice } from "./plan-types";

/** Invoices of a plan that look the same; each group holds two or more. */
export interface DuplicateGroup {
  /** Their labels, in sheet order: `invoice "A"`, `row 7`. */
  labels: string[];
  /** Their worksheet rows, in sheet order. */
  rowNumbers: number[];
}

/** A value as compared: numbers (and numeric text) by their exact value, text trimmed. */
function canonical(value: unknown): unknown {
  if (
    typeof value === "number" ||
    (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value))
  )
    return new Big(String(value).trim()).toString();
  if (typeof value === "string") return value.trim();
  return value;
}

/** One invoice's customer and lines as one comparable text. */
function fingerprint(invoice: Pick<PlannedInvoice, "body">): string {
  const lines = invoice.body.lines
    .map((line) =>
      JSON.stringify(
        Object.entries(line)
          .filter(([, v]) => v !== undefined && v !== "")
          .map(([k, v]) => [k, canonical(v)])
          .sort(([a], [b]) => String(a).localeCompare(String(b)))
      )
    )
    .sort();
  return JSON.stringify([invoice.body.customerId.trim().toLowerCase(), lines]);
}

/**
 * Groups of invoices to be created that have the same customer, lines and amounts. Invoices the
 * service already holds (an `invoiceId` from an earlier run) are not compared: they are continued.
 */
export function likelyDuplicates(
  invoices: readonly Pick<PlannedInvoice, "body" | "label" | "rowNumbers" | "invoiceId">[]
): DuplicateGroup[] {
  const groups = new Map<string, (typeof invoices)[number][]>();
  for (const invoice of invoices) {
    if (invoice.invoiceId !== undefined) continue;
    const key = fingerprint(invoice);
    groups.set(key, [...(groups.get(key) ?? []), invoice]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => ({
      labels: group.map((i) => i.label),
      rowNumbers: group.flatMap((i) => i.rowNumbers).sort((a, b) => a - b),
    }));
}
