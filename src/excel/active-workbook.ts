/**
 * What the add-in does to the workbook as a whole, outside an invoice block: a full recalculation
 * (the Refresh command) and putting a looked-up id into the active cell (the Lookups tab).
 */

/** Where the id went, for the pane's confirmation ("Put in Sheet1!B4"). */
export interface ActiveCellWrite {
  address: string;
}

/**
 * Writes `value` as text into the active cell (the top-left cell of the selection), so Excel neither
 * turns an id into a number or date nor evaluates it as a formula. One sync.
 */
export async function writeActiveCell(value: string): Promise<ActiveCellWrite> {
  return await Excel.run(async (context) => {
    const cell = context.workbook.getActiveCell();
    cell.numberFormat = [["@"]];
    cell.values = [[value]];
    cell.load("address");
    await context.sync();
    return { address: cell.address };
  });
}

/** Asks Excel for a full recalculation, so every BILLING function runs again (the Refresh command). */
export async function recalculate(): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}
