/**
 * The page's own words in the pane's language: every element of taskpane.html that carries
 * `data-i18n="key"` gets the message as its text, and `data-i18n-title`, `data-i18n-aria-label`,
 * `data-i18n-placeholder` set those attributes. The HTML keeps the English text (what shows before
 * the script runs; test/unit/i18n/page-words.test.ts checks it equals the catalogue's English).
 * Text only: `*word*` becomes a `<b>`, `` `word` `` a `<code>`, never parsed as HTML.
 */
import { currentLanguage, isMessageKey, t, type MessageKey } from "../i18n";

/** A piece of a marked text: plain, bold (`*…*`) or code (`` `…` ``). */
export interface MarkedPart {
  kind: "text" | "b" | "code";
  text: string;
}

/** "Press *Check* on `rows`" → text, b, text, code. */
export function markedParts(text: string): MarkedPart[] {
  const parts: MarkedPart[] = [];
  const pattern = /\*([^*]+)\*|`([^`]+)`/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > at) parts.push({ kind: "text", text: text.slice(at, index) });
    if (match[1] !== undefined) parts.push({ kind: "b", text: match[1] });
    else parts.push({ kind: "code", text: match[2] });
    at = index + match[0].length;
  }
  if (at < text.length) parts.push({ kind: "text", text: text.slice(at) });
  return parts;
}

/** A message of a page key without placeholders (a key with them, or an unknown one, is left). */
function pageMessage(key: string | null): string | undefined {
  if (!key || !isMessageKey(key)) return undefined;
  // Page messages take no values; `t` with none leaves any placeholder as written.
  return (t as (k: MessageKey) => string)(key);
}

/** Sets `el`'s children to the marked text `text` (text nodes, `<b>` and `<code>` only). */
export function setMarked(doc: Document, el: Element, text: string): void {
  while (el.firstChild) el.removeChild(el.firstChild);
  for (const part of markedParts(text)) {
    if (part.kind === "text") el.appendChild(doc.createTextNode(part.text));
    else {
      const marked = doc.createElement(part.kind);
      marked.textContent = part.text;
      el.appendChild(marked);
    }
  }
}

const ATTRIBUTES = ["title", "aria-label", "placeholder"] as const;

/**
 * Puts the page's words into the pane's language, and says which on `<html lang>` and, once done,
 * `<html data-words>` (what a test waits for: the HTML's own `lang` is there from the start).
 */
export function translatePage(doc: Document): void {
  const language = currentLanguage();
  doc.documentElement.lang = language;
  for (const el of Array.from(doc.querySelectorAll("[data-i18n]"))) {
    const text = pageMessage(el.getAttribute("data-i18n"));
    if (text !== undefined) setMarked(doc, el, text);
  }
  for (const attribute of ATTRIBUTES) {
    for (const el of Array.from(doc.querySelectorAll(`[data-i18n-${attribute}]`))) {
      const text = pageMessage(el.getAttribute(`data-i18n-${attribute}`));
      if (text !== undefined) el.setAttribute(attribute, text);
    }
  }
  doc.documentElement.setAttribute("data-words", language);
}
