/**
 * The "Functions" demo sheet: one example of each kind of BILLING function, so the preview shows
 * values, spilled tables (CONTRACTCOSTS with its dates and money formatted) and an error with its
 * message. The contract ids come from the service
 * (`BILLING.CONTRACTID` of a contract number), not from the simulator's files: the preview knows
 * the service only as the add-in does.
 */
import type { WorkbookModel } from "./fake-excel/workbook-model";

/** Rows of [label, formula or value] written from A1 down. */
export const DEMO_ROWS: [string, string][] = [
  ["Contract id of C-1001 (heating)", '=BILLING.CONTRACTID("C-1001")'],
  ["Fixed costs per year (EUR)", "=BILLING.CONTRACTFIXEDCOSTS(B1)"],
  ['Customer id of "Bakkerij Smit"', '=BILLING.CUSTOMERID("Bakkerij Smit")'],
  ["Contract id of C-9001 (no products)", '=BILLING.CONTRACTID("C-9001")'],
  ["A contract without products", "=BILLING.CONTRACTFIXEDCOSTS(B4)"],
  ["Not an id", '=BILLING.CONTRACTFIXEDCOSTS("C-1001?")'],
  ["Variable costs (spilled)", "=BILLING.CONTRACTVARIABLECOSTS(B1)"],
  // A free row, so that the variable costs may spill a second row.
  ["", ""],
  // Dates as dates and tariffs with their cents (formatted numbers).
  ["Every cost line (spilled)", "=BILLING.CONTRACTCOSTS(B1)"],
];

/** Adds (or refills) the "Functions" sheet and activates it. */
export function addDemoSheet(model: WorkbookModel): void {
  const sheet = model.sheetByName("Functions") ?? model.addSheet("Functions");
  model.clear(sheet, { row: 0, col: 0, rowCount: 40, colCount: 12 }, "All");
  DEMO_ROWS.forEach(([label, input], r) => {
    model.writeInput(sheet, r, 0, label);
    model.writeInput(sheet, r, 1, input);
  });
  model.activate(sheet);
  model.select(sheet, { row: 1, col: 1, rowCount: 1, colCount: 1 });
}
