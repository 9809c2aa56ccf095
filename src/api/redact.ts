/**
 * Which header values are secret, and how to show headers without them (DESIGN.md "Settings and
 * security": secrets never reach a message, a log or a response).
 */

/** Header names that look secret: API keys, subscription keys (`apim-sub`), tokens, passwords. */
const SECRET_HEADER_NAME = /key|secret|token|auth|password|sub/i;

/** The text shown instead of a secret value. */
export const REDACTED = "••••";

/**
 * True when the header `name` carries a secret: `Authorization`, anything matching
 * /key|secret|token|auth|password|sub/i, or one of `extra` (compared case-insensitively).
 */
export function isSecretHeaderName(name: string, extra: readonly string[] = []): boolean {
  const lower = name.trim().toLowerCase();
  if (SECRET_HEADER_NAME.test(lower)) return true;
  return extra.some((e) => e.trim().toLowerCase() === lower);
}

/** A copy of `headers` with the value of every secret header replaced by "••••". */
export function redactHeaders(
  headers: Record<string, string>,
  extra: readonly string[] = []
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = isSecretHeaderName(name, extra) ? REDACTED : value;
  }
  return out;
}

/**
 * `text` with every occurrence of each secret replaced by "••••". A last line of defence for
 * text that could echo a request (a service error message, a low-level network error).
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short values would blank out ordinary words; such values are not real secrets anyway.
    if (secret.length < 4) continue;
    out = out.split(secret).join(REDACTED);
  }
  return out;
}
