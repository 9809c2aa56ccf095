/**
 * Selects the worksheet rows of one invoice, so a controller clicking a line of the pane's result
 * list sees its rows in the sheet (issue 13).
 */

/** Consecutive runs of `rows` as Excel row addresses: [2, 3, 5] → ["2:3", "5:5"]. */
export function rowAddresses(rows: readonly number[]): string[] {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = sorted[0];
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[i - 1] + 1) continue;
    if (start !== undefined) runs.push(`${start}:${sorted[i - 1]}`);
    start = sorted[i];
  }
  return runs;
}

/**
 * Selects the whole worksheet rows `rows` — 1-based row numbers as Excel shows them (the engine's
 * `rowNumbers`) — on the sheet `sheetName` (default: the active sheet), activating that sheet.
 * Rows that are not consecutive become a multi-area selection (`getRanges`, ExcelApi 1.9).
 */
export async function selectInvoiceRows(rows: number[], sheetName?: string): Promise<void> {
  const bad = rows.find((r) => !Number.isInteger(r) || r < 1);
  if (bad !== undefined)
    throw new RangeError(`Row ${bad} is not a worksheet row number (1, 2, …).`);
  const addresses = rowAddresses(rows);
  if (addresses.length === 0) return;
  await Excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    const sheet = sheetName === undefined ? sheets.getActiveWorksheet() : sheets.getItem(sheetName);
    sheet.activate();
    if (addresses.length === 1) sheet.getRange(addresses[0]).select();
    else sheet.getRanges(addresses.join(",")).select();
    await context.sync();
  });
}
