/**
 * The reference check of a whole run in a few paged searches. Before a draft is approved
 * (actions/reference-claim.ts), after a create whose answer was cut, and in the sweep beside the
 * polls, the engine asks which invoices carry an invoice's reference. One search per invoice was
 * the tail of a run of thousands (5,000 searches at 5,000 invoices). Here the searches asked for
 * at about the same moment are gathered and answered together.
 *
 * Which filter, and why (Billing OpenAPI `GetInvoicesQueryParams` of `POST /Invoices/filter`):
 * its list filters are `includeOnlyIds`, `excludeIds`, `invoiceStatus`, `invoiceType`,
 * `propertyGroupIds`; none takes references. A search by ids cannot find the extra draft a resent
 * create made (its id is unknown); `invoiceStatus: created` would miss an invoice another pane
 * has approved under the same reference; `startDateTime` bounds a date the document does not name,
 * and the invoice date of a row left blank is the day it runs. So: `flexSearch` with the prefix
 * every derived reference of one sheet shares (`XL-` and 8 hex digits of the sheet's scope,
 * engine/derived-reference.ts), and `excludeIds` with every id the run already knows under that
 * prefix except the ids of the invoices being checked. The answer is the invoices being checked,
 * as the service holds them now, and every invoice under the sheet's prefix the run does not know:
 * strays of resent creates, another pane's creates, a run's whose results were undone. It grows
 * with pages of those, not with the run's invoices.
 *
 * What `flexSearch` matches is not in the vendor's document. So a reference's batched answer is
 * trusted only when it returns its witness: one invoice of the run under the prefix that the search
 * does not leave out (the search matched a reference by its first characters, so it finds every
 * invoice whose reference starts with them); otherwise each reference is searched on its own,
 * exactly as before. A reference nobody else carries is answered with the run's own invoice as the
 * run holds it; one that others carry too is searched on its own and judged on that fresh answer.
 * An invoice with no id yet (a look-up after a cut create) takes the answer as it is. Judged by the
 * same rule afterwards
 * (engine/reference-keeper.ts): each reference gets the very list its own search would give.
 */
import type { Invoice, SearchedInvoices } from "../../api";
import type { GatheredSearch, RunContext, Work } from "./work";
import { referencePrefixOf } from "./derived-reference";
import type { SlotPriority } from "./slot-pool";
import { TAIL_DRAFTS } from "./bulk-approver";

/** How long searches asked for are gathered before they go out (as long as a bulk approve waits). */
export const REFERENCE_GATHER_MS = 1000;
/** References answered by one gathered search at most (as many as a bulk approve names). */
export const MAX_REFERENCES_PER_SEARCH = 100;

/** The look-ups before a draft is approved (reference-claim.ts): they decide on what is absent. */
const DECIDING: ReadonlySet<SlotPriority> = new Set(["continue", "probe"]);

const PRIORITY_ORDER: readonly SlotPriority[] = ["probe", "start", "continue", "poll", "sweep"];

interface Pending {
  work: Work;
  ref: string;
  own?: string;
  priority: SlotPriority;
  resolve: (found: Invoice[]) => void;
  reject: (error: unknown) => void;
}

/** See the module comment; one per run. */
export class ReferenceSearch implements GatheredSearch {
  private groups?: Map<string, Work[]>;
  private readonly waiting = new Map<string, Pending[]>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly arrived = new Set<Work>();
  private readonly left = new Set<Work>();
  /** Per prefix: invoices that have not searched yet, and those that have and not left since. */
  private readonly expected = new Map<string, number>();
  private readonly active = new Map<string, number>();
  /** Prefixes whose waiting searches went when the tail was reached ({@link tail}). */
  private readonly tailSent = new Set<string>();
  /** Gathered searches sent (bench and tests). */
  searches = 0;

  constructor(
    private readonly ctx: Pick<RunContext, "client" | "call" | "callHoldingStarts" | "options">,
    private readonly works: readonly Work[]
  ) {}

  /** The invoices carrying `work.ref` (only exact matches); rejects as the client's search would. */
  find(priority: SlotPriority, work: Work): Promise<Invoice[]> {
    const ref = work.ref!;
    const prefix = referencePrefixOf(ref);
    const own = work.invoiceId;
    const groups = this.groupsOf();
    const batchable =
      prefix !== undefined &&
      this.ctx.client.findInvoicesByReferencePrefix !== undefined &&
      (groups.get(prefix)?.length ?? 0) > 1 &&
      // The run's own invoice must be what it holds (else its state is not known: searched alone).
      (own === undefined || sameId(own, heldId(work)));
    if (!batchable) return this.single(priority, ref);
    const lastFirst = this.arrive(work, prefix) && (this.expected.get(prefix) ?? 0) <= 0;
    return new Promise<Invoice[]>((resolve, reject) => {
      const list = this.waiting.get(prefix) ?? [];
      list.push({ work, ref, own, priority, resolve, reject });
      this.waiting.set(prefix, list);
      // The last invoice of the prefix to search for the first time goes at once with what waits:
      // nothing else is waiting to be created, and the run's last approvals wait for this search
      // (up to REFERENCE_GATHER_MS at the end of every run). Later searches (sweeps,
      // read-backs) still gather.
      if (
        lastFirst ||
        list.length >= MAX_REFERENCES_PER_SEARCH ||
        this.noOneElse(prefix) ||
        this.tail(prefix)
      )
        this.flush(prefix);
      else if (!this.timers.has(prefix))
        this.timers.set(
          prefix,
          setTimeout(() => this.flush(prefix), REFERENCE_GATHER_MS)
        );
    });
  }

  /** `work` will not search again in this run: searches waiting need not wait for it. */
  leave(work: Work): void {
    const prefix = work.ref === undefined ? undefined : referencePrefixOf(work.ref);
    if (prefix === undefined || this.groups === undefined) return;
    const lastFirst = this.arrive(work, prefix) && (this.expected.get(prefix) ?? 0) <= 0;
    if (!work.final && !this.left.has(work)) {
      this.left.add(work);
      this.active.set(prefix, (this.active.get(prefix) ?? 0) - 1);
    }
    if (this.waiting.has(prefix) && (lastFirst || this.noOneElse(prefix))) this.flush(prefix);
  }

  /**
   * Once, when only {@link TAIL_DRAFTS} invoices of a larger group are left to search: what waits
   * goes now, so that the last search (and the bulk approve after it) stays small, as the bulk
   * approver keeps its last request (bulk-approver.ts): the numbers of its drafts are what the run
   * reads after its last approval wait, and one small request's are read in one round.
   */
  private tail(prefix: string): boolean {
    if (this.tailSent.has(prefix) || (this.groups?.get(prefix)?.length ?? 0) <= TAIL_DRAFTS)
      return false;
    if ((this.expected.get(prefix) ?? 0) > TAIL_DRAFTS) return false;
    this.tailSent.add(prefix);
    return true;
  }

  /** Every invoice of the prefix that may still search is waiting: none can join the batch now. */
  private noOneElse(prefix: string): boolean {
    const waiting = this.waiting.get(prefix)?.length ?? 0;
    return (this.expected.get(prefix) ?? 0) <= 0 && waiting >= (this.active.get(prefix) ?? 0);
  }

  /** The run's invoices by the prefix of their reference (made at the first search: refs are set). */
  private groupsOf(): Map<string, Work[]> {
    if (this.groups !== undefined) return this.groups;
    this.groups = new Map();
    for (const work of this.works) {
      const prefix = work.ref === undefined ? undefined : referencePrefixOf(work.ref);
      if (prefix === undefined) continue;
      const group = this.groups.get(prefix);
      if (group === undefined) this.groups.set(prefix, [work]);
      else group.push(work);
      if (!work.final) this.expected.set(prefix, (this.expected.get(prefix) ?? 0) + 1);
    }
    return this.groups;
  }

  /** Counts `work`'s first search (or leave); true when this was its first. */
  private arrive(work: Work, prefix: string): boolean {
    if (work.final || this.arrived.has(work)) return false;
    this.arrived.add(work);
    this.expected.set(prefix, (this.expected.get(prefix) ?? 0) - 1);
    this.active.set(prefix, (this.active.get(prefix) ?? 0) + 1);
    return true;
  }

  /** The search of one reference on its own (no gathering). */
  private single(priority: SlotPriority, ref: string): Promise<Invoice[]> {
    return this.ctx.call(priority, () => this.ctx.client.findInvoicesByExternalReference(ref));
  }

  private flush(prefix: string): void {
    const timer = this.timers.get(prefix);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(prefix);
    const waiting = this.waiting.get(prefix) ?? [];
    this.waiting.delete(prefix);
    if (waiting.length > 0) void this.send(prefix, waiting);
  }

  /** Every id the run knows under `prefix`, as it stands now (lower case). */
  private knownIds(prefix: string): Set<string> {
    const known = new Set<string>();
    for (const work of this.groups?.get(prefix) ?? []) {
      for (const id of [work.invoiceId, work.invoice.invoiceId, heldId(work)])
        if (id !== undefined) known.add(id.toLowerCase());
    }
    return known;
  }

  /** The id of some invoice the run holds under `prefix` (a witness for a batch of look-ups). */
  private anyHeld(prefix: string): string | undefined {
    for (const work of this.groups?.get(prefix) ?? []) {
      const id = heldId(work);
      if (id !== undefined) return id;
    }
    return undefined;
  }

  /**
   * One paged search for `batch`: every invoice under the prefix but those the run knows, and the
   * first own invoice of the batch (its witness). A reference nobody else carries is answered with
   * the run's own invoice; one that others carry too is searched on its own, and judged on it.
   */
  private async send(prefix: string, batch: Pending[]): Promise<void> {
    // The witness: an invoice of the run under the prefix, not left out, that must come back.
    const witness = batch.find((p) => p.own !== undefined);
    const witnessId = (witness?.own ?? this.anyHeld(prefix))?.toLowerCase();
    if (witnessId === undefined) {
      // Nothing of the run under the prefix yet to prove the search by: each searched alone.
      for (const p of batch) this.single(p.priority, p.ref).then(p.resolve, p.reject);
      return;
    }
    const priority = gatheredPriority(batch);
    // Before approves: no create starts while it pages (a new create is a new page of its answer).
    const holding = priority === "probe" && this.ctx.callHoldingStarts !== undefined;
    const call = <T>(p: SlotPriority, task: () => Promise<T>) =>
      holding ? this.ctx.callHoldingStarts!(p, task) : this.ctx.call(p, task);
    let found: SearchedInvoices;
    try {
      this.searches += 1;
      found = await call(priority, () => {
        // Known when the slot is taken: the creates answered while it waited are left out too.
        const known = this.knownIds(prefix);
        known.delete(witnessId);
        return this.ctx.client.findInvoicesByReferencePrefix!(prefix, { excludeIds: [...known] });
      });
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    const byRef = new Map<string, Invoice[]>();
    for (const invoice of found) {
      const ref = invoice.externalReference ?? "";
      const list = byRef.get(ref);
      if (list === undefined) byRef.set(ref, [invoice]);
      else list.push(invoice);
    }
    const trusted = found.some((i) => sameId(i.id, witnessId));
    // An answer of several pages may have missed an invoice another pane deleted from under it
    // (the pages shift): good enough to find what is there, not to say a draft is alone before it
    // is approved. Those look-ups are searched on their own (one reference: one page).
    const paged = (found.pages ?? 1) > 1;
    for (const p of batch) {
      if (paged && DECIDING.has(p.priority)) {
        this.single(p.priority, p.ref).then(p.resolve, p.reject);
        continue;
      }
      const carrying = byRef.get(p.ref) ?? [];
      const others = carrying.filter((i) => !sameId(i.id, p.own));
      const held = p.work.held.kind === "invoice" ? p.work.held.invoice : undefined;
      if (trusted && p.own === undefined) p.resolve(carrying);
      else if (trusted && others.length === 0 && p === witness) p.resolve(carrying);
      else if (trusted && others.length === 0 && held !== undefined && sameId(held.id, p.own))
        p.resolve([held]);
      // Another invoice carries its reference (or the search is not trusted): its own search by
      // the exact reference, fresh.
      else this.single(p.priority, p.ref).then(p.resolve, p.reject);
    }
  }
}

/**
 * The slot priority of one gathered search: its most urgent look-up's, but a search for drafts
 * about to be approved (`continue`) goes with the bulk approve it precedes (`probe`,
 * bulk-approver.ts), holding the starts while it pages. One search answers up to 100 references;
 * behind the creates, every approval of the run waited for the last create, so every number came
 * an approval time after it and all were read then, one page after another: the tail of a run of
 * thousands (docs/benchmarks/invoices.md).
 */
function gatheredPriority(batch: readonly Pending[]): SlotPriority {
  const most = PRIORITY_ORDER.find((o) => batch.some((p) => p.priority === o)) ?? "sweep";
  return most === "continue" ? "probe" : most;
}

function sameId(a: string, b: string | undefined): boolean {
  return b !== undefined && a.toLowerCase() === b.toLowerCase();
}

function heldId(work: Work): string | undefined {
  return work.held.kind === "invoice" ? work.held.invoice.id : undefined;
}
