/**
 * The gathered reference check (engine/reference-search.ts): searches asked for together
 * go out as one prefix search that leaves out the ids the run knows, each reference gets the very
 * list its own search would give, and a reference whose own invoice the prefix search did not
 * return is searched on its own. No timers are waited on: a batch goes out when every invoice of
 * the run has asked (or left).
 */
import { resolveRunOptions } from "../../../src/invoices";
import type { BillingClient, Invoice } from "../../../src/api";
import type { RunContext, Work } from "../../../src/invoices/engine/work";
import {
  REFERENCE_GATHER_MS,
  ReferenceSearch,
} from "../../../src/invoices/engine/reference-search";
import { TAIL_DRAFTS } from "../../../src/invoices/engine/bulk-approver";
import type { SlotPriority } from "../../../src/invoices/engine/slot-pool";

const PREFIX = "XL-0123abcd";
const refOf = (n: number) => `${PREFIX}${String(n).padStart(24, "0")}`;

function work(n: number, invoiceId?: string): Work {
  return {
    invoice: { key: `ref:${n}`, rowNumbers: [n + 2] } as Work["invoice"],
    state: "queued",
    invoiceId,
    ref: refOf(n),
    held: invoiceId ? { kind: "invoice", invoice: inv(invoiceId, refOf(n)) } : { kind: "unasked" },
    attempt: { step: "none", notes: [] },
    prior: "unknown",
    final: false,
    referenceChecked: false,
    changes: [],
  };
}

function inv(id: string, externalReference: string, status = "created"): Invoice {
  return { id, externalReference, status } as Invoice;
}

/** A service holding `stored`; its prefix search matches by the start of the reference, or not at all. */
function service(stored: Invoice[], prefixMatches = true) {
  const calls: { method: string; args: unknown[] }[] = [];
  const client = {
    async findInvoicesByExternalReference(ref: string) {
      calls.push({ method: "exact", args: [ref] });
      return stored.filter((i) => i.externalReference === ref);
    },
    async findInvoicesByReferencePrefix(prefix: string, options?: { excludeIds?: string[] }) {
      calls.push({ method: "prefix", args: [prefix, options?.excludeIds ?? []] });
      if (!prefixMatches) return [];
      const out = new Set(options?.excludeIds ?? []);
      return stored.filter((i) => i.externalReference?.startsWith(prefix) && !out.has(i.id));
    },
  } as unknown as BillingClient;
  const ctx: Pick<RunContext, "client" | "call" | "options"> = {
    client,
    call: <T>(_: SlotPriority, task: () => Promise<T>) => task(),
    options: resolveRunOptions({ concurrency: 1 }),
  };
  return { ctx, calls };
}

describe("ReferenceSearch: the reference check of a run in one paged search", () => {
  it("answers every reference from one search that leaves out the ids the run knows (but its witness), and searches a reference others carry on its own", async () => {
    const works = [work(1, "id-1"), work(2, "id-2"), work(3, "id-3")];
    const stray = inv("id-9", refOf(2));
    const { ctx, calls } = service([
      inv("id-1", refOf(1)),
      inv("id-2", refOf(2)),
      inv("id-3", refOf(3), "approved"),
      stray,
    ]);
    const search = new ReferenceSearch(ctx, works);
    // Invoice 3 is past its check already: it leaves, the other two ask.
    const asked = [search.find("continue", works[0]), search.find("continue", works[1])];
    search.leave(works[2]);
    const [one, two] = await Promise.all(asked);
    // Invoice 1 is the witness: the prefix search must return it, or no answer of it is used.
    expect(calls[0]).toEqual({ method: "prefix", args: [PREFIX, ["id-2", "id-3"]] });
    expect(one.map((i) => i.id)).toEqual(["id-1"]);
    // The stray under reference 2 (a resent create) is found; reference 2 is then judged on its
    // own exact search, fresh: its own invoice and the stray.
    expect(calls.slice(1)).toEqual([{ method: "exact", args: [refOf(2)] }]);
    expect(two.map((i) => i.id).sort()).toEqual(["id-2", "id-9"]);
    expect(search.searches).toBe(1);
  });

  it("sends a search before approves at the bulk approve's priority, holding the creates while it pages; a sweep's at its own, holding none", async () => {
    const slots: string[] = [];
    const searchAll = async (priority: SlotPriority) => {
      const works = [1, 2, 3].map((n) => work(n, `id-${n}`));
      const { ctx } = service(works.map((w) => inv(w.invoiceId!, w.ref!)));
      const search = new ReferenceSearch(
        {
          ...ctx,
          call: <T>(p: SlotPriority, task: () => Promise<T>) => {
            slots.push(`call ${p}`);
            return task();
          },
          callHoldingStarts: <T>(p: SlotPriority, task: () => Promise<T>) => {
            slots.push(`holding starts ${p}`);
            return task();
          },
        },
        works
      );
      await Promise.all(works.map((w) => search.find(priority, w)));
    };
    await searchAll("continue");
    await searchAll("sweep");
    expect(slots).toEqual(["holding starts probe", "call sweep"]);
  });

  it("sends what waits when only the tail of a larger group is left to search, so that the last search stays small", async () => {
    const works = Array.from({ length: TAIL_DRAFTS + 6 }, (_, i) => work(i + 1, `id-${i + 1}`));
    const { ctx, calls } = service(works.map((w) => inv(w.invoiceId!, w.ref!)));
    const search = new ReferenceSearch(ctx, works);
    // Six ask: the tail is reached (no timer waited on), the six go at once.
    const first = await Promise.all(works.slice(0, 6).map((w) => search.find("continue", w)));
    expect(first.map((f) => f.map((i) => i.id))).toEqual(
      works.slice(0, 6).map((w) => [w.invoiceId])
    );
    expect(search.searches).toBe(1);
    for (const w of works.slice(0, 6)) search.leave(w);
    // The last of them go together once every one has asked.
    await Promise.all(works.slice(6).map((w) => search.find("continue", w)));
    expect(search.searches).toBe(2);
    expect(calls.map((c) => c.method)).toEqual(["prefix", "prefix"]);
  });

  it("sends what waits at once when the last invoice asks for the first time, though the others may still search again", async () => {
    jest.useFakeTimers();
    try {
      const works = Array.from({ length: 10 }, (_, i) => work(i + 1, `id-${i + 1}`));
      const { ctx } = service(works.map((w) => inv(w.invoiceId!, w.ref!)));
      const search = new ReferenceSearch(ctx, works);
      // Five ask and stay in the run (they poll, and may sweep later): theirs gathers.
      const first = Promise.all(works.slice(0, 5).map((w) => search.find("continue", w)));
      await jest.advanceTimersByTimeAsync(REFERENCE_GATHER_MS);
      await first;
      expect(search.searches).toBe(1);
      // The other five ask; when the last of them does, nothing is left to create: they go now,
      // not after the gathering time (the run's last approvals wait for this search).
      let answered = false;
      const last = Promise.all(works.slice(5).map((w) => search.find("continue", w))).then(
        (found) => {
          answered = true;
          return found;
        }
      );
      await jest.advanceTimersByTimeAsync(0);
      expect([answered, search.searches]).toEqual([true, 2]);
      expect((await last).map((f) => f.map((i) => i.id))).toEqual(
        works.slice(5).map((w) => [w.invoiceId])
      );
      // A later search (a sweep) still gathers: it waits for the others that may join it.
      let swept = false;
      void search.find("sweep", works[0]).then(() => (swept = true));
      await jest.advanceTimersByTimeAsync(0);
      expect([swept, search.searches]).toEqual([false, 2]);
      await jest.advanceTimersByTimeAsync(REFERENCE_GATHER_MS);
      expect([swept, search.searches]).toEqual([true, 3]);
    } finally {
      jest.useRealTimers();
    }
  });

  it("answers a reference nobody else carries with the run's own invoice, without a search of its own", async () => {
    const works = [1, 2, 3, 4].map((n) => work(n, `id-${n}`));
    const { ctx, calls } = service(works.map((w) => inv(w.invoiceId!, w.ref!)));
    const search = new ReferenceSearch(ctx, works);
    const found = await Promise.all(works.map((w) => search.find("continue", w)));
    expect(found.map((f) => f.map((i) => i.id))).toEqual([["id-1"], ["id-2"], ["id-3"], ["id-4"]]);
    expect(calls).toEqual([{ method: "prefix", args: [PREFIX, ["id-2", "id-3", "id-4"]] }]);
  });

  it("searches a reference on its own when the prefix search did not return the invoice's own id", async () => {
    const works = [work(1, "id-1"), work(2, "id-2")];
    const { ctx, calls } = service([inv("id-1", refOf(1)), inv("id-2", refOf(2))], false);
    const search = new ReferenceSearch(ctx, works);
    const found = await Promise.all(works.map((w) => search.find("continue", w)));
    expect(found.map((f) => f.map((i) => i.id))).toEqual([["id-1"], ["id-2"]]);
    expect(calls.map((c) => c.method)).toEqual(["prefix", "exact", "exact"]);
  });

  it("batches look-ups without an id with a witness the run holds, and searches them alone when it holds none", async () => {
    const works = [work(1), work(2, "id-2"), work(3)];
    const { ctx, calls } = service([inv("id-2", refOf(2)), inv("id-7", refOf(3))]);
    const search = new ReferenceSearch(ctx, works);
    const first = await Promise.all([
      search.find("start", works[0]),
      search.find("continue", works[1]),
    ]);
    expect(first.map((f) => f.map((i) => i.id))).toEqual([[], ["id-2"]]);
    // A look-up alone: invoice 2 (held by the run) is its witness, not left out.
    const third = search.find("start", works[2]);
    search.leave(works[0]);
    expect((await third).map((i) => i.id)).toEqual(["id-7"]);
    expect(calls).toEqual([
      { method: "prefix", args: [PREFIX, []] },
      { method: "prefix", args: [PREFIX, []] },
    ]);
    // Nothing held by the run yet: no witness, so each look-up is searched alone.
    const fresh = [work(4), work(5)];
    const none = service([inv("id-9", refOf(5))]);
    const alone = new ReferenceSearch(none.ctx, fresh);
    const found = await Promise.all(fresh.map((w) => alone.find("start", w)));
    expect(found.map((f) => f.map((i) => i.id))).toEqual([[], ["id-9"]]);
    expect(none.calls.map((c) => c.method)).toEqual(["exact", "exact"]);
  });

  it("searches references of another shape (typed in the sheet, random) one by one", async () => {
    const typed = { ...work(1), ref: "ORDER-17" };
    const { ctx, calls } = service([inv("id-1", "ORDER-17")]);
    const search = new ReferenceSearch(ctx, [typed, work(2)]);
    expect((await search.find("continue", typed)).map((i) => i.id)).toEqual(["id-1"]);
    expect(calls).toEqual([{ method: "exact", args: ["ORDER-17"] }]);
  });

  it("passes a failed search on to every reference it was to answer", async () => {
    const works = [work(1, "id-1"), work(2, "id-2")];
    const { ctx } = service([]);
    ctx.client.findInvoicesByReferencePrefix = () => Promise.reject(new Error("503"));
    const search = new ReferenceSearch(ctx, works);
    const results = await Promise.allSettled(works.map((w) => search.find("continue", w)));
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});
