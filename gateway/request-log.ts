/**
 * The gateway's audit log: structured JSON lines on stdout, for IT's log pipeline. Who (the user's
 * `oid` and sign-in name), what (method, path template, the invoice or other id, a create's
 * `externalReference`), the outcome. Never a query string, a header, a body beyond that one field,
 * a token or a secret.
 *
 * Every call the gateway forwards has exactly one audit line, `"event":"forward"`, written the moment
 * it is handed to the service (before the service can act), so that a crash or a caller who hangs up
 * cannot leave a call unrecorded. It is completed by one `"event":"outcome"` line with the same
 * `callId` once the service's status is known — also when the caller has gone by then
 * (`callerGone: true`). A request the gateway answers by itself (a refusal) has one
 * `"event":"refused"` line; a CORS preflight one `"event":"preflight"` line. The outcome line repeats
 * who and what (user, operation, ids), and a create's outcome names the invoice it made, so that
 * one search for an invoice id finds every call that acted on it, with its user and time.
 *
 * Every line is one line of pure ASCII JSON (non-ASCII and line breaks escaped), nothing cut but a
 * refused path.
 */
/** Where log lines go (stdout by default; tests collect them). */
export type LogSink = (line: string) => void;

/** What a line records. */
export type AuditEvent = "forward" | "outcome" | "refused" | "preflight";

/** One line as logged. */
export interface RequestLogLine {
  time: string;
  event: AuditEvent;
  /** Joins a `forward` line and its `outcome` (a UUID, unique across instances). */
  callId?: string;
  /** The user's object id in the directory (stable), once the token was verified. */
  oid?: string;
  /** The user's sign-in name (`preferred_username`), for people reading the log. */
  user?: string;
  method?: string;
  /**
   * The operation's path template (`/api/bill/Invoices/{id}/approve`) when it is on the allow-list,
   * else the normalised path that was refused.
   */
  path?: string;
  /**
   * What the call acts on, under the operation's name for it: the `{id}` of the path (`invoiceId`,
   * `contractId`, …), a bulk call's ids (`invoiceIds`), a create's new invoice (`invoiceId`, in its
   * outcome line).
   */
  ids?: Record<string, string | readonly string[]>;
  /**
   * A create's `externalReference` as the service stores it (read from its body as the service
   * reads it, trimmed), whole.
   */
  externalReference?: string;
  status?: number;
  durationMs?: number;
  /** Why the gateway answered by itself (`GATEWAY_…` key), when it did. */
  reason?: string;
  /** The cause behind that answer (never a secret, never a token). */
  detail?: string;
  /** True when the request was re-sent once with a new token after the service answered 401. */
  tokenRenewed?: boolean;
  /** True when the caller's connection had closed before the service's answer came. */
  callerGone?: boolean;
}

/** Milliseconds since the gateway got `request` (one decimal). */
export function elapsedMs(request: { gatewayStart?: number }): number {
  if (request.gatewayStart === undefined) return 0;
  return Math.round((performance.now() - request.gatewayStart) * 10) / 10;
}

/** Longest refused path logged (the caller's text); a longer one is cut. Nothing else is cut. */
const MAX_PATH = 300;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Anything outside printable ASCII (JSON.stringify leaves U+0085, U+2028, U+2029 and all the rest raw). */
const NOT_ASCII = /[^\x20-\x7e]/g;
const HAS_NOT_ASCII = /[^\x20-\x7e]/;

/** `\uXXXX` for one UTF-16 unit (a pair for a character outside the BMP: valid JSON). */
function escapeUnit(unit: string): string {
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * A JSON string in pure ASCII: every non-ASCII and line-breaking character escaped, so that no log
 * reader (whichever characters it splits lines on, whichever encoding it assumes) sees one line as
 * several or another text than was logged.
 */
export function asciiJson(value: string | number | boolean): string {
  const json = JSON.stringify(value);
  return HAS_NOT_ASCII.test(json) ? json.replace(NOT_ASCII, escapeUnit) : json;
}

/** `,"name":value` for the line being built. */
function field(name: string, value: string | number | boolean): string {
  return `,"${name}":${asciiJson(value)}`;
}

/**
 * Serialises one log line (ids flattened into the line: `"invoiceId":"…"`, a bulk call's
 * `"invoiceIds":[…]`), fields in a fixed order, in pure ASCII. Built as text field by field — the
 * same JSON as stringifying an object of those fields, without the object.
 */
export function formatLogLine(entry: RequestLogLine): string {
  let out = `{"time":${JSON.stringify(entry.time)},"event":${JSON.stringify(entry.event)}`;
  if (entry.callId !== undefined) out += field("callId", entry.callId);
  if (entry.oid !== undefined) out += field("oid", entry.oid);
  if (entry.user !== undefined) out += field("user", entry.user);
  if (entry.method !== undefined) out += field("method", entry.method);
  if (entry.path !== undefined) out += field("path", cut(entry.path, MAX_PATH));
  if (entry.ids !== undefined) {
    // The names are the operations table's (`invoiceId`, …), never the caller's.
    for (const name of Object.keys(entry.ids)) {
      const value = entry.ids[name];
      out +=
        typeof value === "string"
          ? field(name, value)
          : `,"${name}":[${value.map((v) => asciiJson(v)).join(",")}]`;
    }
  }
  if (entry.externalReference !== undefined) {
    out += field("externalReference", entry.externalReference);
  }
  if (entry.status !== undefined) out += field("status", entry.status);
  if (entry.durationMs !== undefined) out += field("durationMs", entry.durationMs);
  if (entry.reason !== undefined) out += field("reason", entry.reason);
  if (entry.detail !== undefined) out += field("detail", entry.detail);
  if (entry.tokenRenewed) out += ',"tokenRenewed":true';
  if (entry.callerGone) out += ',"callerGone":true';
  return `${out}}`;
}

/** A sink that batches lines, can write one at once, and can be flushed (stdout). */
export interface FlushableSink {
  /** Queues a line: written with the others of this turn of the event loop, in order. */
  write: LogSink;
  /**
   * Writes the lines queued so far and this one before it returns (a `forward` line: in the log
   * before the call is handed to the service).
   */
  writeNow: LogSink;
  /** Resolves once every line written so far has reached the file descriptor. */
  flush(): Promise<void>;
}

/**
 * Lines to stdout: collected during one turn of the event loop and written as one chunk with
 * `process.stdout.write`, which on Linux writes files, pipes and terminals synchronously — one
 * system call per turn and no thread-pool hop (an fs stream on descriptor 1, tried before, cost
 * more CPU than the writes themselves: a thread hand-off and one more wake-up of the event loop per
 * chunk). A `forward` line is written at once ({@link FlushableSink.writeNow}), so it is in the
 * log before the call leaves. A log reader that stops reading makes the writes block: the gateway
 * then forwards nothing it could not audit, and holds no growing backlog in memory. Order is kept.
 */
export function stdoutSink(out: NodeJS.WritableStream = process.stdout): FlushableSink {
  let pending = "";
  let scheduled = false;
  const drain = () => {
    if (pending === "") return;
    const chunk = pending;
    pending = "";
    out.write(chunk);
  };
  const onImmediate = () => {
    scheduled = false;
    drain();
  };
  return {
    write(line) {
      pending += `${line}\n`;
      if (!scheduled) {
        scheduled = true;
        setImmediate(onImmediate);
      }
    },
    writeNow(line) {
      pending += `${line}\n`;
      drain();
    },
    flush() {
      drain();
      return new Promise((resolve) => out.write("", () => resolve()));
    },
  };
}
