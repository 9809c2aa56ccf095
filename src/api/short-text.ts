/**
 * A value echoed in a message, shortened so the message says first what went wrong:
 * `"xxxxxxxx…" (10,000 characters)`. One rule for every layer that quotes user text.
 */

/** Characters of a value quoted in full; a longer one is cut and its length said. */
export const QUOTE_LIMIT = 40;

/** `text` in double quotes; over `limit` characters, its start, "…" and its length. */
export function quoteShort(text: string, limit = QUOTE_LIMIT): string {
  const chars = [...text];
  if (chars.length <= limit) return `"${text}"`;
  const length = chars.length.toLocaleString("en-US");
  return `"${chars.slice(0, limit - 1).join("")}…" (${length} characters)`;
}
