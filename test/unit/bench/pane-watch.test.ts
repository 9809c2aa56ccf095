/**
 * bench:preview's counting (bench/lib/pane-watch.ts): the progress gap, the clicks' answers, the
 * syncs' largest payloads and the run's truth against the store.
 */
import {
  clickAnswers,
  largestProgressGap,
  runTruth,
  syncStats,
  type RowFacts,
} from "../../../bench/lib/pane-watch";
import { emptySyncRecord } from "../../../preview/hosts/host-rules";

describe("the largest progress gap", () => {
  it("is the longest time between two updates, the summary counting as the last", () => {
    expect(largestProgressGap([100, 600, 2100, 2500], 100, 3000)).toEqual({
      gapMs: 1500,
      at: 600,
    });
    // A long wait after the last update, before the summary, counts.
    expect(largestProgressGap([100, 500], 100, 4000)).toEqual({ gapMs: 3500, at: 500 });
    // Updates after the summary do not; no update at all is one gap from start to end.
    expect(largestProgressGap([100, 5000], 100, 900).gapMs).toBe(800);
    expect(largestProgressGap([], 0, 1200)).toEqual({ gapMs: 1200, at: 0 });
  });
});

describe("click answers", () => {
  it("time each click from its input event to the DOM change; an unanswered click never passes", () => {
    expect(
      clickAnswers([
        { inputAt: 1000, handledAt: 1010, answeredAt: 1030 },
        { inputAt: 2000, handledAt: 2300 },
      ])
    ).toEqual([30, Infinity]);
  });
});

describe("sync stats", () => {
  it("count the syncs that carried something and their largest request and response", () => {
    const sync = (over: Partial<ReturnType<typeof emptySyncRecord>>) => ({
      ...emptySyncRecord(),
      ...over,
    });
    expect(
      syncStats([
        sync({ actions: 3, requestBytes: 900, responseBytes: 10, cellsWritten: 40 }),
        sync({ actions: 0 }),
        sync({ actions: 1, requestBytes: 100, responseBytes: 7000, cellsRead: 500 }),
      ])
    ).toEqual({
      roundTrips: 2,
      largestRequestBytes: 900,
      largestResponseBytes: 7000,
      totalRequestBytes: 1000,
      largestCellsWritten: 40,
      largestCellsRead: 500,
    });
  });
});

describe("the run's truth", () => {
  const row = (invoiceRef: string, invoiceId: string, invoiceNum: string): RowFacts => ({
    invoiceRef,
    invoiceId,
    invoiceNum,
    status: "approved",
  });
  const stored = (id: string, invoiceNum: string | null, status = "approved") => ({
    id,
    invoiceNum,
    status,
  });

  it("passes rows that name their approved invoice with its number", () => {
    const rows = [row("R1", "A", "N1"), row("R1", "a", "N1"), row("R2", "B", "N2")];
    expect(runTruth(rows, [stored("a", "N1"), stored("b", "N2")])).toEqual({
      duplicates: 0,
      lostRows: 0,
      trueRows: 3,
      splitRefs: 0,
      approvedInvoices: 2,
    });
  });

  it("counts a second invoice no row names, rows without an invoice or with another number, and a split reference", () => {
    const rows = [
      row("R1", "a", "N1"),
      row("R1", "c", "N3"),
      row("R2", "", ""),
      row("R3", "b", "N9"),
      row("R4", "zz", "N4"),
    ];
    const truth = runTruth(rows, [
      stored("a", "N1"),
      stored("b", "N2"),
      stored("c", "N3"),
      stored("d", null, "created"),
    ]);
    expect(truth).toEqual({
      duplicates: 2, // b (its row shows another number) and d (a stray draft)
      lostRows: 3,
      trueRows: 2,
      splitRefs: 1,
      approvedInvoices: 2,
    });
  });

  it("does not call a row true whose invoice is not approved in the store", () => {
    const truth = runTruth([row("R1", "a", "N1")], [stored("a", "N1", "approvalinprogress")]);
    expect(truth.trueRows).toBe(0);
    expect(truth.approvedInvoices).toBe(0);
  });
});
