/**
 * The gateway's log: one JSON line per request (method, path, status, duration), for IT's log
 * collector. Only the normalised path is logged, never the query, a header or a body.
 */

/** Where log lines go (stdout by default; tests collect them). */
export type LogSink = (line: string) => void;

/** One request as logged. */
export interface RequestLogLine {
  time: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** Why the gateway answered by itself (`GATEWAY_…` key), when it did. */
  reason?: string;
  /** The cause of a token failure, as the browser got it (never a secret). */
  detail?: string;
  /** True when the request was re-sent once with a new token after the service answered 401. */
  tokenRenewed?: boolean;
}

/** Longest path logged; a longer one is cut. */
const MAX_PATH = 300;

/** Writes one line to stdout. */
export const stdoutSink: LogSink = (line) => {
  process.stdout.write(`${line}\n`);
};

/** Serialises one log line. */
export function formatLogLine(entry: RequestLogLine): string {
  const path = entry.path.length > MAX_PATH ? `${entry.path.slice(0, MAX_PATH)}…` : entry.path;
  return JSON.stringify({ ...entry, path });
}
