/**
 * A standalone model of the invoice run's scheduling, in virtual time: N invoices, each create →
 * (with `check`: one search by reference) → approve → polls, through `concurrency` slots of `latencyMs` each, against a service that numbers
 * an invoice `approvalMs + numberMs` after it handled the approve. Used by bench/invoice-orders.ts
 * to compare request orders without the noise of a shared machine (docs/benchmarks/invoices.md).
 *
 * Like the simulator, a request is handled at the end of its latency (the latency is waited
 * before the handler runs), so an approve "happens" when its slot is released.
 */

/** The kinds of request one invoice makes. */
export type RequestKind = "create" | "check" | "approve" | "poll";

/** An order: which waiting request takes a free slot. */
export interface OrderPolicy {
  name: string;
  /** Lower runs first; equal ranks run in the order they were queued (FIFO). */
  rank(kind: RequestKind): number;
}

/** The service and client figures of one run. */
export interface ScheduleSetup {
  invoices: number;
  concurrency: number;
  latencyMs: number;
  approvalMs: number;
  numberMs: number;
  /** Wait after the approve's answer before the first poll. */
  firstPollDelayMs: number;
  pollIntervalMs: number;
  /** One search by reference between create and approve (the engine's duty, so that a resent create is never approved twice). */
  check?: boolean;
}

/** What one modelled run gives. */
export interface ScheduleResult {
  /** When the last invoice was seen numbered. */
  endMs: number;
  /** When the last approve was handled. */
  lastApproveMs: number;
  requests: number;
  polls: number;
}

interface Waiting {
  kind: RequestKind;
  invoice: number;
  seq: number;
}

/** Runs the model once; deterministic. */
export function modelRun(setup: ScheduleSetup, policy: OrderPolicy): ScheduleResult {
  const { invoices, concurrency, latencyMs } = setup;
  // Timed events: slot releases and poll wake-ups, kept sorted by time (then by insertion).
  const events: { at: number; seq: number; fire: () => void }[] = [];
  let seq = 0;
  const at = (time: number, fire: () => void) => {
    const event = { at: time, seq: seq++, fire };
    let i = events.length;
    while (
      i > 0 &&
      (events[i - 1].at > time || (events[i - 1].at === time && events[i - 1].seq > event.seq))
    )
      i--;
    events.splice(i, 0, event);
  };
  const queue: Waiting[] = [];
  let free = concurrency;
  let now = 0;
  let requests = 0;
  let polls = 0;
  let lastApproveMs = 0;
  let endMs = 0;
  const numberedAt: number[] = new Array(invoices).fill(Infinity);

  const enqueue = (kind: RequestKind, invoice: number) => queue.push({ kind, invoice, seq: seq++ });
  const dispatch = () => {
    while (free > 0 && queue.length > 0) {
      let best = 0;
      for (let i = 1; i < queue.length; i++) {
        const a = policy.rank(queue[i].kind);
        const b = policy.rank(queue[best].kind);
        if (a < b || (a === b && queue[i].seq < queue[best].seq)) best = i;
      }
      const [next] = queue.splice(best, 1);
      free -= 1;
      requests += 1;
      at(now + latencyMs, () => {
        free += 1;
        handled(next);
      });
    }
  };
  const handled = ({ kind, invoice }: Waiting) => {
    if (kind === "create") return enqueue(setup.check ? "check" : "approve", invoice);
    if (kind === "check") return enqueue("approve", invoice);
    if (kind === "approve") {
      lastApproveMs = now;
      numberedAt[invoice] = now + setup.approvalMs + setup.numberMs;
      return at(now + setup.firstPollDelayMs, () => enqueue("poll", invoice));
    }
    polls += 1;
    if (now >= numberedAt[invoice]) endMs = Math.max(endMs, now);
    else at(now + setup.pollIntervalMs, () => enqueue("poll", invoice));
  };

  for (let i = 0; i < invoices; i++) enqueue("create", i);
  dispatch();
  while (events.length > 0) {
    const event = events.shift()!;
    now = event.at;
    event.fire();
    // Everything due at this instant first, then hand out the free slots (as a microtask drain would).
    if (events.length === 0 || events[0].at > now) dispatch();
  }
  return { endMs, lastApproveMs, requests, polls };
}

/** The orders compared; FIFO is what a plain p-limit queue does. */
export const ORDER_POLICIES: readonly OrderPolicy[] = [
  { name: "FIFO (one plain queue, = naive concurrent)", rank: () => 0 },
  {
    name: "create > check & approve > poll (the engine's order)",
    rank: (k) => (k === "create" ? 0 : k === "poll" ? 2 : 1),
  },
  {
    name: "approve & poll before create (engine before)",
    rank: (k) => (k === "create" ? 1 : 0),
  },
  { name: "create before approve & poll", rank: (k) => (k === "create" ? 0 : 1) },
  {
    name: "approve > create > poll",
    rank: (k) => (k === "approve" ? 0 : k === "create" ? 1 : 2),
  },
  {
    name: "create > approve > poll",
    rank: (k) => (k === "create" ? 0 : k === "approve" ? 1 : 2),
  },
];
