/**
 * Puts a looked-up id into the active cell (the Lookups tab). As text, so Excel neither turns an
 * id into a number or date nor evaluates it as a formula.
 */

/** Where the id went, for the pane's confirmation ("Put in Sheet1!B4"). */
export interface ActiveCellWrite {
  address: string;
}

/** Writes `value` as text into the active cell (the top-left cell of the selection). One sync. */
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
