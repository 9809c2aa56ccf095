/**
 * A full garbage collection on demand, for CPU windows that each pay for their own garbage
 * (bench:invoices, lib/bare-fetch.ts). Without it, what one measured phase left behind is collected
 * on the next phase's clock, and a phase's own garbage still uncollected at its end is billed to
 * nobody. Collecting at both edges of a window bills each phase exactly its garbage: the start's
 * collection sits outside the window, the end's inside it. `--expose-gc` is set at run time (the
 * bench scripts run under tsx, without node flags), the documented way of `v8.setFlagsFromString`.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Collects every unreachable object now (a full, stop-the-world collection). */
export function fullGc(): void {
  gc();
}
