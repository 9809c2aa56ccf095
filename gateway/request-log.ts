/**
 * The gateway's audit log: one JSON line per request, for IT's log collector — who (the user's
 * `oid` and sign-in name), what (method, path template, the invoice or other id, a create's
 * `externalReference`), the outcome (status, duration). Never a query string, a header, a body
 * beyond that one field, a token or a secret.
 */

/** Where log lines go (stdout by default; tests collect them). */
export type LogSink = (line: string) => void;

/** One request as logged. */
export interface RequestLogLine {
  time: string;
  /** The user's object id in the directory (stable), once the token was verified. */
  oid?: string;
  /** The user's sign-in name (`preferred_username`), for people reading the log. */
  user?: string;
  method: string;
  /**
   * The operation's path template (`/api/bill/Invoices/{id}/approve`) when it is on the allow-list,
   * else the normalised path that was refused.
   */
  path: string;
  /** The `{id}` of the path, under the operation's name for it (`invoiceId`, `contractId`, …). */
  ids?: Record<string, string>;
  /** A create's `externalReference` (from its body). */
  externalReference?: string;
  status: number;
  durationMs: number;
  /** Why the gateway answered by itself (`GATEWAY_…` key), when it did. */
  reason?: string;
  /** The cause behind that answer (never a secret, never a token). */
  detail?: string;
  /** True when the request was re-sent once with a new token after the service answered 401. */
  tokenRenewed?: boolean;
}

/** Longest path logged; a longer one is cut. */
const MAX_PATH = 300;
/** Longest id, reference or user name logged (they come from cells and tokens). */
const MAX_VALUE = 120;

/** Writes one line to stdout. */
export const stdoutSink: LogSink = (line) => {
  process.stdout.write(`${line}\n`);
};

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Serialises one log line (ids flattened into the line: `"invoiceId":"…"`). */
export function formatLogLine(entry: RequestLogLine): string {
  const { ids, ...rest } = entry;
  const out: Record<string, unknown> = {
    time: rest.time,
    ...(rest.oid !== undefined ? { oid: rest.oid } : {}),
    ...(rest.user !== undefined ? { user: cut(rest.user, MAX_VALUE) } : {}),
    method: rest.method,
    path: cut(rest.path, MAX_PATH),
  };
  for (const [name, value] of Object.entries(ids ?? {})) out[name] = cut(value, MAX_VALUE);
  if (rest.externalReference !== undefined) {
    out.externalReference = cut(rest.externalReference, MAX_VALUE);
  }
  out.status = rest.status;
  out.durationMs = rest.durationMs;
  if (rest.reason !== undefined) out.reason = rest.reason;
  if (rest.detail !== undefined) out.detail = rest.detail;
  if (rest.tokenRenewed) out.tokenRenewed = true;
  return JSON.stringify(out);
}
