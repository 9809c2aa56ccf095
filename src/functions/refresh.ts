import { recalculate } from "../excel";
import { resetConnection } from "./connection";

/**
 * The Refresh command (ribbon button and task pane): forgets the cached reference data and asks Excel
 * to recalculate every formula, so the BILLING functions read the service again.
 */
export async function refresh(): Promise<void> {
  resetConnection();
  await recalculate();
}
