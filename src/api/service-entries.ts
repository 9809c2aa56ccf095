/**
 * The service's error entries, from whichever shape it sent: the live envelope's `errors[]`
 * (`LocalisedErrorDTO`: key, message, correlationId), RFC 7807 problem details (title, detail),
 * an ASP.NET validation problem (`errors: { field: [messages] }`) or a bare list.
 */
import type { ServiceErrorEntry } from "./types";
import { isJsonObject, pick } from "./pick";

/**
 * Longest service text kept per field; longer text is cut (it ends up in messages and cells). The
 * cut is made by {@link shortenServiceText} after the text is redacted (to-billing-error.ts), never
 * here: a cut through an echoed secret would leave a part that redaction no longer recognises.
 */
export const MAX_SERVICE_TEXT = 500;

/** `text` cut to {@link MAX_SERVICE_TEXT} characters, the last one an ellipsis when it was cut. */
export function shortenServiceText(text: string): string {
  return text.length > MAX_SERVICE_TEXT ? `${text.slice(0, MAX_SERVICE_TEXT - 1)}…` : text;
}

function text(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** One entry from a `LocalisedErrorDTO`-like object or a plain message. */
export function toEntry(raw: unknown): ServiceErrorEntry | undefined {
  if (typeof raw === "string") return text(raw) === undefined ? undefined : { message: text(raw) };
  if (!isJsonObject(raw)) return undefined;
  const entry: ServiceErrorEntry = {};
  const key = text(pick(raw, "key", "code", "errorCode", "title"));
  const message = text(pick(raw, "message", "detail", "description", "errorMessage"));
  const correlationId = text(pick(raw, "correlationId"));
  if (key !== undefined) entry.key = key;
  if (message !== undefined) entry.message = message;
  if (correlationId !== undefined) entry.correlationId = correlationId;
  // LocalisedErrorDTO.messageValues[].value: the values the message speaks of (an invoice's id).
  const values = pick(raw, "messageValues");
  if (Array.isArray(values)) {
    const texts = values
      .map((v) => text(isJsonObject(v) ? pick(v, "value") : v))
      .filter((t): t is string => t !== undefined);
    if (texts.length > 0) entry.values = texts;
  }
  return entry.key === undefined && entry.message === undefined ? undefined : entry;
}

/** Entries of a list; things that are not entries are skipped. */
export function toEntries(list: unknown): ServiceErrorEntry[] {
  if (!Array.isArray(list)) return [];
  return list.map(toEntry).filter((e): e is ServiceErrorEntry => e !== undefined);
}

/** The error entries carried by an error body of any known shape (empty when none). */
export function readServiceErrors(body: unknown): ServiceErrorEntry[] {
  if (Array.isArray(body)) return toEntries(body);
  if (!isJsonObject(body)) return [];
  const errors = pick(body, "errors");
  if (Array.isArray(errors)) {
    const entries = toEntries(errors);
    if (entries.length > 0) return entries;
  } else if (isJsonObject(errors)) {
    // ASP.NET validation problem: { errors: { field: ["message", ...] } }
    const entries: ServiceErrorEntry[] = [];
    for (const [field, messages] of Object.entries(errors)) {
      const list = Array.isArray(messages) ? messages : [messages];
      for (const m of list) {
        const message = text(m);
        if (message !== undefined) entries.push({ key: field, message });
      }
    }
    if (entries.length > 0) return entries;
  }
  const single = toEntry(body);
  return single === undefined ? [] : [single];
}
