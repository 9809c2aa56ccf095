/**
 * Which header values are secret, and how to show headers without them
 * (docs/developers/rules.md#secrets: secrets never reach a message, a log or a response).
 */
import type { ConnectionSettings } from "./types";

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
 * Shortest run of a secret that is blanked out wherever it appears. A secret is random text, so a
 * run this long of it in a service's text is an echo of the secret (whole or cut), not a word.
 */
export const SECRET_RUN = 4;

/**
 * `text` with every occurrence of each secret — whole, or any run of {@link SECRET_RUN} or more of
 * its characters (an echo cut short by the service or by a proxy) — replaced by "••••". A last line
 * of defence for text that could echo a request (a service error message, a low-level network
 * error). Redact before shortening: a cut through a secret would leave a part that no longer
 * matches it whole.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  // Very short values would blank out ordinary words; such values are not real secrets anyway.
  const runs = new Set<string>();
  for (const secret of secrets) {
    for (let i = 0; i + SECRET_RUN <= secret.length; i++) runs.add(secret.slice(i, i + SECRET_RUN));
  }
  if (runs.size === 0) return text;
  const hidden = new Uint8Array(text.length);
  let any = false;
  for (let i = 0; i + SECRET_RUN <= text.length; i++) {
    if (!runs.has(text.slice(i, i + SECRET_RUN))) continue;
    hidden.fill(1, i, i + SECRET_RUN);
    any = true;
  }
  if (!any) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (hidden[i] === 0) out += text[i];
    else if (i === 0 || hidden[i - 1] === 0) out += REDACTED;
  }
  return out;
}

/**
 * Every secret value the settings hold: the bearer token and the value of every secret header
 * (`isSecretHeaderName`). The one list both the client's error cleaning and the pane's last-line
 * redaction use.
 */
export function secretValues(settings: ConnectionSettings): string[] {
  const secrets: string[] = [];
  if (settings.credential.kind === "bearer") secrets.push(settings.credential.token);
  for (const [name, value] of Object.entries(settings.headers)) {
    if (value !== "" && isSecretHeaderName(name, settings.secretHeaders ?? [])) secrets.push(value);
  }
  return secrets;
}
