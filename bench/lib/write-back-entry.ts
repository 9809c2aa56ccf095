/**
 * Bundled by bench:sheet (esbuild) and run inside the task pane's frame, where the preview's `Excel`
 * host is installed: the add-in's real write-back (createRowWriter → writeRowUpdates) fed the final
 * results of every selected row, as one batch. Exposes `window.billingBenchWriteBack()`.
 */
import { createRowWriter, readSelection } from "../../src/excel";

/** Reads the selection (real code), then writes approved results for each row; ms of the write. */
async function writeBack(): Promise<{ rows: number; ms: number; syncs: number }> {
  const read = await readSelection();
  const writer = createRowWriter(read);
  const updates = read.snapshot.rows.map((row, i) => ({
    rowNumber: row.rowNumber,
    invoiceId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    status: "approved" as const,
    invoiceNum: `F${String(100000 + i)}`,
    message: "",
    externalReference: `XL-bench-${i}`,
  }));
  const started = performance.now();
  await writer.onRowUpdates(updates);
  return { rows: updates.length, ms: performance.now() - started, syncs: writer.syncCount };
}

(window as unknown as { billingBenchWriteBack: typeof writeBack }).billingBenchWriteBack =
  writeBack;
