/**
 * The request context: Excel's batching. Property writes and method calls are queued and run, in
 * order, against the workbook model only at `context.sync()`; loaded values become readable only
 * after that sync. A failing action rejects the sync and drops the rest of the batch, as Excel does.
 */
import type { WorkbookModel } from "./workbook-model";
import { ModelError } from "./workbook-model";
import { FakeExcelError } from "./errors";
import type { HostRules, SyncRecord } from "../hosts/host-rules";
import { apiNotFound, emptySyncRecord, limitError, missingMember } from "../hosts/host-rules";

/** One queued action. */
export type Action = () => void;

/** Turns a model failure into the Excel error code the add-in would see. */
export function toExcelError(e: unknown): unknown {
  if (e instanceof ModelError) return new FakeExcelError(e.code, e.message);
  return e;
}

/** A context bound to one workbook model. */
export class FakeRequestContext {
  private queue: Action[] = [];
  /** Number of completed syncs, for tests and the counter the add-in keeps. */
  syncCount = 0;
  /** Created lazily by `workbook` (see workbook.ts) to avoid an import cycle. */
  private workbookProxy: unknown;
  /** Set by `Excel.run({ mergeUndoGroup: true }, …)` on a 1.20+ host: its syncs are one undo step. */
  undoGroup: object | undefined;
  /** What the queued batch writes (counted as it is queued). */
  private pending: SyncRecord = emptySyncRecord();
  /** What the running sync carries; undefined between syncs. */
  private running: SyncRecord | undefined;

  constructor(
    readonly model: WorkbookModel,
    private readonly makeWorkbook: (context: FakeRequestContext) => unknown,
    /** The host profile's rules: the members it lacks, its limits per sync. */
    readonly host: HostRules
  ) {}

  /** True while a sync runs its actions (loads happen then). */
  get syncing(): boolean {
    return this.running !== undefined;
  }

  /** True when the host profile has the member (Excel's type name, the API's member name). */
  hasMember(type: string, member: string): boolean {
    return missingMember(this.host, type, member) === undefined;
  }

  /**
   * A member of a fake type was used: under a profile that lacks it, the sync that carries it fails
   * with ApiNotFound (at once when used inside a sync, as a load path is).
   */
  useMember(type: string, member: string): void {
    const needs = missingMember(this.host, type, member);
    if (needs === undefined) return;
    const error = apiNotFound(this.host, type, member, needs);
    if (this.running) throw error;
    this.enqueue(() => {
      throw error;
    });
  }

  /** Counts a write of `cells` cells (and, under limits, its JSON size) into the queued batch. */
  countWrite(cells: number, value: unknown): void {
    this.pending.cellsWritten += cells;
    if (this.host.profile.limits) this.pending.requestBytes += JSON.stringify(value ?? null).length;
  }

  /** Counts cells about to be read in the running sync; throws past Excel on the web's limit. */
  countCells(cells: number): void {
    const record = this.running;
    if (!record || cells === 0) return;
    record.cellsRead += cells;
    const error = limitError(this.host, record);
    if (error) throw error;
  }

  /** Counts a loaded value's size in the running sync; throws past Excel on the web's limit. */
  countRead(value: unknown): void {
    const record = this.running;
    if (!record) return;
    if (this.host.profile.limits) {
      record.responseBytes += JSON.stringify(value ?? null).length;
      const error = limitError(this.host, record);
      if (error) throw error;
    }
  }

  /** `context.workbook`. */
  get workbook(): unknown {
    this.workbookProxy ??= this.makeWorkbook(this);
    return this.workbookProxy;
  }

  /** Queues an action for the next sync. */
  enqueue(action: Action): void {
    this.queue.push(action);
  }

  /** Runs the queued actions in order; the first failure rejects and drops the rest. */
  async sync<T>(passThrough?: T): Promise<T | undefined> {
    const actions = this.queue;
    this.queue = [];
    const record = { ...this.pending, actions: actions.length };
    this.pending = emptySyncRecord();
    // A real round trip is asynchronous: let other tasks (the grid, other Excel.run batches) run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The fake host's own work from here to the end of the sync (its share in bench:sheet).
    const hostStarted = performance.now();
    this.model.syncLog.push(record);
    this.running = record;
    const undo = actions.length > 0 ? this.model.undo : undefined;
    const before = undo?.before(this.model);
    try {
      // Excel on the web refuses a request over its limit before it runs any of it.
      const tooLarge = limitError(this.host, { ...record, cellsRead: 0, responseBytes: 0 });
      if (tooLarge) throw tooLarge;
      for (const action of actions) action();
    } catch (e) {
      throw toExcelError(e);
    } finally {
      this.running = undefined;
      if (undo && before) undo.after(this.model, before, this.undoGroup);
      this.model.hostMs += performance.now() - hostStarted;
    }
    this.syncCount += 1;
    // office.js sends nothing for a sync with nothing queued (Excel.run's closing sync, usually).
    if (actions.length > 0) this.model.roundTrips += 1;
    return passThrough;
  }

  /** Excel's tracked objects: nothing to track in the preview. */
  readonly trackedObjects = { add(): void {}, remove(): void {} };
}
