/**
 * The invoice run and Send / Credit never hold the sheet at once (issue 21): each part is told when
 * the other becomes busy or free, per document.
 */
import { busyElsewhere, onBusyChange, setBusy } from "../../../src/taskpane/pane-busy";

describe("who holds the sheet", () => {
  it("tells the other part, not the one that changed, and only on a change", () => {
    const doc = {};
    const told: string[] = [];
    onBusyChange(doc, "invoice run", () => told.push("invoice run"));
    const stop = onBusyChange(doc, "send or credit", () => told.push("send or credit"));

    setBusy(doc, "send or credit", true);
    setBusy(doc, "send or credit", true);
    expect(told).toEqual(["invoice run"]);
    expect(busyElsewhere(doc, "invoice run")).toBe(true);
    expect(busyElsewhere(doc, "send or credit")).toBe(false);

    setBusy(doc, "invoice run", true);
    expect(told).toEqual(["invoice run", "send or credit"]);
    stop();
    setBusy(doc, "invoice run", false);
    setBusy(doc, "send or credit", false);
    expect(told).toEqual(["invoice run", "send or credit", "invoice run"]);
    expect(busyElsewhere(doc, "invoice run")).toBe(false);
  });

  it("keeps each document's state apart", () => {
    const a = {};
    const b = {};
    setBusy(a, "invoice run", true);
    expect(busyElsewhere(a, "send or credit")).toBe(true);
    expect(busyElsewhere(b, "send or credit")).toBe(false);
  });
});
