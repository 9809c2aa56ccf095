/**
 * The one poller behind every BILLING.INVOICESTATUS cell: the cells register the
 * invoice they follow, and the poller reads ALL watched invoices in one batched search
 * (`POST /api/bill/Invoices/filter` with `includeOnlyIds`, every page) per interval, never sooner
 * than the interval after the previous read began (the service asks for polls every 2–3 s,
 * interface §4 rule 3). 500 cells on 500 invoices cost one read per interval, not 500.
 *
 * Its requests go through the functions' shared client, so through the one rate governor of the
 * service (a 429 pauses the poller with everything else). An invoice is dropped from the batch once
 * every cell watching it has stopped (final state, cancelled by Excel); with none left the poller
 * stops, and a read in flight is aborted.
 */
import type { BillingClient, Invoice } from "../api";
import { DEFAULT_POLL_INTERVAL_MS, POLL_INTERVAL_RANGE_MS } from "../invoices";

/** What a watcher is told after each read: the invoice as the service holds it now, or why not. */
export type StatusUpdate = { invoice: Invoice } | { missing: true } | { error: unknown };

/** Receives the updates of one watched invoice. */
export type StatusListener = (update: StatusUpdate) => void;

/** How the poller waits (tests and the benchmark hand in their own clock). */
export interface PollerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_CLOCK: PollerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Options of a poller. */
export interface PollerOptions {
  /** The client to read with (asked before each read: a change of connection applies at once). */
  client: () => Promise<BillingClient>;
  /** Time between the starts of two reads; at least 2 000 ms unless `unsafeTestIntervalMs`. */
  intervalMs?: number;
  /** Tests only: any interval ≥ 0, bypassing the service's 2–3 s rule. */
  unsafeTestIntervalMs?: number;
  /** How long new cells are gathered before the first read (one recalculation = one read). */
  gatherMs?: number;
  clock?: PollerClock;
  /** Told at the start of each read (the benchmark's measure): when, and how many invoices. */
  onRead?: (read: { at: number; invoices: number }) => void;
}

/** Cells entered in one recalculation arrive within this time; they share the first read. */
export const DEFAULT_GATHER_MS = 20;

/**
 * A draft (`created`) changes only when someone approves it, so it is read at a slowing pace: the
 * wait after each read of it doubles, from the interval up to this (1 minute).
 */
export const DRAFT_MAX_INTERVAL_MS = 60_000;

/** A draft is followed this long (30 minutes), then the cell says so and stops (./invoice-status.ts). */
export const DRAFT_FOLLOW_MS = 30 * 60_000;

/** A shared poller of invoice states. */
export class InvoiceStatusPoller {
  private readonly watchers = new Map<string, Set<StatusListener>>();
  /** When each draft is next read, and the wait after its last read (drafts slow down). */
  private readonly draftDue = new Map<string, { at: number; waitMs: number }>();
  private readonly intervalMs: number;
  private readonly gatherMs: number;
  private readonly clock: PollerClock;
  private timer: unknown;
  private timerAt = Number.POSITIVE_INFINITY;
  private reading: AbortController | undefined;
  private lastReadAt = Number.NEGATIVE_INFINITY;
  /** Reads begun so far (the benchmark and tests count them). */
  reads = 0;

  constructor(private readonly options: PollerOptions) {
    this.clock = options.clock ?? REAL_CLOCK;
    this.gatherMs = options.gatherMs ?? DEFAULT_GATHER_MS;
    if (options.unsafeTestIntervalMs !== undefined) {
      this.intervalMs = Math.max(0, options.unsafeTestIntervalMs);
    } else {
      this.intervalMs = Math.max(
        POLL_INTERVAL_RANGE_MS.min,
        options.intervalMs ?? DEFAULT_POLL_INTERVAL_MS
      );
    }
  }

  /** The invoices watched now (lower-case ids). */
  watched(): string[] {
    return [...this.watchers.keys()];
  }

  /** The poller's clock (a cell measures how long it has followed a draft by it). */
  now(): number {
    return this.clock.now();
  }

  /** The watched invoices due at `now`: all but drafts whose slower turn has not come. */
  private due(now: number): string[] {
    return this.watched().filter((id) => (this.draftDue.get(id)?.at ?? 0) <= now);
  }

  /** The next moment an invoice is due after a read at `readAt`. */
  private nextDue(readAt: number): number {
    let at = Number.POSITIVE_INFINITY;
    for (const id of this.watchers.keys()) {
      at = Math.min(at, Math.max(readAt + this.intervalMs, this.draftDue.get(id)?.at ?? 0));
    }
    return at;
  }

  /**
   * Follows `invoiceId`: `listener` hears every read of it until the returned stop function is
   * called (which is safe to call more than once).
   */
  watch(invoiceId: string, listener: StatusListener): () => void {
    const key = invoiceId.toLowerCase();
    let set = this.watchers.get(key);
    if (!set) {
      set = new Set();
      this.watchers.set(key, set);
    }
    set.add(listener);
    this.draftDue.delete(key); // a new cell on a draft hears it at the next read, not a minute on
    // A new invoice is read at the next allowed moment (after a short gathering of its neighbours).
    this.schedule(Math.max(this.clock.now() + this.gatherMs, this.lastReadAt + this.intervalMs));
    return () => this.unwatch(key, listener);
  }

  private unwatch(key: string, listener: StatusListener): void {
    const set = this.watchers.get(key);
    if (!set?.delete(listener)) return;
    if (set.size === 0) {
      this.watchers.delete(key);
      this.draftDue.delete(key);
    }
    if (this.watchers.size > 0) return;
    // Nobody watches any more: no timer, and the read in flight is not needed.
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    this.reading?.abort();
  }

  /** Sets the timer for `at` unless one is due sooner, or a read is under way (it schedules next). */
  private schedule(at: number): void {
    if (this.reading || this.watchers.size === 0 || at >= this.timerAt) return;
    this.clock.clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = this.clock.setTimeout(() => void this.read(), Math.max(0, at - this.clock.now()));
  }

  private async read(): Promise<void> {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const ids = this.due(this.clock.now());
    if (ids.length === 0) {
      this.schedule(this.nextDue(this.lastReadAt));
      return;
    }
    const controller = new AbortController();
    this.reading = controller;
    this.lastReadAt = this.clock.now();
    this.reads += 1;
    this.options.onRead?.({ at: this.lastReadAt, invoices: ids.length });
    let outcome: { invoices: Invoice[] } | { error: unknown };
    try {
      const client = await this.options.client();
      outcome = { invoices: await client.getInvoicesByIds(ids, { signal: controller.signal }) };
    } catch (error) {
      outcome = { error };
    } finally {
      this.reading = undefined;
    }
    if (!controller.signal.aborted) {
      this.pace(outcome);
      this.deliver(ids, outcome);
    }
    this.schedule(this.nextDue(this.lastReadAt));
  }

  /** Drafts read now wait twice as long as last time (up to a minute); any other is read each time. */
  private pace(outcome: { invoices: Invoice[] } | { error: unknown }): void {
    if (!("invoices" in outcome)) return;
    for (const inv of outcome.invoices) {
      const key = inv.id.toLowerCase();
      if (!this.watchers.has(key)) continue;
      if (inv.status !== "created") {
        this.draftDue.delete(key);
        continue;
      }
      const last = this.draftDue.get(key)?.waitMs ?? this.intervalMs / 2;
      const waitMs = Math.min(DRAFT_MAX_INTERVAL_MS, Math.max(this.intervalMs, last * 2));
      this.draftDue.set(key, { at: this.lastReadAt + waitMs, waitMs });
    }
  }

  private deliver(
    ids: readonly string[],
    outcome: { invoices: Invoice[] } | { error: unknown }
  ): void {
    const byId = new Map<string, Invoice>();
    if ("invoices" in outcome) {
      for (const inv of outcome.invoices) byId.set(inv.id.toLowerCase(), inv);
    }
    for (const id of ids) {
      const update: StatusUpdate =
        "error" in outcome
          ? { error: outcome.error }
          : byId.has(id)
            ? { invoice: byId.get(id) as Invoice }
            : { missing: true };
      // A copy: a listener may stop (and so change the set) while it hears the update.
      for (const listener of [...(this.watchers.get(id) ?? [])]) listener(update);
    }
  }
}

/**
 * True once nothing more happens to the invoice by itself: it has its number and is neither being
 * approved nor sent, or its generation failed. A draft (`created`) is followed, since the pane's run
 * may approve it; an approved invoice being sent is followed until `sent` or `failed`.
 */
export function isFinalInvoice(inv: Invoice): boolean {
  if (inv.status === "generationfailed") return true;
  if (inv.status === "created" || inv.status === "approvalinprogress") return false;
  if (inv.sent === "sending" || inv.sent === "printing") return false;
  return inv.invoiceNum !== undefined;
}

/**
 * What the cell shows: the status, the number once there is one, and the sending state once it is
 * more than "not sent" — e.g. `approvalinprogress`, `approved 2026-000123`,
 * `approved 2026-000123, sending`; a failed approval adds the service's message.
 */
export function describeInvoiceStatus(inv: Invoice): string {
  const parts = [inv.invoiceNum === undefined ? inv.status : `${inv.status} ${inv.invoiceNum}`];
  if (inv.sent !== undefined && inv.sent !== "notsent") parts.push(inv.sent);
  const problem = inv.errors.find((e) => e.message)?.message;
  if (problem !== undefined && (inv.status === "created" || inv.sent === "failed")) {
    parts.push(problem);
  }
  return parts.join(", ");
}
