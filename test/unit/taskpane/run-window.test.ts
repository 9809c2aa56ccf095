/**
 * @jest-environment jsdom
 *
 * A run survives the window: while a part of the pane holds the sheet, Excel asks
 * before the workbook closes (SharedRuntime 1.2, where the host has it), and the pane says what is
 * in flight when the close was cancelled or the pane is shown again. A stand-in for Office's host.
 */
import { watchRunWindow, type InFlight, type WindowHost } from "../../../src/taskpane/run-window";

/** A host that records what the pane asked and lets the test fire its events. */
function standIn(sharedRuntime12: boolean) {
  const asked: boolean[] = [];
  const fire: { cancelled?: () => void; shown?: () => void } = {};
  let shows = 0;
  const host: WindowHost = {
    canAskBeforeClose: () => sharedRuntime12,
    askBeforeClose: async (on) => void asked.push(on),
    onCloseCancelled: async (handler) => (fire.cancelled = handler),
    onPaneShown: async (handler) => (fire.shown = handler),
    showPane: async () => void (shows += 1),
  };
  return { host, asked, fire, shows: () => shows };
}

/** A stand-in for the run card: what holds the sheet, set by the test, and its change events. */
function page(): { doc: InFlight & { set(what: string | undefined): void }; note: HTMLElement } {
  document.body.innerHTML = `<p id="window-note" hidden></p>`;
  let now: string | undefined;
  const listeners: (() => void)[] = [];
  const doc = {
    what: () => now,
    onChange: (listener: () => void) => void listeners.push(listener),
    set(what: string | undefined) {
      now = what;
      for (const l of listeners) l();
    },
  };
  return { doc, note: document.getElementById("window-note")! };
}

const INVOICE_RUN = "an invoice run (create and approve): 3 of 10 invoices done";

describe("the run and the window", () => {
  it("asks before the workbook closes only while a run holds the sheet", async () => {
    const { doc, note } = page();
    const { host, asked } = standIn(true);
    await watchRunWindow(doc, note, host);
    doc.set(INVOICE_RUN);
    doc.set("a send run");
    expect(asked).toEqual([true]);
    doc.set(undefined);
    expect(asked).toEqual([true, false]);
  });

  it("says what is in flight and opens the pane when the controller answers Don't close", async () => {
    const { doc, note } = page();
    const { host, fire, shows } = standIn(true);
    await watchRunWindow(doc, note, host);
    doc.set(INVOICE_RUN);
    fire.cancelled!();
    expect(note.hidden).toBe(false);
    expect(note.textContent).toBe(
      "Still in flight: an invoice run (create and approve): 3 of 10 invoices done. Keep the workbook open until it ends; if it closes now, the run stops where it is, and the next run on these rows settles what it left open."
    );
    expect(shows()).toBe(1);
    doc.set(undefined);
    expect(note.hidden).toBe(true);
  });

  it("shows the run again when the pane is opened again during it, and nothing after it", async () => {
    const { doc, note } = page();
    const { host, fire } = standIn(false);
    await watchRunWindow(doc, note, host);
    doc.set("a send run");
    fire.shown!();
    expect(note.textContent).toMatch(/^Still in flight: a send run\. /);
    doc.set(undefined);
    fire.shown!();
    expect(note.hidden).toBe(true);
  });

  it("never asks on a host without SharedRuntime 1.2 (Excel 2021 and others)", async () => {
    const { doc, note } = page();
    const { host, asked, fire } = standIn(false);
    await watchRunWindow(doc, note, host);
    doc.set(INVOICE_RUN);
    doc.set(undefined);
    expect(asked).toEqual([]);
    expect(fire.cancelled).toBeUndefined();
  });
});
