import { isSetSupported } from "./host-requirements";

/**
 * One undo step for many writes made over time (a run's write-back): from ExcelApi 1.20 an add-in's
 * writes join Excel's undo stack, one step per `context.sync()`, unless they are made in one
 * `Excel.run({ mergeUndoGroup: true }, …)` (Microsoft's "Undo capabilities" for Excel add-ins). The
 * group keeps that one `Excel.run` open and runs each batch handed to it inside it, in order, until
 * it is closed. On an older Excel there is no undo of an add-in's writes at all, and no group.
 */
export interface UndoGroup {
  /** Runs `batch` on the group's context (after the batches handed in before it). */
  run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  /** Ends the `Excel.run` once the batches handed in have run. */
  close(): Promise<void>;
}

interface Job {
  batch: (context: Excel.RequestContext) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A new group where the host merges undo steps (ExcelApi 1.20); undefined elsewhere. */
export function openUndoGroup(): UndoGroup | undefined {
  if (!isSetSupported("ExcelApi", "1.20")) return undefined;
  const jobs: Job[] = [];
  let wake: (() => void) | undefined;
  let closed = false;
  const nudge = () => {
    wake?.();
    wake = undefined;
  };
  const done = Excel.run({ mergeUndoGroup: true }, async (context) => {
    for (;;) {
      const job = jobs.shift();
      if (job) {
        await job.batch(context).then(job.resolve, job.reject);
        continue;
      }
      if (closed) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  });
  // A group whose Excel.run fails fails every batch still waiting, never silently.
  const failed = done.catch((error: unknown) => {
    for (const job of jobs.splice(0)) job.reject(error);
  });
  return {
    run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error("The undo group is closed."));
      return new Promise<T>((resolve, reject) => {
        jobs.push({ batch, resolve: resolve as (value: unknown) => void, reject });
        nudge();
      });
    },
    async close(): Promise<void> {
      closed = true;
      nudge();
      await failed;
    },
  };
}
