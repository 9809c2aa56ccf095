/**
 * The client reference an invoice is created under, derived from what the sheet says instead of
 * drawn at random. Two panes on one shared workbook running the same rows, or a
 * run after Ctrl+Z erased `externalReference` and `invoiceId`, derive the same reference for the
 * same invoice, so the service (its INVOICE_ALREADY_EXISTS answer) and the reference check
 * (engine/reference-keeper.ts) find the invoice that is already there instead of billing it twice.
 *
 * The reference is `XL-` and 32 hex digits: the first {@link SCOPE_DIGITS} are the SHA-256 of the
 * scope alone (the workbook and sheet the pane names), so every invoice of one sheet shares the
 * prefix the batched reference check searches by (engine/reference-search.ts); the other
 * {@link CONTENT_DIGITS} (96 bits) are the SHA-256 of: the scope, the invoice's `invoiceRef`, its
 * create body as the sheet gives it (customer, bank account, number, lines; not the invoice date,
 * which defaults to today), and its place among the invoices of the block with the very same
 * content (the 2nd identical row is another invoice than the 1st). Row numbers are left out, so a row inserted above by a co-author changes nothing.
 * A changed cell makes another reference: an invoice whose lines were edited is another invoice.
 * Pure apart from Web Crypto (in Excel and in Node alike).
 */
import type { PlannedInvoice } from "../plan-types";
import { REFERENCE_PREFIX } from "./run-options";

/** Hex digits of the scope's own hash at the start of every reference of that scope. */
export const SCOPE_DIGITS = 8;
/** Hex digits of the invoice's hash after it (96 bits). */
const CONTENT_DIGITS = 24;

/** `XL-` and 32 hex digits: the shape of a derived reference (the first 8 digits = the scope). */
const DERIVED_SHAPE = /^XL-[0-9a-f]{32}$/;

/**
 * The prefix the references of one scope share (`XL-` and the scope's 8 hex digits), or undefined
 * for a reference of another shape (a random one, one typed in the sheet).
 */
export function referencePrefixOf(reference: string): string | undefined {
  return DERIVED_SHAPE.test(reference)
    ? reference.slice(0, REFERENCE_PREFIX.length + SCOPE_DIGITS)
    : undefined;
}

/**
 * Key orders already sorted, one per shape met (a create body, a line, the wrappers below): every
 * invoice of a run has the same few shapes, so the sort runs once a shape, not once an object
 * (it was the engine's second largest allocation). Looked up by comparing the keys as
 * `Object.keys` gives them; at most {@link MAX_SHAPES} kept, the oldest forgotten.
 */
const shapes: { keys: string[]; sorted: string[] }[] = [];
const MAX_SHAPES = 16;

function sortedKeys(keys: string[]): string[] {
  for (const shape of shapes) {
    const known = shape.keys;
    if (known.length !== keys.length) continue;
    let same = true;
    for (let i = 0; i < keys.length && same; i++) same = known[i] === keys[i];
    if (same) return shape.sorted;
  }
  // The default sort compares UTF-16 code units, as `a < b` does.
  const sorted = [...keys].sort();
  if (shapes.length === MAX_SHAPES) shapes.shift();
  shapes.push({ keys, sorted });
  return sorted;
}

/**
 * JSON with the keys of every object sorted, so that the same content gives the same text. Built
 * by appending (no entry arrays, no sort comparator): it runs for every invoice of a run (issue
 * 28); its text is pinned by derived-reference.test.ts, as every reference already in the service
 * depends on it.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) text += (i === 0 ? "" : ",") + canonicalJson(value[i]);
    return `${text}]`;
  }
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    let text = "{";
    for (const key of sortedKeys(Object.keys(record))) {
      const v = record[key];
      if (v === undefined) continue;
      text += `${text.length === 1 ? "" : ","}${JSON.stringify(key)}:${canonicalJson(v)}`;
    }
    return `${text}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Two hex digits of every byte value. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(
    await globalThis.crypto.subtle.digest("SHA-256", encoder.encode(text))
  );
  let hex = "";
  for (const byte of digest) hex += HEX[byte];
  return hex;
}

/**
 * What identifies an invoice's content: its invoiceRef (if any), body and property group, and its
 * invoice date where the sheet gives one (the same line billed for March and for April is two
 * invoices); a date the sheet leaves to today is not part of it (a re-run tomorrow is the same).
 */
function contentOf(invoice: PlannedInvoice): string {
  const invoiceRef = invoice.key.startsWith("ref:") ? invoice.key.slice(4) : null;
  return canonicalJson({
    invoiceRef,
    body: invoice.body,
    propertyGroupId: invoice.propertyGroupId ?? null,
    ...(invoice.dateFromSheet ? { invoiceDate: invoice.invoiceDate } : {}),
  });
}

/**
 * The derived reference of each invoice of `invoices` (same order), within `scope` (the workbook
 * and sheet; see the module comment).
 */
export async function deriveReferences(
  scope: string,
  invoices: readonly PlannedInvoice[]
): Promise<string[]> {
  const seen = new Map<string, number>();
  const prefix = `${REFERENCE_PREFIX}${(await sha256Hex(canonicalJson({ scope }))).slice(0, SCOPE_DIGITS)}`;
  // canonicalJson({ scope, content, occurrence }), written out: its keys in their sorted order.
  const scopeJson = JSON.stringify(scope);
  return await Promise.all(
    invoices.map((invoice) => {
      const content = contentOf(invoice);
      const occurrence = (seen.get(content) ?? 0) + 1;
      seen.set(content, occurrence);
      const text = `{"content":${JSON.stringify(content)},"occurrence":${occurrence},"scope":${scopeJson}}`;
      return sha256Hex(text).then((hex) => `${prefix}${hex.slice(0, CONTENT_DIGITS)}`);
    })
  );
}
