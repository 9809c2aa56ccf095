/**
 * Which part of the Invoices tab holds the sheet: the invoice run (Check, Create and approve,
 * drafts) or Send / Credit (issue 21). While one reads, asks or writes the selected rows, the
 * other's buttons wait, so two runs never write the same rows at once. Kept per document, so each
 * pane (and each test's page) has its own.
 */

/** The parts of the tab that run against the sheet. */
export type BusyOwner = "invoice run" | "send or credit";

interface BusyBoard {
  held: Set<BusyOwner>;
  /** `owner` undefined: told of every change (run-window.ts). */
  listeners: Set<{ owner?: BusyOwner; notify: () => void }>;
}

const boards = new WeakMap<object, BusyBoard>();

function boardOf(doc: object): BusyBoard {
  let board = boards.get(doc);
  if (!board) {
    board = { held: new Set(), listeners: new Set() };
    boards.set(doc, board);
  }
  return board;
}

/** Marks `owner` busy or free; the other parts are told when that changes. */
export function setBusy(doc: object, owner: BusyOwner, busy: boolean): void {
  const board = boardOf(doc);
  if (board.held.has(owner) === busy) return;
  if (busy) board.held.add(owner);
  else board.held.delete(owner);
  for (const l of [...board.listeners]) if (l.owner !== owner) l.notify();
}

/** True while a part other than `owner` holds the sheet. */
export function busyElsewhere(doc: object, owner: BusyOwner): boolean {
  return [...boardOf(doc).held].some((o) => o !== owner);
}

/** Calls `notify` whenever another part becomes busy or free; returns the unsubscribe. */
export function onBusyChange(doc: object, owner: BusyOwner, notify: () => void): () => void {
  const entry = { owner, notify };
  boardOf(doc).listeners.add(entry);
  return () => boardOf(doc).listeners.delete(entry);
}

/** The parts that hold the sheet now, in the order they took it. */
export function heldParts(doc: object): BusyOwner[] {
  return [...boardOf(doc).held];
}

/** Calls `notify` whenever any part becomes busy or free; returns the unsubscribe. */
export function onAnyBusyChange(doc: object, notify: () => void): () => void {
  const entry = { notify };
  boardOf(doc).listeners.add(entry);
  return () => boardOf(doc).listeners.delete(entry);
}
