/**
 * The preview's workbook: sheets of cells, Excel tables and the selection. Plain data with a few
 * operations; no proxies, no DOM. The fake Excel API (request context, ranges, tables) and the grid
 * view both work on this one model.
 */
import type { SyncRecord } from "../hosts/host-rules";
import type { Rect } from "./address";
import type { UndoStack } from "./undo-stack";
import { MAX_COLUMNS, MAX_ROWS, contains, intersects, parseAddress } from "./address";
import type { ScalarValue } from "./cell-values";
import { formatValue, parseInput } from "./cell-values";
import { cultureByName, type CultureModel } from "./culture";
import type { ValidationAlert, ValidationPrompt } from "./data-validation";

/** A list validation rule (the only kind the preview draws); others are kept as given. */
export type ValidationRule = Record<string, unknown>;

/** One cell: its value (computed, for formulas), formula, format and, for errors, a message. */
export interface CellData {
  value: ScalarValue;
  formula?: string;
  numberFormat?: string;
  /**
   * The format a formula's result carries (a custom function's formatted number); shown while the
   * cell's own format is General, as Excel does.
   */
  valueFormat?: string;
  fill?: string;
  bold?: boolean;
  fontColor?: string;
  validation?: ValidationRule;
  /** The rule's error alert (`dataValidation.errorAlert`), used when typed input breaks the rule. */
  validationAlert?: ValidationAlert;
  /** The rule's input message (`dataValidation.prompt`), shown while the cell is active. */
  validationPrompt?: ValidationPrompt;
  /** Tooltip of an error value (a custom function's message). */
  message?: string;
  /** `row,col` of the formula cell whose result spilled into this cell. */
  spilledFrom?: string;
  /** The entity value (data type) a formula's result is, shown by its text and its card. */
  entity?: object;
}

/** An Excel table: its whole range including the header row. */
export interface TableModel {
  id: string;
  name: string;
  sheetId: string;
  rect: Rect;
  style: string;
  showBandedRows: boolean;
  /** False when the header row is hidden (`table.showHeaders`); the rect still includes it. */
  showHeaders?: boolean;
  /** True when the last row of the rect is a totals row (`table.showTotals`). */
  showTotals?: boolean;
  /**
   * The table's AutoFilter: per column (0-based within the table) the displayed texts whose rows
   * stay visible; a column without an entry is not filtered.
   */
  filters?: Record<number, string[]>;
}

/** A chart (`worksheet.charts.add`): its source cells, how they make series, where it is drawn. */
export interface ChartModel {
  id: string;
  name: string;
  sheetId: string;
  /** Excel's chart type name ("ColumnClustered"). */
  type: string;
  source: Rect;
  seriesBy: "Columns" | "Rows";
  title: string;
  /** The cells the chart covers (`setPosition`); absent: right of its source data. */
  anchor?: Rect;
}

/** One worksheet. */
export interface SheetModel {
  id: string;
  name: string;
  position: number;
  cells: Map<string, CellData>;
  frozenRows: number;
  /** `Visible`, `Hidden` or `VeryHidden` (hidden sheets get no tab). */
  visibility: string;
}

/** The selection: one or more areas (Ctrl+click) on the active sheet, plus the active cell. */
export interface Selection {
  sheetId: string;
  areas: Rect[];
  active: { row: number; col: number };
}

/** What changed, for listeners (the grid redraws, formulas recalculate). */
export interface ModelChange {
  /** Cells whose content was set by the user or the API (not formula results). */
  edited: { sheetId: string; key: string }[];
}

/** `row,col` key of a cell. */
export function cellKey(row: number, col: number): string {
  return `${row},${col}`;
}

/** Row and column of a `row,col` key. */
export function parseCellKey(key: string): { row: number; col: number } {
  // No split/map: this runs for every cell of a sheet whenever its used range is asked for.
  const comma = key.indexOf(",");
  return { row: Number(key.slice(0, comma)), col: Number(key.slice(comma + 1)) };
}

/** Any cell in the rectangle holds a value or formula. */
function hasContent(cell: CellData | undefined): boolean {
  return cell !== undefined && (cell.value !== "" || cell.formula !== undefined);
}

function hasFormat(cell: CellData): boolean {
  return (
    cell.fill !== undefined ||
    cell.bold !== undefined ||
    cell.fontColor !== undefined ||
    cell.validation !== undefined ||
    (cell.numberFormat !== undefined && cell.numberFormat !== "General")
  );
}

/** Excel's table names: a letter or underscore first, then letters, digits, dots, underscores. */
const TABLE_NAME = /^[A-Za-z_\\][A-Za-z0-9_.]{0,254}$/;

/** Characters Excel forbids in sheet names. */
const SHEET_NAME_FORBIDDEN = /[:\\/?*[\]]/;

/** Raised by model operations; the request context turns it into an Excel-like error. */
export class ModelError extends Error {
  override name = "ModelError" as const;
  constructor(
    readonly code:
      | "InvalidArgument"
      | "ItemNotFound"
      | "ItemAlreadyExists"
      | "InvalidOperation"
      | "InvalidSelection",
    message: string
  ) {
    super(message);
  }
}

/** The workbook. */
export class WorkbookModel {
  readonly sheets: SheetModel[] = [];
  readonly tables: TableModel[] = [];
  readonly charts: ChartModel[] = [];
  /** The file's custom document properties (`workbook.properties.custom`), in the order added. */
  readonly customProperties: { key: string; value: string }[] = [];
  /** The workbook's culture (`application.cultureInfo`); `preview.html?culture=nl-NL`. */
  culture: CultureModel = cultureByName(null);
  selection: Selection;
  /** Syncs that carried something to the host, over every context: Excel's round trips. */
  roundTrips = 0;
  /**
   * Milliseconds the fake host spent running syncs (their actions, limits and undo), over every
   * context: what bench:sheet prints as the host's share, apart from the add-in's.
   */
  hostMs = 0;
  /** Every sync, over every context: what it carried (cells read and written, bytes under limits). */
  readonly syncLog: SyncRecord[] = [];
  /** Excel's undo stack (ExcelApi 1.20), when the preview emulates it (undo-stack.ts). */
  undo: UndoStack | undefined;
  /**
   * While a sync runs under the undo emulation: each cell as it was before its first change in
   * that sync (undefined = it did not exist), per sheet. Kept by every write, so that undo's cost
   * is the cells a sync changes, not the workbook (undo-stack.ts).
   */
  journal: Map<SheetModel, Map<string, CellData | undefined>> | undefined;
  private nextId = 1;
  /** The name of a new sheet before its number: "Sheet" ("Blad" in a Dutch Excel). */
  sheetBase = "Sheet";
  private readonly listeners = new Set<(change: ModelChange) => void>();
  private pending: ModelChange | undefined;

  constructor(sheetNames: string[] = ["Sheet1"]) {
    for (const name of sheetNames) this.addSheet(name);
    const first = this.sheets[0];
    this.selection = {
      sheetId: first.id,
      areas: [{ row: 0, col: 0, rowCount: 1, colCount: 1 }],
      active: { row: 0, col: 0 },
    };
  }

  /** Set by the formula engine: `application.calculate(type)` runs it. */
  calculateHandler: ((calculationType: string) => void) | undefined;

  /** Recalculates formulas (`Excel.CalculationType` name: Recalculate, Full, FullRebuild). */
  calculate(calculationType: string): void {
    this.calculateHandler?.(calculationType);
  }

  /** Called (once per task, batched) after anything changed. */
  subscribe(listener: (change: ModelChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Schedules a change notification; edits collected since the last one are passed along. */
  changed(edited: { sheetId: string; key: string }[] = []): void {
    if (!this.pending) {
      this.pending = { edited: [] };
      queueMicrotask(() => {
        const change = this.pending!;
        this.pending = undefined;
        for (const listener of this.listeners) listener(change);
      });
    }
    this.pending.edited.push(...edited);
  }

  get activeSheet(): SheetModel {
    return this.sheet(this.selection.sheetId);
  }

  /** The sheet with this id; throws ItemNotFound when it was deleted. */
  sheet(id: string): SheetModel {
    const found = this.sheets.find((s) => s.id === id);
    if (!found) throw new ModelError("ItemNotFound", "The worksheet was deleted.");
    return found;
  }

  /** The sheet with this name (case-insensitive, as Excel), or undefined. */
  sheetByName(name: string): SheetModel | undefined {
    const lower = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === lower);
  }

  /** Adds a sheet at the end; without a name it gets the next free `SheetN`. */
  addSheet(name?: string): SheetModel {
    let sheetName = name;
    if (sheetName === undefined) {
      let n = this.sheets.length + 1;
      while (this.sheetByName(`${this.sheetBase}${n}`)) n += 1;
      sheetName = `${this.sheetBase}${n}`;
    }
    this.checkSheetName(sheetName);
    const sheet: SheetModel = {
      id: `{sheet-${this.nextId++}}`,
      name: sheetName,
      position: this.sheets.length,
      cells: new Map(),
      frozenRows: 0,
      visibility: "Visible",
    };
    this.sheets.push(sheet);
    this.changed();
    return sheet;
  }

  /** Renames a sheet, with Excel's checks. */
  renameSheet(sheet: SheetModel, name: string): void {
    if (sheet.name === name) return;
    this.checkSheetName(name, sheet);
    sheet.name = name;
    this.changed();
  }

  /** Deletes a sheet (not the last one) and its tables. */
  deleteSheet(sheet: SheetModel): void {
    if (this.sheets.length === 1) {
      throw new ModelError(
        "InvalidOperation",
        "A workbook must contain at least one visible worksheet."
      );
    }
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    this.sheets.forEach((s, i) => (s.position = i));
    for (let i = this.tables.length - 1; i >= 0; i--) {
      if (this.tables[i].sheetId === sheet.id) this.tables.splice(i, 1);
    }
    for (let i = this.charts.length - 1; i >= 0; i--) {
      if (this.charts[i].sheetId === sheet.id) this.charts.splice(i, 1);
    }
    if (this.selection.sheetId === sheet.id) this.activate(this.sheets[0]);
    this.changed();
  }

  /** A chart by id; ItemNotFound once deleted. */
  chart(id: string): ChartModel {
    const found = this.charts.find((c) => c.id === id);
    if (!found) throw new ModelError("ItemNotFound", "The chart doesn't exist.");
    return found;
  }

  /** Adds a chart ("Chart 1", "Chart 2", … as Excel names them). */
  addChart(spec: Omit<ChartModel, "id" | "name" | "title">): ChartModel {
    const id = `chart-${this.nextId++}`;
    let n = this.charts.length + 1;
    while (this.charts.some((c) => c.name === `Chart ${n}`)) n++;
    const chart: ChartModel = { ...spec, id, name: `Chart ${n}`, title: "" };
    this.charts.push(chart);
    this.changed();
    return chart;
  }

  /** Deletes a chart. */
  deleteChart(id: string): void {
    this.charts.splice(this.charts.indexOf(this.chart(id)), 1);
    this.changed();
  }

  /** The rectangle of an A1 cell or range address, or undefined. */
  parseCell(address: string): Rect | undefined {
    const parsed = parseAddress(address);
    if (!parsed) return undefined;
    const { sheetName: _ignored, ...rect } = parsed;
    return rect;
  }

  private checkSheetName(name: string, self?: SheetModel): void {
    if (
      name.length === 0 ||
      name.length > 31 ||
      SHEET_NAME_FORBIDDEN.test(name) ||
      /^'|'$/.test(name)
    ) {
      throw new ModelError("InvalidArgument", `The sheet name "${name}" is not valid.`);
    }
    const other = this.sheetByName(name);
    if (other && other !== self) {
      throw new ModelError(
        "ItemAlreadyExists",
        "A resource with the same name or identifier already exists."
      );
    }
  }

  /** Makes the sheet active, selecting A1 unless it is already the active sheet. */
  activate(sheet: SheetModel): void {
    if (this.selection.sheetId === sheet.id) return;
    this.selection = {
      sheetId: sheet.id,
      areas: [{ row: 0, col: 0, rowCount: 1, colCount: 1 }],
      active: { row: 0, col: 0 },
    };
    this.changed();
  }

  /**
   * Selects a rectangle (activating its sheet); the active cell is its top-left unless given. With
   * `addArea` (Ctrl+click) the rectangle is added to the areas already selected on that sheet.
   */
  select(
    sheet: SheetModel,
    rect: Rect,
    active?: { row: number; col: number },
    addArea = false
  ): void {
    const keep = addArea && this.selection.sheetId === sheet.id ? this.selection.areas : [];
    const next: Selection = {
      sheetId: sheet.id,
      areas: [...keep, { ...rect }],
      active: active ?? { row: rect.row, col: rect.col },
    };
    // Re-selecting the same cells is no change (the grid would redraw under the mouse for nothing).
    if (JSON.stringify(next) === JSON.stringify(this.selection)) return;
    this.selection = next;
    this.changed();
  }

  /**
   * Shift+click, Shift+arrow and dragging as in Excel: the last area becomes `rect`, the areas
   * Ctrl+click added before it stay, and the active cell stays where the extension started.
   */
  extendSelection(sheet: SheetModel, rect: Rect, active: { row: number; col: number }): void {
    const earlier = this.selection.sheetId === sheet.id ? this.selection.areas.slice(0, -1) : [];
    const next: Selection = { sheetId: sheet.id, areas: [...earlier, { ...rect }], active };
    if (JSON.stringify(next) === JSON.stringify(this.selection)) return;
    this.selection = next;
    this.changed();
  }

  /** The cell, or undefined when it never held anything. */
  cell(sheet: SheetModel, row: number, col: number): CellData | undefined {
    return sheet.cells.get(cellKey(row, col));
  }

  /** The cell's value ("" when empty). */
  value(sheet: SheetModel, row: number, col: number): ScalarValue {
    return this.cell(sheet, row, col)?.value ?? "";
  }

  /** The cell's number format ("General" by default). */
  numberFormat(sheet: SheetModel, row: number, col: number): string {
    return this.cell(sheet, row, col)?.numberFormat ?? "General";
  }

  /** The cell's text as displayed: under its own format, else the format its value carries. */
  text(sheet: SheetModel, row: number, col: number): string {
    const cell = this.cell(sheet, row, col);
    const own = cell?.numberFormat ?? "General";
    const format = own === "General" && cell?.valueFormat ? cell.valueFormat : own;
    return formatValue(cell?.value ?? "", format);
  }

  /** Notes the cell's state before its first change of the running sync (see {@link journal}). */
  private touch(sheet: SheetModel, key: string): void {
    const journal = this.journal;
    if (journal === undefined) return;
    let was = journal.get(sheet);
    if (was === undefined) journal.set(sheet, (was = new Map()));
    if (was.has(key)) return;
    const cell = sheet.cells.get(key);
    // A shallow copy: a write replaces a cell's fields (its rule, its entity), never edits them.
    was.set(key, cell === undefined ? undefined : { ...cell });
  }

  /** The cell for writing, created when missing. */
  mutableCell(sheet: SheetModel, row: number, col: number): CellData {
    const key = cellKey(row, col);
    this.touch(sheet, key);
    let cell = sheet.cells.get(key);
    if (!cell) {
      cell = { value: "" };
      sheet.cells.set(key, cell);
    }
    return cell;
  }

  /**
   * Writes input as Excel does for typing or `range.values`: numbers, booleans, dates and formulas
   * are recognised; "" clears the content (formats stay).
   */
  writeInput(sheet: SheetModel, row: number, col: number, input: ScalarValue): void {
    const cell = this.mutableCell(sheet, row, col);
    const parsed = parseInput(input, cell.numberFormat ?? "General");
    cell.value = parsed.value;
    cell.formula = parsed.formula;
    cell.message = undefined;
    cell.valueFormat = undefined;
    cell.entity = undefined;
    cell.spilledFrom = undefined;
    if (parsed.numberFormat) cell.numberFormat = parsed.numberFormat;
    this.changed([{ sheetId: sheet.id, key: cellKey(row, col) }]);
  }

  /** Sets a formula's result (or a spilled part of it) without marking the cell as edited. */
  writeResult(
    sheet: SheetModel,
    row: number,
    col: number,
    value: ScalarValue,
    message?: string,
    valueFormat?: string,
    entity?: object
  ): void {
    const cell = this.mutableCell(sheet, row, col);
    cell.value = value;
    cell.message = message;
    cell.valueFormat = valueFormat;
    cell.entity = entity;
    this.changed();
  }

  /** Clears contents and/or formats of a rectangle. */
  clear(sheet: SheetModel, rect: Rect, applyTo: "All" | "Contents" | "Formats" = "All"): void {
    const edited: { sheetId: string; key: string }[] = [];
    for (const [key, cell] of sheet.cells) {
      const { row, col } = parseCellKey(key);
      if (!contains(rect, { row, col, rowCount: 1, colCount: 1 })) continue;
      this.touch(sheet, key);
      if (applyTo !== "Formats") {
        cell.value = "";
        cell.formula = undefined;
        cell.message = undefined;
        cell.valueFormat = undefined;
        cell.entity = undefined;
        cell.spilledFrom = undefined;
        edited.push({ sheetId: sheet.id, key });
      }
      if (applyTo !== "Contents") {
        cell.fill = cell.bold = cell.fontColor = cell.numberFormat = cell.validation = undefined;
        cell.validationAlert = cell.validationPrompt = undefined;
      }
      if (!hasContent(cell) && !hasFormat(cell)) sheet.cells.delete(key);
    }
    this.changed(edited);
  }

  /** The smallest rectangle holding every non-empty cell (and formatted ones unless valuesOnly). */
  usedRect(sheet: SheetModel, valuesOnly = false): Rect | undefined {
    let r1 = Infinity;
    let c1 = Infinity;
    let r2 = -1;
    let c2 = -1;
    for (const [key, cell] of sheet.cells) {
      if (!hasContent(cell) && (valuesOnly || !hasFormat(cell))) continue;
      const { row, col } = parseCellKey(key);
      r1 = Math.min(r1, row);
      c1 = Math.min(c1, col);
      r2 = Math.max(r2, row);
      c2 = Math.max(c2, col);
    }
    if (r2 < 0) return undefined;
    return { row: r1, col: c1, rowCount: r2 - r1 + 1, colCount: c2 - c1 + 1 };
  }

  /**
   * Excel's current region (`getSurroundingRegion`, Ctrl+*): grows the rectangle while any
   * non-empty cell touches it, diagonals included.
   */
  surroundingRegion(sheet: SheetModel, start: Rect): Rect {
    // An index of the non-empty cells (columns per row, sorted rows per column), so that each step
    // of the growth below is a lookup, not a scan of the region's whole edge: growing down a block
    // of 10,000 rows one row at a time would otherwise read its edges 10,000 times (seconds).
    const colsOfRow = new Map<number, number[]>();
    const rowsOfCol = new Map<number, number[]>();
    for (const [key, cell] of sheet.cells) {
      if (!hasContent(cell)) continue;
      const { row, col } = parseCellKey(key);
      (colsOfRow.get(row) ?? colsOfRow.set(row, []).get(row)!).push(col);
      (rowsOfCol.get(col) ?? rowsOfCol.set(col, []).get(col)!).push(row);
    }
    for (const rows of rowsOfCol.values()) rows.sort((a, b) => a - b);
    const anyInRow = (row: number, c1: number, c2: number) =>
      (colsOfRow.get(row) ?? []).some((c) => c >= c1 && c <= c2);
    const anyInCol = (col: number, r1: number, r2: number) => {
      const rows = rowsOfCol.get(col);
      if (!rows) return false;
      // The first non-empty row at or after r1, by binary search.
      let lo = 0;
      let hi = rows.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (rows[mid] < r1) lo = mid + 1;
        else hi = mid;
      }
      return lo < rows.length && rows[lo] <= r2;
    };
    let top = start.row;
    let left = start.col;
    let bottom = start.row + start.rowCount - 1;
    let right = start.col + start.colCount - 1;
    for (let grew = true; grew;) {
      grew = false;
      if (top > 0 && anyInRow(top - 1, left - 1, right + 1)) ((top -= 1), (grew = true));
      if (bottom < MAX_ROWS - 1 && anyInRow(bottom + 1, left - 1, right + 1))
        ((bottom += 1), (grew = true));
      if (left > 0 && anyInCol(left - 1, top - 1, bottom + 1)) ((left -= 1), (grew = true));
      if (right < MAX_COLUMNS - 1 && anyInCol(right + 1, top - 1, bottom + 1))
        ((right += 1), (grew = true));
    }
    // Excel trims empty outer rows/columns of a region grown from a single empty cell.
    if (start.rowCount === 1 && start.colCount === 1 && top === bottom && left === right)
      return start;
    return { row: top, col: left, rowCount: bottom - top + 1, colCount: right - left + 1 };
  }

  /** The table covering the cell, if any. */
  tableAt(sheet: SheetModel, row: number, col: number): TableModel | undefined {
    return this.tables.find(
      (t) => t.sheetId === sheet.id && contains(t.rect, { row, col, rowCount: 1, colCount: 1 })
    );
  }

  /** The table with this name (case-insensitive) or id. */
  tableByName(name: string): TableModel | undefined {
    const lower = name.toLowerCase();
    return this.tables.find((t) => t.name.toLowerCase() === lower || t.id === name);
  }

  /** Column names of a table: its header row's texts. */
  tableColumnNames(table: TableModel): string[] {
    const sheet = this.sheet(table.sheetId);
    const names: string[] = [];
    for (let c = 0; c < table.rect.colCount; c++) {
      names.push(this.text(sheet, table.rect.row, table.rect.col + c));
    }
    return names;
  }

  /**
   * Turns a range into a table whose first row is the header row. Empty header cells get
   * `ColumnN`, duplicates a number suffix, as Excel does.
   */
  addTable(sheet: SheetModel, rect: Rect, hasHeaders: boolean): TableModel {
    if (!hasHeaders) {
      throw new ModelError(
        "InvalidArgument",
        "The preview only supports tables whose range includes the header row (hasHeaders = true)."
      );
    }
    if (rect.rowCount > MAX_ROWS / 2 || rect.colCount > MAX_COLUMNS / 2) {
      throw new ModelError(
        "InvalidArgument",
        "The argument is invalid or missing or has an incorrect format."
      );
    }
    // Excel gives a table of only a header row one empty data row.
    if (rect.rowCount === 1) rect = { ...rect, rowCount: 2 };
    if (this.tables.some((t) => t.sheetId === sheet.id && intersects(t.rect, rect))) {
      throw new ModelError("InvalidArgument", "A table can't overlap another table.");
    }
    const seen = new Set<string>();
    for (let c = 0; c < rect.colCount; c++) {
      const text = this.text(sheet, rect.row, rect.col + c);
      let name = text === "" ? `Column${c + 1}` : text;
      for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${text || "Column"}${n}`;
      seen.add(name.toLowerCase());
      if (name !== text) this.writeHeader(sheet, rect.row, rect.col + c, name);
    }
    let n = this.tables.length + 1;
    while (this.tableByName(`Table${n}`)) n += 1;
    const table: TableModel = {
      id: `{table-${this.nextId++}}`,
      name: `Table${n}`,
      sheetId: sheet.id,
      rect: { ...rect },
      style: "TableStyleMedium2",
      showBandedRows: true,
    };
    this.tables.push(table);
    this.changed();
    return table;
  }

  private writeHeader(sheet: SheetModel, row: number, col: number, name: string): void {
    const cell = this.mutableCell(sheet, row, col);
    cell.value = name;
    cell.formula = undefined;
    this.changed([{ sheetId: sheet.id, key: cellKey(row, col) }]);
  }

  /**
   * What Excel does for rows a table grows by (typing under it, `rows.add`): each new row takes the
   * number formats, font colours and data validation of the row above it, and a column whose cell
   * above holds a formula (a calculated column) gets that formula, its relative row references moved
   * down. `firstRow` is the first new worksheet row (0-based).
   */
  fillNewTableRows(table: TableModel, firstRow: number, count: number): void {
    const sheet = this.sheet(table.sheetId);
    const above = firstRow - 1;
    if (above <= table.rect.row) return;
    for (let c = table.rect.col; c < table.rect.col + table.rect.colCount; c++) {
      const source = this.cell(sheet, above, c);
      if (!source) continue;
      for (let r = firstRow; r < firstRow + count; r++) {
        const target = this.mutableCell(sheet, r, c);
        target.numberFormat ??= source.numberFormat;
        target.fontColor ??= source.fontColor;
        target.validation ??= source.validation;
        target.validationAlert ??= source.validationAlert;
        target.validationPrompt ??= source.validationPrompt;
        if (source.formula && target.value === "" && target.formula === undefined) {
          this.writeInput(sheet, r, c, shiftRowReferences(source.formula, r - above));
        }
      }
    }
    this.changed();
  }

  /**
   * Excel's table auto-expansion: data written into the row right under a table (typed, or set
   * through `Range.values`, which Microsoft's co-authoring guidance recommends over `rows.add`)
   * makes the table take that row, and the next ones written with it. `rows` are the written rows'
   * inputs across `rect`'s columns; a row with nothing in it stops the growth (Excel adds no empty
   * row this way). Call before writing the inputs, so the new rows take the table's formats.
   */
  expandTableUnder(sheet: SheetModel, rect: Rect, rows: readonly (readonly unknown[])[]): void {
    const table = this.tables.find(
      (t) =>
        t.sheetId === sheet.id &&
        t.rect.row + t.rect.rowCount === rect.row &&
        rect.col < t.rect.col + t.rect.colCount &&
        rect.col + rect.colCount > t.rect.col
    );
    if (!table) return;
    let grow = 0;
    while (grow < rows.length && rows[grow].some((v) => v !== "" && v !== null && v !== undefined))
      grow += 1;
    const below = {
      row: rect.row,
      col: table.rect.col,
      rowCount: grow,
      colCount: table.rect.colCount,
    };
    if (
      grow === 0 ||
      this.tables.some((t) => t !== table && t.sheetId === sheet.id && intersects(t.rect, below))
    )
      return;
    table.rect.rowCount += grow;
    this.fillNewTableRows(table, rect.row, grow);
  }

  /** Filters a table column to rows showing one of `values` (texts); undefined clears it. */
  setTableFilter(table: TableModel, column: number, values: string[] | undefined): void {
    if (column < 0 || column >= table.rect.colCount)
      throw new ModelError("InvalidArgument", "The column index is out of range.");
    const filters = { ...(table.filters ?? {}) };
    if (values === undefined) delete filters[column];
    else filters[column] = [...values];
    table.filters = Object.keys(filters).length > 0 ? filters : undefined;
    this.changed();
  }

  /** Clears every filter of the table (`autoFilter.clearCriteria()`). */
  clearTableFilters(table: TableModel): void {
    table.filters = undefined;
    this.changed();
  }

  /** Worksheet rows (0-based) hidden by the filters of the sheet's tables. */
  filteredRows(sheet: SheetModel): Set<number> {
    const hidden = new Set<number>();
    for (const table of this.tables) {
      if (table.sheetId !== sheet.id || !table.filters) continue;
      for (let r = table.rect.row + 1; r < table.rect.row + table.rect.rowCount; r++) {
        for (const [column, values] of Object.entries(table.filters)) {
          if (!values.includes(this.text(sheet, r, table.rect.col + Number(column)))) hidden.add(r);
        }
      }
    }
    return hidden;
  }

  /** Renames a table, with Excel's checks. */
  renameTable(table: TableModel, name: string): void {
    if (!TABLE_NAME.test(name) || /^[A-Za-z]{1,3}\d+$/.test(name) || /^[rc]$/i.test(name)) {
      throw new ModelError("InvalidArgument", `The table name "${name}" is not valid.`);
    }
    const other = this.tableByName(name);
    if (other && other !== table) {
      throw new ModelError("ItemAlreadyExists", "A table with this name already exists.");
    }
    table.name = name;
    this.changed();
  }

  /** Removes the table object, keeping or clearing its cells. */
  removeTable(table: TableModel, clearCells: boolean): void {
    this.tables.splice(this.tables.indexOf(table), 1);
    if (clearCells) this.clear(this.sheet(table.sheetId), table.rect, "All");
    this.changed();
  }

  /**
   * Makes room inside `rect`'s columns (shift "down") or rows (shift "right") by moving the cells at
   * and after it, as Excel's insert does.
   */
  insertCells(sheet: SheetModel, rect: Rect, shift: "down" | "right"): void {
    const moved: [string, CellData][] = [];
    for (const [key, cell] of sheet.cells) {
      const { row, col } = parseCellKey(key);
      const inBand =
        shift === "down"
          ? col >= rect.col && col < rect.col + rect.colCount && row >= rect.row
          : row >= rect.row && row < rect.row + rect.rowCount && col >= rect.col;
      if (!inBand) continue;
      this.touch(sheet, key);
      sheet.cells.delete(key);
      const target =
        shift === "down" ? cellKey(row + rect.rowCount, col) : cellKey(row, col + rect.colCount);
      moved.push([target, cell]);
    }
    for (const [key, cell] of moved) {
      this.touch(sheet, key);
      sheet.cells.set(key, cell);
    }
    for (const table of this.tables) {
      if (table.sheetId !== sheet.id) continue;
      if (
        shift === "down" &&
        table.rect.row >= rect.row &&
        intersects({ ...rect, row: 0, rowCount: MAX_ROWS }, table.rect)
      ) {
        table.rect.row += rect.rowCount;
      }
      if (
        shift === "right" &&
        table.rect.col >= rect.col &&
        intersects({ ...rect, col: 0, colCount: MAX_COLUMNS }, table.rect)
      ) {
        table.rect.col += rect.colCount;
      }
    }
    this.changed(moved.map(([key]) => ({ sheetId: sheet.id, key })));
  }

  /** True when no cell of the rectangle has content. */
  isEmpty(sheet: SheetModel, rect: Rect): boolean {
    for (const [key, cell] of sheet.cells) {
      const { row, col } = parseCellKey(key);
      if (hasContent(cell) && contains(rect, { row, col, rowCount: 1, colCount: 1 })) return false;
    }
    return true;
  }
}

/**
 * A formula copied `rows` rows down: relative row numbers of A1 references (`B2`, `$B2`) move, fixed
 * ones (`B$2`) stay; text in quotes and names such as `LOG10(` are left alone.
 */
export function shiftRowReferences(formula: string, rows: number): string {
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(
            /(^|[^A-Za-z0-9_.$!])(\$?[A-Za-z]{1,3})(\$?)(\d+)(?![\d(A-Za-z_])/g,
            (m, lead: string, col: string, fixed: string, row: string) =>
              fixed ? m : `${lead}${col}${Number(row) + rows}`
          )
    )
    .join("");
}
