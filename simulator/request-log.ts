/**
 * The simulator's request log, so tests can count calls (caching, batching, retries).
 */
import type { Dialect } from "./types";

/** One request as answered; `status` 0 = the connection was cut without an answer. */
export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, unknown>;
  status: number;
  /** Epoch ms when the request arrived. */
  at: number;
  dialect: Dialect;
}

/** The request log of one simulator. */
export class RequestLog {
  private items: RequestLogEntry[] = [];

  /** Records an entry (called by the simulator). */
  add(entry: RequestLogEntry): void {
    this.items.push(entry);
  }

  /** Every entry so far, in the order the answers were finished. */
  entries(): RequestLogEntry[] {
    return [...this.items];
  }

  /** Number of entries with this method (any case) and a path matching `path` (any case for strings). */
  count(method?: string, path?: RegExp | string): number {
    const m = method?.toUpperCase();
    const re = typeof path === "string" ? new RegExp(path, "i") : path;
    return this.items.filter((e) => (!m || e.method === m) && (!re || re.test(e.path))).length;
  }

  /** Forgets every entry. */
  clear(): void {
    this.items = [];
  }
}
