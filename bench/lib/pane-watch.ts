/**
 * What bench:preview watches in the task pane while a run goes on, and how it judges it.
 *
 * `installPaneWatch` runs in the pane's frame (before the run): MutationObservers stamp (the
 * frame's `performance.now()`) every change of the progress bar's value and of the progress line's
 * text, the moment the summary box shows and the moment the run card says "settled"; a capturing
 * `pointerdown` listener stamps each click on the tab strip with the input event's own time
 * (`event.timeStamp`: when the browser made the event, so a main thread that is busy when the
 * click comes counts), and the first DOM change under the tab strip or its panels after it is the
 * pane's answer. The pure functions below turn those stamps, the fake host's sync log and the
 * simulator's store into the bench's figures (tested in test/unit/bench/pane-watch.test.ts).
 */
import type { SyncRecord } from "../../preview/hosts/host-rules";

/** One click on the tab strip: when the browser made the input event, when the pane changed. */
export interface ClickStamp {
  inputAt: number;
  /** When the listener ran (the main thread took the event). */
  handledAt: number;
  /** The first DOM change under the tabs or their panels after the click; absent if none came. */
  answeredAt?: number;
}

/** Everything the watch stamped (ms of the pane frame's clock). */
export interface PaneStamps {
  progress: { at: number; text: string }[];
  summaryAt?: number;
  settledAt?: number;
  clicks: ClickStamp[];
}

/** Runs in the pane's frame: starts stamping (read back with {@link readPaneStamps}). */
export function installPaneWatch(): void {
  const stamps: PaneStamps = { progress: [], clicks: [] };
  (window as unknown as { billingBenchStamps: PaneStamps }).billingBenchStamps = stamps;
  const byId = (id: string) => {
    const el = document.getElementById(id);
    if (!el) throw new Error(`the pane has no #${id}`);
    return el;
  };
  const bar = byId("progress");
  const line = byId("progress-text");
  let last = "";
  const noteProgress = () => {
    const text = `${bar.getAttribute("value")}/${bar.getAttribute("max")} ${line.textContent ?? ""}`;
    if (text === last) return;
    last = text;
    stamps.progress.push({ at: performance.now(), text });
  };
  new MutationObserver(noteProgress).observe(bar, { attributes: true });
  new MutationObserver(noteProgress).observe(line, {
    childList: true,
    characterData: true,
    subtree: true,
  });
  const summary = byId("summary");
  new MutationObserver(() => {
    if (!summary.hidden && stamps.summaryAt === undefined) stamps.summaryAt = performance.now();
  }).observe(summary, { attributes: true, attributeFilter: ["hidden"] });
  const card = byId("run-card");
  new MutationObserver(() => {
    if (card.getAttribute("data-run") === "settled") stamps.settledAt ??= performance.now();
  }).observe(card, { attributes: true, attributeFilter: ["data-run"] });

  const tabs = byId("tabs");
  const answer = () => {
    const open = stamps.clicks[stamps.clicks.length - 1];
    if (open && open.answeredAt === undefined) open.answeredAt = performance.now();
  };
  const watched = [tabs, byId("panel-invoices"), byId("panel-lookups"), byId("panel-connection")];
  for (const el of watched)
    new MutationObserver(answer).observe(el, { attributes: true, attributeFilter: ["hidden"] });
  new MutationObserver(answer).observe(tabs, { attributes: true, subtree: true });
  document.addEventListener(
    "pointerdown",
    (event) => {
      if (!(event.target instanceof Node) || !tabs.contains(event.target)) return;
      stamps.clicks.push({ inputAt: event.timeStamp, handledAt: performance.now() });
    },
    true
  );
}

/** Runs in the pane's frame: the stamps so far. */
export function readPaneStamps(): PaneStamps {
  return (window as unknown as { billingBenchStamps: PaneStamps }).billingBenchStamps;
}

/**
 * The largest time between two progress updates from the first one to `end` (the summary shown):
 * the longest the controller saw no movement. The end counts as a last update; with no progress at
 * all the gap is the whole of `start`..`end`.
 */
export function largestProgressGap(
  stamps: readonly number[],
  start: number,
  end: number
): { gapMs: number; at: number } {
  const times = [...stamps.filter((t) => t <= end), end].sort((a, b) => a - b);
  let previous = times.length > 1 ? times[0] : start;
  let worst = { gapMs: 0, at: previous };
  for (const t of times) {
    if (t - previous > worst.gapMs) worst = { gapMs: t - previous, at: previous };
    previous = t;
  }
  return worst;
}

/** The clicks' answer times (from the input event to the pane's DOM change); unanswered = Infinity. */
export function clickAnswers(clicks: readonly ClickStamp[]): number[] {
  return clicks.map((c) => (c.answeredAt === undefined ? Infinity : c.answeredAt - c.inputAt));
}

/** What the run's syncs carried: round trips (syncs that sent something) and the largest of each. */
export function syncStats(records: readonly SyncRecord[]): {
  roundTrips: number;
  largestRequestBytes: number;
  largestResponseBytes: number;
  totalRequestBytes: number;
  largestCellsWritten: number;
  largestCellsRead: number;
} {
  const sent = records.filter((r) => r.actions > 0);
  const max = (pick: (r: SyncRecord) => number) => sent.reduce((m, r) => Math.max(m, pick(r)), 0);
  return {
    roundTrips: sent.length,
    largestRequestBytes: max((r) => r.requestBytes),
    largestResponseBytes: max((r) => r.responseBytes),
    totalRequestBytes: sent.reduce((n, r) => n + r.requestBytes, 0),
    largestCellsWritten: max((r) => r.cellsWritten),
    largestCellsRead: max((r) => r.cellsRead),
  };
}

/** One invoice of the service's store (bench/lib/simulator-process.ts `StoreRow`, the fields used). */
export interface StoredInvoiceFacts {
  id: string;
  status: string;
  invoiceNum: string | null;
}

/** One sheet row after the run: its invoice reference and what the pane wrote. */
export interface RowFacts {
  invoiceRef: string;
  invoiceId: string;
  invoiceNum: string;
  status: string;
}

/** The run's truth against the store. */
export interface RunTruth {
  /** Invoices in the store that no row names (a second invoice for a reference, a stray draft). */
  duplicates: number;
  /** Rows that name no invoice, an invoice the store does not hold, or another number than the store's. */
  lostRows: number;
  /** Rows showing `approved` with the store's number, its invoice approved in the store. */
  trueRows: number;
  /** Invoice references whose rows name more than one invoice. */
  splitRefs: number;
  /** Distinct invoices the rows name, each approved in the store. */
  approvedInvoices: number;
}

/** Checks every row against the store: 0 duplicates, 0 lost rows, every row true. */
export function runTruth(
  rows: readonly RowFacts[],
  store: readonly StoredInvoiceFacts[],
  approvedStatus = "approved"
): RunTruth {
  const byId = new Map(store.map((i) => [i.id.toLowerCase(), i]));
  const named = new Set<string>();
  const idsOfRef = new Map<string, Set<string>>();
  let lostRows = 0;
  let trueRows = 0;
  for (const row of rows) {
    const id = row.invoiceId.toLowerCase();
    const stored = id === "" ? undefined : byId.get(id);
    if (!stored || (stored.invoiceNum ?? "") === "" || stored.invoiceNum !== row.invoiceNum) {
      lostRows += 1;
      continue;
    }
    named.add(id);
    const ids = idsOfRef.get(row.invoiceRef) ?? new Set<string>();
    ids.add(id);
    idsOfRef.set(row.invoiceRef, ids);
    if (stored.status === approvedStatus && row.status === approvedStatus) trueRows += 1;
  }
  const approvedInvoices = [...named].filter(
    (id) => byId.get(id)?.status === approvedStatus
  ).length;
  return {
    duplicates: store.filter((i) => !named.has(i.id.toLowerCase())).length,
    lostRows,
    trueRows,
    splitRefs: [...idsOfRef.values()].filter((ids) => ids.size > 1).length,
    approvedInvoices,
  };
}
