/**
 * Cells admitted in waves, so that the first answers are not held up by the setting up of all the
 * others (issue 29 item 8). Excel hands a recalculation's cells to the runtime together; each cell's
 * setting up (arguments, signal, time-out, its first request through the client) is cheap, but a
 * thousand of them, done before the event loop turns, delay the first request on the wire by all of
 * it: a request leaves only once the JavaScript stack is empty. So the first {@link FIRST_WAVE}
 * cells of a turn start at once and the others are admitted {@link WAVE_SIZE} per later turn of
 * the event loop, in the order they came: the first requests leave at once, and the answers to them
 * are read between waves instead of after all of them. The slots never run dry (a wave queues far
 * more requests than the client's 6 slots take in a turn), so the total time stays the same.
 */

/** Cells of one turn that start without waiting: several times the client's slots. */
export const FIRST_WAVE = 24;
/** Cells admitted per later turn. */
export const WAVE_SIZE = 48;

let admittedThisTurn = 0;
const waiting: (() => void)[] = [];
let turnScheduled = false;

function scheduleTurn(): void {
  if (turnScheduled) return;
  turnScheduled = true;
  setTimeout(() => {
    turnScheduled = false;
    const wave = waiting.splice(0, WAVE_SIZE);
    admittedThisTurn = wave.length;
    for (const start of wave) start();
    // One more turn either way: it admits the next wave, or lets the next cells in at once.
    if (waiting.length > 0 || admittedThisTurn > 0) scheduleTurn();
  }, 0);
}

/**
 * Undefined when the cell may start now; else a promise that resolves at its turn. Cells of a later
 * recalculation queue behind the waves still waiting, so the order is the order of arrival.
 */
export function admit(): Promise<void> | undefined {
  scheduleTurn();
  if (waiting.length === 0 && admittedThisTurn < FIRST_WAVE) {
    admittedThisTurn += 1;
    return undefined;
  }
  return new Promise<void>((resolve) => waiting.push(resolve));
}
