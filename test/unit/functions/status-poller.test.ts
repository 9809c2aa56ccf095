/**
 * The shared INVOICESTATUS poller on a hand-driven clock: one batched read per interval for every
 * watched invoice, never sooner than the interval, stopping per invoice once final, and nothing
 * left running once every cell has stopped.
 */
import "./helpers/fake-custom-functions";
import type { BillingClient, CallOptions, Invoice } from "../../../src/api";
import { configureConnection } from "../../../src/functions/connection";
import {
  configureStatusPoller,
  followInvoiceStatus,
  statusPoller,
} from "../../../src/functions/invoice-status";
import {
  DRAFT_FOLLOW_MS,
  InvoiceStatusPoller,
  describeInvoiceStatus,
  isFinalInvoice,
} from "../../../src/functions/status-poller";
import type { PollerClock, StatusUpdate } from "../../../src/functions/status-poller";

/** A clock whose time moves only when the test says so. */
class ManualClock implements PollerClock {
  private t = 0;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private next = 1;
  now(): number {
    return this.t;
  }
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.push({ at: this.t + ms, run, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  pending(): number {
    return this.timers.length;
  }
  /** Moves time on by `ms`, running every timer due, and lets the reads they start settle. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const due = this.timers[0];
      if (!due || due.at > end) break;
      this.timers.shift();
      this.t = due.at;
      due.run();
      await flush();
    }
    this.t = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** A service of invoices whose states the test sets; counts the batched reads and their ids. */
function fakeService() {
  const states = new Map<string, Invoice>();
  const reads: { ids: string[]; at: number; signal?: AbortSignal }[] = [];
  let clock: ManualClock | undefined;
  const client = {
    async getInvoicesByIds(ids: readonly string[], options?: CallOptions) {
      reads.push({ ids: [...ids], at: clock?.now() ?? 0, signal: options?.signal });
      return ids.flatMap((i) => (states.has(i) ? [structuredClone(states.get(i)!)] : []));
    },
  } as unknown as BillingClient;
  return {
    states,
    reads,
    client,
    useClock: (c: ManualClock) => (clock = c),
    set: (n: number, patch: Partial<Invoice>) =>
      states.set(id(n), { id: id(n), status: "created", errors: [], ...patch }),
  };
}

/** A poller over a fake service on a manual clock; `intervalMs` as asked (undefined = default). */
function setup(intervalMs?: number) {
  const clock = new ManualClock();
  const service = fakeService();
  service.useClock(clock);
  const poller = new InvoiceStatusPoller({ client: async () => service.client, intervalMs, clock });
  return { clock, service, poller };
}

describe("InvoiceStatusPoller", () => {
  it("reads every watched invoice in one batched read per interval, and stops each once final", async () => {
    const { clock, service, poller } = setup(2500);
    const seen = new Map<string, StatusUpdate[]>();
    for (let n = 1; n <= 50; n += 1) {
      service.set(n, { status: "approvalinprogress" });
      const stop = poller.watch(id(n), (update) => {
        seen.set(id(n), [...(seen.get(id(n)) ?? []), update]);
        if ("invoice" in update && isFinalInvoice(update.invoice)) stop();
      });
    }
    await clock.advance(100);
    expect(service.reads).toHaveLength(1);
    expect(service.reads[0].ids).toHaveLength(50);
    // Half are approved and numbered; the rest still approving.
    for (let n = 1; n <= 25; n += 1) service.set(n, { status: "approved", invoiceNum: `N-${n}` });
    await clock.advance(2500);
    expect(service.reads).toHaveLength(2);
    expect(service.reads[1].at - service.reads[0].at).toBe(2500);
    for (let n = 26; n <= 50; n += 1) service.set(n, { status: "approved", invoiceNum: `N-${n}` });
    await clock.advance(2500);
    expect(service.reads.map((r) => r.ids.length)).toEqual([50, 50, 25]);
    expect(poller.watched()).toEqual([]);
    expect(clock.pending()).toBe(0);
    const last = seen.get(id(30))!.at(-1)!;
    expect("invoice" in last && describeInvoiceStatus(last.invoice)).toBe("approved N-30");
  });

  it("never reads sooner than the interval after the last read, however cells arrive", async () => {
    const { clock, service, poller } = setup();
    for (let n = 1; n <= 20; n += 1) {
      service.set(n, { status: "approvalinprogress" });
      poller.watch(id(n), () => undefined);
      await clock.advance(300);
    }
    await clock.advance(10_000);
    const gaps = service.reads.slice(1).map((r, i) => r.at - service.reads[i].at);
    expect(gaps.every((g) => g >= 2500)).toBe(true);
    // Each read carried every cell registered by then.
    expect(service.reads.at(-1)!.ids).toHaveLength(20);
  });

  it("refuses an interval faster than the service's 2 s", async () => {
    const { clock, service, poller } = setup(100);
    service.set(1, { status: "approvalinprogress" });
    poller.watch(id(1), () => undefined);
    await clock.advance(4500);
    expect(service.reads.map((r) => r.at)).toEqual([20, 2020, 4020]);
  });

  it("tells a watcher of an invoice the service does not hold, and a failed read, and goes on", async () => {
    const clock = new ManualClock();
    const service = fakeService();
    service.useClock(clock);
    let fail = true;
    const client = {
      async getInvoicesByIds(ids: readonly string[], options?: CallOptions) {
        if (fail) throw new Error("network down");
        return service.client.getInvoicesByIds(ids, options);
      },
    } as unknown as BillingClient;
    const poller = new InvoiceStatusPoller({ client: async () => client, clock });
    const updates: StatusUpdate[] = [];
    poller.watch(id(9), (u) => updates.push(u));
    await clock.advance(100);
    expect(updates).toEqual([{ error: new Error("network down") }]);
    fail = false;
    await clock.advance(2500);
    expect(updates[1]).toEqual({ missing: true });
  });

  it("stops its timer and aborts the read in flight once the last cell stops", async () => {
    const clock = new ManualClock();
    let signal: AbortSignal | undefined;
    const client = {
      getInvoicesByIds: (_ids: readonly string[], options?: CallOptions) => {
        signal = options?.signal;
        return new Promise<Invoice[]>(() => undefined);
      },
    } as unknown as BillingClient;
    const poller = new InvoiceStatusPoller({ client: async () => client, clock });
    const stopA = poller.watch(id(1), () => undefined);
    const stopB = poller.watch(id(2), () => undefined);
    await clock.advance(100);
    expect(signal?.aborted).toBe(false);
    stopA();
    expect(signal?.aborted).toBe(false);
    stopB();
    stopB();
    expect(signal?.aborted).toBe(true);
    expect(poller.watched()).toEqual([]);
    expect(clock.pending()).toBe(0);
  });
});

describe("isFinalInvoice and describeInvoiceStatus", () => {
  const inv = (patch: Partial<Invoice>): Invoice => ({
    id: id(1),
    status: "created",
    errors: [],
    ...patch,
  });
  it("follows drafts, approvals, numbers still to come and sends under way", () => {
    expect(isFinalInvoice(inv({}))).toBe(false);
    expect(isFinalInvoice(inv({ status: "approvalinprogress" }))).toBe(false);
    expect(isFinalInvoice(inv({ status: "approved" }))).toBe(false);
    expect(isFinalInvoice(inv({ status: "approved", invoiceNum: "N", sent: "sending" }))).toBe(
      false
    );
    expect(isFinalInvoice(inv({ status: "approved", invoiceNum: "N", sent: "sent" }))).toBe(true);
    expect(isFinalInvoice(inv({ status: "generationfailed" }))).toBe(true);
  });
  it("shows the status, the number, the sending state and a failure's message", () => {
    expect(describeInvoiceStatus(inv({ status: "approvalinprogress" }))).toBe("approvalinprogress");
    expect(
      describeInvoiceStatus(inv({ status: "approved", invoiceNum: "2026-7", sent: "sent" }))
    ).toBe("approved 2026-7, sent");
    expect(
      describeInvoiceStatus(inv({ errors: [{ key: "K", message: "Approval failed." }] }))
    ).toBe("created, Approval failed.");
  });
});

describe("a draft is read at a slowing pace", () => {
  it("doubles the wait after each read of a draft up to a minute, while an approving one is read each interval", async () => {
    const { clock, service, poller } = setup(2500);
    service.set(1, { status: "created" });
    service.set(2, { status: "approvalinprogress" });
    poller.watch(id(1), () => undefined);
    poller.watch(id(2), () => undefined);
    await clock.advance(10 * 60_000);
    const draftReads = service.reads.filter((r) => r.ids.includes(id(1))).map((r) => r.at);
    const gaps = draftReads.slice(1).map((at, i) => at - draftReads[i]);
    expect(gaps.slice(0, 6)).toEqual([2500, 5000, 10_000, 20_000, 40_000, 60_000]);
    expect(gaps.slice(6).every((g) => g === 60_000)).toBe(true);
    const approving = service.reads.filter((r) => r.ids.includes(id(2))).map((r) => r.at);
    expect(approving.slice(1).every((at, i) => at - approving[i] === 2500)).toBe(true);
  });

  it("reads a slowed draft at the next read again for a new cell on it", async () => {
    const { clock, service, poller } = setup(2500);
    service.set(1, { status: "created" });
    poller.watch(id(1), () => undefined);
    await clock.advance(60_000);
    const before = service.reads.length;
    poller.watch(id(1), () => undefined);
    await clock.advance(100);
    expect(service.reads.length).toBe(before + 1);
  });
});

describe("INVOICESTATUS on a draft", () => {
  afterEach(() => {
    configureStatusPoller();
    configureConnection();
  });

  it("stops following it after 30 minutes, saying so", async () => {
    const clock = new ManualClock();
    const service = fakeService();
    service.useClock(clock);
    service.set(1, { status: "created" });
    configureConnection({
      loadSettings: async () => ({
        baseUrl: "http://localhost:1",
        headers: {},
        credential: { kind: "none" },
      }),
      createClient: () => ({ ...service.client, clearCache: () => undefined }) as BillingClient,
    });
    configureStatusPoller({ intervalMs: 2500, clock });
    const values: unknown[] = [];
    followInvoiceStatus(id(1), { setResult: (v: unknown) => values.push(v) } as any);
    await clock.advance(DRAFT_FOLLOW_MS - 60_000);
    expect(values.at(-1)).toBe("created");
    expect(statusPoller().watched()).toEqual([id(1)]);
    await clock.advance(2 * 60_000);
    expect(values.at(-1)).toBe(
      "created (a draft, no longer followed after 30 minutes: recalculate to follow it again)"
    );
    expect(statusPoller().watched()).toEqual([]);
    expect(clock.pending()).toBe(0);
    // At a slowing pace: about 35 reads in 30 minutes, not 720.
    expect(service.reads.length).toBeLessThan(40);
  });
});
