/**
 * Workbooks for the src/excel tests, built on the preview's fake Excel (preview/fake-excel, the one
 * fake Excel of the project): sheets filled cell by cell, tables, a selection, and what each sync
 * carried (`model.syncLog`). Rows and columns are 0-based here, as in the Excel API's indexes.
 */
import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import type { CellData, SheetModel, TableModel } from "../../../preview/fake-excel/workbook-model";
import { WorkbookModel, cellKey } from "../../../preview/fake-excel/workbook-model";
import { profileById, type HostId } from "../../../preview/hosts/profiles";

export type Scalar = string | number | boolean;

/** A rectangle in the Excel API's terms (0-based). */
export interface Rect {
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}

/** A rectangle helper: rows and columns 0-based. */
export const rect = (
  rowIndex: number,
  columnIndex: number,
  rowCount = 1,
  columnCount = 1
): Rect => ({ rowIndex, columnIndex, rowCount, columnCount });

const toModelRect = (r: Rect) => ({
  row: r.rowIndex,
  col: r.columnIndex,
  rowCount: r.rowCount,
  colCount: r.columnCount,
});

/** What a test puts into a cell: a value, or a value with its formula, format and fill. */
export type CellInput =
  Scalar | (Partial<Pick<CellData, "formula" | "numberFormat" | "fill">> & { value: Scalar });

/** One sheet of a {@link Book}. */
export class Sheet {
  constructor(
    private readonly model: WorkbookModel,
    readonly data: SheetModel
  ) {}

  get name(): string {
    return this.data.name;
  }
  get frozenRows(): number {
    return this.data.frozenRows;
  }
  get visibility(): string {
    return this.data.visibility;
  }

  /** Fills cells from a 2-D array starting at (row, column); null/undefined leave cells empty. */
  put(row: number, column: number, rows: (CellInput | null | undefined)[][]): void {
    rows.forEach((cells, i) =>
      cells.forEach((input, j) => {
        if (input === null || input === undefined) return;
        const cell = this.model.mutableCell(this.data, row + i, column + j);
        if (typeof input !== "object") {
          this.model.writeInput(this.data, row + i, column + j, input);
          return;
        }
        // A formula cell keeps the value it last computed (no calculation engine in these tests).
        cell.value = input.value;
        if (input.formula !== undefined) cell.formula = input.formula;
        if (input.numberFormat !== undefined) cell.numberFormat = input.numberFormat;
        if (input.fill !== undefined) cell.fill = input.fill;
      })
    );
  }

  /** A cell as the model holds it (value, formula, formats, validation); undefined when never used. */
  cell(row: number, column: number): CellData | undefined {
    return this.model.cell(this.data, row, column);
  }

  /** Empties a cell (as if it never held anything). */
  clear(row: number, column: number): void {
    this.data.cells.delete(cellKey(row, column));
  }

  /** The value a cell holds; undefined when it never held anything. */
  valueAt(row: number, column: number): Scalar | undefined {
    return this.model.cell(this.data, row, column)?.value;
  }
}

/** A workbook on the preview's model, installed as the `Excel` global by {@link installExcel}. */
export class Book {
  private modelOrUndefined: WorkbookModel | undefined;

  /** The preview's workbook model (created with the first sheet; "Sheet1" when none was added). */
  get model(): WorkbookModel {
    this.modelOrUndefined ??= new WorkbookModel(["Sheet1"]);
    return this.modelOrUndefined;
  }

  get sheets(): Sheet[] {
    return this.modelOrUndefined?.sheets.map((s) => new Sheet(this.model, s)) ?? [];
  }

  get tables(): TableModel[] {
    return this.modelOrUndefined?.tables ?? [];
  }

  /** Every sync so far, over every `Excel.run`: cells read and written. */
  get syncLog() {
    return this.modelOrUndefined?.syncLog ?? [];
  }

  /** The syncs that carried something to Excel (round trips). */
  get syncs(): number {
    return this.syncLog.filter((s) => s.actions > 0).length;
  }

  addSheet(name: string): Sheet {
    if (!this.modelOrUndefined) this.modelOrUndefined = new WorkbookModel([name]);
    else this.model.addSheet(name);
    return this.sheet(name);
  }

  sheet(name: string): Sheet {
    const found = this.model.sheetByName(name);
    if (!found) throw new Error(`No sheet ${name}`);
    return new Sheet(this.model, found);
  }

  /** Makes the cells a table (header row included) named `name`. */
  addTable(name: string, sheet: Sheet, at: Rect): TableModel {
    const table = this.model.addTable(sheet.data, toModelRect(at), true);
    this.model.renameTable(table, name);
    return table;
  }

  /** Selects the areas on the sheet (the first area's top-left is the active cell). */
  select(sheet: Sheet, ...areas: Rect[]): void {
    areas.forEach((area, i) => this.model.select(sheet.data, toModelRect(area), undefined, i > 0));
  }

  /** A chart (no cells) is selected. */
  selectChart(): void {
    this.model.selection = { ...this.model.selection, areas: [] };
  }
}

const g = globalThis as unknown as { Excel?: unknown };

/** Installs the preview's `Excel` over the book, answering as the host profile does. */
export function installExcel(book: Book, host?: HostId): void {
  g.Excel = createExcelNamespace(book.model, profileById(host));
}
