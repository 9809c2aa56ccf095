/**
 * The request context: Excel's batching. Property writes and method calls are queued and run, in
 * order, against the workbook model only at `context.sync()`; loaded values become readable only
 * after that sync. A failing action rejects the sync and drops the rest of the batch, as Excel does.
 */
import type { WorkbookModel } from "./workbook-model";
import { ModelError } from "./workbook-model";
import { FakeExcelError } from "./errors";

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

  constructor(
    readonly model: WorkbookModel,
    private readonly makeWorkbook: (context: FakeRequestContext) => unknown
  ) {}

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
    // A real round trip is asynchronous: let other tasks (the grid, other Excel.run batches) run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      for (const action of actions) action();
    } catch (e) {
      throw toExcelError(e);
    }
    this.syncCount += 1;
    // office.js sends nothing for a sync with nothing queued (Excel.run's closing sync, usually).
    if (actions.length > 0) this.model.roundTrips += 1;
    return passThrough;
  }

  /** Excel's tracked objects: nothing to track in the preview. */
  readonly trackedObjects = { add(): void {}, remove(): void {} };
}
