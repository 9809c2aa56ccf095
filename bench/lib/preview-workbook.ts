/**
 * The preview's workbook model as the benchmarks drive it from outside the add-in (bench:sheet,
 * bench:preview): the "user" pasting rows into the template's table, the fake host's counters of
 * round trips and of what each sync carried, and the rows' result cells read back.
 */
import type { Page } from "playwright-core";
import type { SyncRecord } from "../../preview/hosts/host-rules";

/** The typed rows: what a controller pastes into the template's table. */
export interface FillSpec {
  rows: number;
  lines: number;
  customers: string[];
  bankAccount: string;
  taxCodes: string[];
}

/**
 * Runs in the preview page: fills the template's table with `rows` rows (the table grows, as Excel's
 * does on paste) and selects its body. Returns the body's address and the table's width.
 */
export function fillTable(spec: FillSpec): { address: string; columns: number } {
  type Cell = { value: unknown };
  type Model = {
    activeSheet: { id: string; name: string };
    tables: {
      sheetId: string;
      rect: { row: number; col: number; rowCount: number; colCount: number };
    }[];
    tableColumnNames(t: unknown): string[];
    mutableCell(sheet: unknown, row: number, col: number): Cell;
    changed(): void;
    select(sheet: unknown, rect: unknown): void;
  };
  const model = (window as unknown as { billingPreview: { model: Model } }).billingPreview.model;
  const sheet = model.activeSheet;
  const table = model.tables.find((t) => t.sheetId === sheet.id);
  if (!table) throw new Error("the template's table is missing");
  const names = model.tableColumnNames(table);
  const col = (name: string) => {
    const at = names.indexOf(name);
    if (at < 0) throw new Error(`the template has no ${name} column`);
    return table.rect.col + at;
  };
  const put = (row: number, name: string, value: unknown) => {
    model.mutableCell(sheet, row, col(name)).value = value;
  };
  const top = table.rect.row + 1;
  for (let i = 0; i < spec.rows; i++) {
    const invoice = Math.floor(i / spec.lines);
    const row = top + i;
    put(row, "invoiceRef", `R${invoice + 1}`);
    put(row, "customerId", spec.customers[invoice % spec.customers.length]);
    put(row, "companyBankAccountId", spec.bankAccount);
    put(row, "taxCodeId", spec.taxCodes[i % spec.taxCodes.length]);
    put(row, "description", `Line ${(i % spec.lines) + 1} of invoice ${invoice + 1}`);
    put(row, "quantity", 1 + (i % 4));
    put(row, "unitPrice", 10 + (i % 97) + 0.25);
  }
  table.rect.rowCount = spec.rows + 1;
  model.changed();
  const body = {
    row: top,
    col: table.rect.col,
    rowCount: spec.rows,
    colCount: table.rect.colCount,
  };
  model.select(sheet, body);
  return { address: `${sheet.name} rows ${top + 1}–${top + spec.rows}`, columns: body.colCount };
}

/**
 * Runs in the preview page: selects the body of the active sheet's table again (all its rows);
 * `asPlainBlock` first turns the table into a plain block of the same cells (bench:sheet).
 */
export function selectTableBody(options: { asPlainBlock?: boolean } = {}): void {
  type Model = {
    activeSheet: { id: string };
    tables: {
      sheetId: string;
      rect: { row: number; col: number; rowCount: number; colCount: number };
    }[];
    removeTable(t: unknown, clearCells: boolean): void;
    select(sheet: unknown, rect: unknown): void;
  };
  const model = (window as unknown as { billingPreview: { model: Model } }).billingPreview.model;
  const sheet = model.activeSheet;
  const table = model.tables.find((t) => t.sheetId === sheet.id);
  if (!table) throw new Error("the template's table is missing");
  const { row, col, rowCount, colCount } = table.rect;
  if (options.asPlainBlock) model.removeTable(table, false);
  model.select(sheet, { row: row + 1, col, rowCount: rowCount - 1, colCount });
}

/** The fake host's round trips so far (syncs that carried something). */
export async function roundTrips(page: Page): Promise<number> {
  return await page.evaluate(
    () =>
      (window as unknown as { billingPreview: { model: { roundTrips: number } } }).billingPreview
        .model.roundTrips
  );
}

/** What every sync of the fake host carried since the `from`-th (its `syncLog`, host-rules.ts). */
export async function syncRecords(page: Page, from = 0): Promise<SyncRecord[]> {
  return await page.evaluate(
    (start) =>
      (
        window as unknown as { billingPreview: { model: { syncLog: SyncRecord[] } } }
      ).billingPreview.model.syncLog.slice(start),
    from
  );
}

/** The syncs so far (the index to pass to {@link syncRecords} later). */
export async function syncCount(page: Page): Promise<number> {
  return await page.evaluate(
    () =>
      (window as unknown as { billingPreview: { model: { syncLog: unknown[] } } }).billingPreview
        .model.syncLog.length
  );
}

/** One row's cells as the sheet shows them after a run, by the template's column names. */
export type SheetRow = Record<string, string>;

/**
 * Runs in the preview page: the active sheet's rows 2..rows+1 as text, for the columns `names`
 * (found by the header row).
 */
export async function sheetRows(
  page: Page,
  rows: number,
  names: readonly string[]
): Promise<SheetRow[]> {
  return await page.evaluate(
    ([count, wanted]) => {
      type Model = {
        activeSheet: unknown;
        value(sheet: unknown, row: number, col: number): unknown;
      };
      const model = (window as unknown as { billingPreview: { model: Model } }).billingPreview
        .model;
      const sheet = model.activeSheet;
      const cols = new Map<string, number>();
      for (let c = 0; c < 200; c++) {
        const name = String(model.value(sheet, 0, c) ?? "");
        if (wanted.includes(name)) cols.set(name, c);
      }
      const out: Record<string, string>[] = [];
      for (let r = 1; r <= count; r++) {
        const row: Record<string, string> = {};
        for (const [name, c] of cols) row[name] = String(model.value(sheet, r, c) ?? "");
        out.push(row);
      }
      return out;
    },
    [rows, names] as const
  );
}
