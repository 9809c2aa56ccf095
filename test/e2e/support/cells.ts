/**
 * Reading the preview's cells in a test: the value its workbook holds (what a formula gave, before
 * any number format), and the text a cell shows once its formula has settled (no #BUSY!).
 */
import type { PreviewPage } from "./preview-page";

/** "B11" → the workbook model's key "10,1" (zero-based row, column). */
function modelKey(address: string): string {
  const match = /^([A-Z]+)(\d+)$/.exec(address);
  if (!match) throw new Error(`Not a cell address: ${address}`);
  const col = [...match[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return `${Number(match[2]) - 1},${col}`;
}

/** The value the first sheet of the preview's workbook holds in `address` (undefined: empty). */
export async function workbookValue(preview: PreviewPage, address: string): Promise<unknown> {
  return preview.page.evaluate((key) => {
    type Model = { sheets: { cells: Map<string, { value: unknown }> }[] };
    const m = (window as unknown as { billingPreview: { model: Model } }).billingPreview.model;
    return m.sheets[0].cells.get(key)?.value;
  }, modelKey(address));
}

/** Waits until `address` shows something other than #BUSY! and gives the text it shows. */
export async function settledText(preview: PreviewPage, address: string): Promise<string> {
  const cell = preview.page.locator(`td[data-cell="${address}"]:not(.busy):not(:empty)`);
  await cell.waitFor({ state: "attached" });
  return (await cell.textContent()) ?? "";
}

/** The preview's "Billing log" sheet as text, its header row first (up to the first empty row). */
export async function billingLogRows(preview: PreviewPage): Promise<string[][]> {
  return preview.page.evaluate(() => {
    type Model = {
      sheetByName(name: string): unknown;
      text(sheet: unknown, r: number, c: number): string;
    };
    const m = (window as unknown as { billingPreview: { model: Model } }).billingPreview.model;
    const sheet = m.sheetByName("Billing log");
    const rows: string[][] = [];
    for (let r = 0; r < 40; r++) {
      const row = Array.from({ length: 18 }, (_v, c) => m.text(sheet, r, c));
      if (row.every((v) => v === "")) break;
      rows.push(row);
    }
    return rows;
  });
}
