/**
 * Cells admitted in waves, so that the first answers are not held up by the setting up of all the
 * others. Excel hands a recalculation's cells to the runtime together; each cell's
 * setting up (arguments, signal, time-out, its walk of the cost chain, its requests through the
 * client) is cheap, but a thousand of them, done before the answers to the first requests are read,
 * delay those answers by all of it: the runtime has one thread. So the first {@link FIRST_WAVE}
 * cells of a turn start at once and the others are admitted {@link WAVE_SIZE} per later turn of the
 * event loop, in the order they came, and only while fewer than {@link LOW_WATER} requests wait for
 * one of the client's connections: enough to keep every connection busy until the next turn, so the
 * total time stays the same, while the set-up of cells whose requests could not leave yet anyway
 * waits until they can. (Admitting every cell at once spent about 100 ms of CPU on set-up before
 * the first cell could settle in bench:costs, where one chain is 80 ms.)
 */
import { DEFAULT_CONCURRENCY } from "../api";
import { requestsWaiting } from "./connection";

/** Cells of one turn that start without waiting: as many as the client's connections. */
export const FIRST_WAVE = DEFAULT_CONCURRENCY;
/** Cells admitted per later turn. */
export const WAVE_SIZE = 2 * DEFAULT_CONCURRENCY;
/** Requests waiting for a connection from which no more cells are admitted for now. */
export const LOW_WATER = 2 * DEFAULT_CONCURRENCY;

let admittedThisTurn = 0;
const waiting: (() => void)[] = [];
let turnScheduled = false;

function scheduleTurn(): void {
  if (turnScheduled) return;
  turnScheduled = true;
  setTimeout(() => {
    turnScheduled = false;
    // Enough requests wait for the connections: a cell set up now would only wait with them.
    const wave = requestsWaiting() < LOW_WATER ? waiting.splice(0, WAVE_SIZE) : [];
    admittedThisTurn = wave.length;
    for (const start of wave) start();
    // One more turn either way: it admits the next wave (or looks again whether it may), or lets
    // the next cells in at once.
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
