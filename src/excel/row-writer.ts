import type { RowUpdate } from "../invoices";
import { ensureResultColumns, type ResultColumnOptions } from "./ensure-result-columns";
import type { ResultColumnMap, SheetTarget } from "./sheet-target";
import type { SyncCounter } from "./sync-counter";
import { openUndoGroup } from "./undo-group";
import { writeRowUpdates } from "./write-results";

/** What the task pane hands the engine as `onRowUpdates`, plus its round-trip count. */
export interface RowWriter {
  /** Writes one batch of updates: one sync per call once the result columns are known. */
  onRowUpdates(updates: RowUpdate[]): Promise<void>;
  /** Finds or appends the result columns now (one or two syncs), so the first batch costs one sync. */
  prepare(): Promise<ResultColumnMap>;
  /** Every `context.sync()` this writer made, the column setup included. */
  readonly syncCount: number;
  /** Ends the run's undo step (see `oneUndoStep`) once every batch is written; safe to call twice. */
  close(): Promise<void>;
  /**
   * Runs `batch` after the batches handed in before it, in the run's undo step where there is one
   * (so that one Ctrl+Z undoes it with the write-back: the run's Billing log rows), else in an
   * `Excel.run` of its own.
   */
  inStep<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
}

/** Options of {@link createRowWriter}. */
export interface RowWriterOptions extends ResultColumnOptions {
  /**
   * Every batch this writer writes is one undo step (Ctrl+Z undoes the run's write-back at once)
   * where Excel has undo for add-ins (ExcelApi 1.20); call `close()` when the run has ended.
   */
  oneUndoStep?: boolean;
}

/**
 * A writer for one block of invoice rows. It looks up (or appends) the result columns once and
 * remembers them, so each later batch of updates is exactly one round trip to Excel. Batches are
 * written one after another in call order, never interleaved. A send or credit run passes
 * `{ afterApproval: true }`, so `sent`, `creditNoteNum` and `creditNoteId` are there too.
 */
export function createRowWriter(target: SheetTarget, options: RowWriterOptions = {}): RowWriter {
  const counter: SyncCounter = { count: 0 };
  const group = options.oneUndoStep ? openUndoGroup() : undefined;
  let columns: Promise<ResultColumnMap> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const prepare = () => {
    columns ??= ensureResultColumns(target, counter, options).catch((e: unknown) => {
      columns = undefined;
      throw e;
    });
    return columns;
  };

  return {
    prepare,
    get syncCount() {
      return counter.count;
    },
    onRowUpdates(updates) {
      const done = queue.then(async () => {
        if (updates.length === 0) return;
        await writeRowUpdates(target, updates, await prepare(), counter, group);
      });
      queue = done.catch(() => undefined);
      return done;
    },
    async close() {
      await queue;
      await group?.close();
    },
    inStep(batch) {
      const done = queue.then(() => (group ? group.run(batch) : Excel.run(batch)));
      queue = done.catch(() => undefined);
      return done;
    },
  };
}
