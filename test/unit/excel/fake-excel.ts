/**
 * A small in-memory Excel for the src/excel tests. office-addin-mock models a fixed tree of loaded
 * properties; these tests need ranges computed from a grid (by indexes, surrounding regions, table
 * parts) and the batching rule of the real API (a load is only readable after `context.sync()`,
 * writes land at the sync), so the grid lives here and the `Excel` global is an `OfficeMockObject`
 * whose `run` hands over this grid's request context (the mock supports functions as members).
 */
import { OfficeMockObject } from "office-addin-mock";

export type Scalar = string | number | boolean;

/** One stored cell. `type` overrides the derived value type (e.g. "Error" for "#N/A"). */
export interface FakeCell {
  value?: Scalar;
  type?: string;
  formula?: string;
  numberFormat?: string;
  fill?: string;
  font?: string;
  bold?: boolean;
  validation?: { rule?: unknown; errorAlert?: unknown; prompt?: unknown };
}

export interface Rect {
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}

export class FakeSheet {
  cells = new Map<string, FakeCell>();
  visibility = "Visible";
  frozenRows = 0;
  activated = false;
  constructor(public name: string) {}

  cell(r: number, c: number): FakeCell | undefined {
    return this.cells.get(`${r},${c}`);
  }

  /** Fills cells from a 2-D array starting at (row, column); undefined/null leave cells empty. */
  put(row: number, column: number, rows: (Scalar | FakeCell | null | undefined)[][]): void {
    rows.forEach((cells, i) =>
      cells.forEach((v, j) => {
        if (v === null || v === undefined) return;
        this.cells.set(`${row + i},${column + j}`, typeof v === "object" ? { ...v } : { value: v });
      })
    );
  }

  cellOrNew(r: number, c: number): FakeCell {
    const key = `${r},${c}`;
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = {}));
    return cell;
  }

  isFilled(r: number, c: number): boolean {
    const cell = this.cell(r, c);
    return !!cell && ((cell.value !== undefined && cell.value !== "") || !!cell.formula);
  }

  /** The shown value of a cell (for assertions). */
  valueAt(r: number, c: number): Scalar | undefined {
    return this.cell(r, c)?.value;
  }
}

export class FakeTableModel {
  showHeaders = true;
  showTotals = false;
  constructor(
    public name: string,
    public sheet: FakeSheet,
    public rect: Rect
  ) {}
  get header(): Rect {
    return { ...this.rect, rowCount: 1 };
  }
  get body(): Rect {
    const rows = this.rect.rowCount - 1 - (this.showTotals ? 1 : 0);
    return { ...this.rect, rowIndex: this.rect.rowIndex + 1, rowCount: rows };
  }
}

export interface SyncRecord {
  loadedCells: number;
  writtenCells: number;
}

export class FakeBook {
  sheets: FakeSheet[] = [];
  tables: FakeTableModel[] = [];
  selection: { sheet: FakeSheet; areas: Rect[] } | "chart" | undefined;
  syncLog: SyncRecord[] = [];

  get syncs(): number {
    return this.syncLog.length;
  }

  addSheet(name: string): FakeSheet {
    const sheet = new FakeSheet(name);
    this.sheets.push(sheet);
    return sheet;
  }

  sheet(name: string): FakeSheet {
    const found = this.sheets.find((s) => s.name === name);
    if (!found) throw Object.assign(new Error(`No sheet ${name}`), { code: "ItemNotFound" });
    return found;
  }

  addTable(name: string, sheet: FakeSheet, rect: Rect): FakeTableModel {
    const table = new FakeTableModel(name, sheet, rect);
    this.tables.push(table);
    return table;
  }

  select(sheet: FakeSheet, ...areas: Rect[]): void {
    this.selection = { sheet, areas };
  }
}

/** Installs `global.Excel` (an OfficeMockObject) backed by `book`. */
export function installExcel(book: FakeBook): void {
  const excel = new OfficeMockObject({
    run: async (callback: (context: unknown) => Promise<unknown>) =>
      await callback(new FakeContext(book)),
  });
  (global as unknown as { Excel: unknown }).Excel = excel;
}

/** A rectangle helper: rows and columns 0-based. */
export const rect = (
  rowIndex: number,
  columnIndex: number,
  rowCount = 1,
  columnCount = 1
): Rect => ({
  rowIndex,
  columnIndex,
  rowCount,
  columnCount,
});

const overlaps = (a: Rect, b: Rect) =>
  a.rowIndex < b.rowIndex + b.rowCount &&
  b.rowIndex < a.rowIndex + a.rowCount &&
  a.columnIndex < b.columnIndex + b.columnCount &&
  b.columnIndex < a.columnIndex + a.columnCount;

function intersect(a: Rect, b: Rect): Rect | null {
  if (!overlaps(a, b)) return null;
  const rowIndex = Math.max(a.rowIndex, b.rowIndex);
  const columnIndex = Math.max(a.columnIndex, b.columnIndex);
  return {
    rowIndex,
    columnIndex,
    rowCount: Math.min(a.rowIndex + a.rowCount, b.rowIndex + b.rowCount) - rowIndex,
    columnCount:
      Math.min(a.columnIndex + a.columnCount, b.columnIndex + b.columnCount) - columnIndex,
  };
}

function surroundingRegion(sheet: FakeSheet, start: Rect): Rect {
  let r0 = start.rowIndex;
  let c0 = start.columnIndex;
  let r1 = r0;
  let c1 = c0;
  const rowHas = (r: number, from: number, to: number) => {
    for (let c = Math.max(0, from); c <= to; c++) if (sheet.isFilled(r, c)) return true;
    return false;
  };
  const colHas = (c: number, from: number, to: number) => {
    for (let r = Math.max(0, from); r <= to; r++) if (sheet.isFilled(r, c)) return true;
    return false;
  };
  for (let changed = true; changed;) {
    changed = false;
    if (r0 > 0 && rowHas(r0 - 1, c0 - 1, c1 + 1)) (r0--, (changed = true));
    if (rowHas(r1 + 1, c0 - 1, c1 + 1)) (r1++, (changed = true));
    if (c0 > 0 && colHas(c0 - 1, r0 - 1, r1 + 1)) (c0--, (changed = true));
    if (colHas(c1 + 1, r0 - 1, r1 + 1)) (c1++, (changed = true));
  }
  return { rowIndex: r0, columnIndex: c0, rowCount: r1 - r0 + 1, columnCount: c1 - c0 + 1 };
}

function valueType(cell: FakeCell | undefined): string {
  if (cell?.type) return cell.type;
  const v = cell?.value;
  if (v === undefined || v === "") return "Empty";
  if (typeof v === "number") return "Double";
  if (typeof v === "boolean") return "Boolean";
  return "String";
}

class FakeContext {
  queue: (() => void)[] = [];
  loadedCells = 0;
  writtenCells = 0;
  workbook: FakeWorkbookApi;
  constructor(public book: FakeBook) {
    this.workbook = new FakeWorkbookApi(this);
  }
  async sync(): Promise<void> {
    const ops = this.queue;
    this.queue = [];
    this.loadedCells = 0;
    this.writtenCells = 0;
    try {
      for (const op of ops) op();
    } finally {
      this.book.syncLog.push({ loadedCells: this.loadedCells, writtenCells: this.writtenCells });
    }
  }
}

const NULL_OBJECT = Symbol("null object");

/** Base of the API objects: `load` is queued and only readable after the sync. */
class Loadable {
  protected loaded = new Map<string, unknown>();
  constructor(protected ctx: FakeContext) {}
  load(spec?: string | string[]): this {
    const names = (Array.isArray(spec) ? spec : (spec ?? "").split(","))
      .map((n) => n.trim().split("/")[0])
      .filter((n) => n !== "");
    this.ctx.queue.push(() => names.forEach((n) => this.loaded.set(n, this.read(n))));
    return this;
  }
  protected read(name: string): unknown {
    throw new Error(`The fake cannot load ${name}`);
  }
  protected get<T>(name: string): T {
    if (!this.loaded.has(name))
      throw new Error(`PropertyNotLoaded: ${name} (load it and sync first)`);
    if (this.loaded.get(name) === NULL_OBJECT) throw new Error(`${name} of a null object`);
    return this.loaded.get(name) as T;
  }
}

class FakeWorkbookApi {
  worksheets: FakeSheetCollectionApi;
  tables: FakeTableCollectionApi;
  constructor(private ctx: FakeContext) {
    this.worksheets = new FakeSheetCollectionApi(ctx);
    this.tables = new FakeTableCollectionApi(ctx, () => ctx.book.tables);
  }
  getSelectedRanges(): FakeRangeAreasApi {
    return new FakeRangeAreasApi(this.ctx);
  }
}

class FakeRangeAreasApi {
  areas: FakeCollection<FakeRangeApi>;
  worksheet: FakeSheetApi;
  constructor(private ctx: FakeContext) {
    const selection = () => {
      const s = ctx.book.selection;
      if (s === "chart" || s === undefined) {
        throw Object.assign(new Error("The current selection is invalid"), {
          code: "InvalidSelection",
        });
      }
      return s;
    };
    this.areas = new FakeCollection(ctx, () => {
      const s = selection();
      return s.areas.map(
        (a) =>
          new FakeRangeApi(
            ctx,
            () => s.sheet,
            () => a
          )
      );
    });
    this.worksheet = new FakeSheetApi(ctx, () => selection().sheet);
  }
  getTables(fullyContained: boolean): FakeTableCollectionApi {
    if (fullyContained) throw new Error("The fake only models getTables(false)");
    return new FakeTableCollectionApi(this.ctx, () => {
      const s = this.ctx.book.selection;
      if (s === "chart" || s === undefined) return [];
      return this.ctx.book.tables.filter(
        (t) => t.sheet === s.sheet && s.areas.some((a) => overlaps(a, t.rect))
      );
    });
  }
}

class FakeCollection<T> extends Loadable {
  constructor(
    ctx: FakeContext,
    private list: () => T[]
  ) {
    super(ctx);
  }
  /** "items/name,items/showHeaders" loads the items and those properties of each item. */
  override load(spec?: string | string[]): this {
    const parts = Array.isArray(spec) ? spec : (spec ?? "").split(",");
    const props = parts
      .map((p) => p.trim())
      .filter((p) => p.startsWith("items/"))
      .map((p) => p.slice("items/".length));
    this.ctx.queue.push(() => {
      const items = this.list();
      for (const item of items) {
        const api = item as unknown as { loadNow(names: string[]): void };
        if (props.length > 0) api.loadNow(props);
      }
      this.loaded.set("items", items);
    });
    return this;
  }
  get items(): T[] {
    return this.get<T[]>("items");
  }
}

class FakeSheetCollectionApi extends FakeCollection<FakeSheetApi> {
  constructor(private c: FakeContext) {
    super(c, () => c.book.sheets.map((s) => new FakeSheetApi(c, () => s)));
  }
  getItem(name: string): FakeSheetApi {
    return new FakeSheetApi(this.c, () => this.c.book.sheet(name));
  }
  add(name: string): FakeSheetApi {
    const sheet = new FakeSheet(name);
    this.c.queue.push(() => {
      if (this.c.book.sheets.some((s) => s.name.toLowerCase() === name.toLowerCase())) {
        throw Object.assign(new Error(`Sheet ${name} exists`), { code: "ItemAlreadyExists" });
      }
      this.c.book.sheets.push(sheet);
    });
    return new FakeSheetApi(this.c, () => sheet);
  }
}

class FakeTableCollectionApi extends FakeCollection<FakeTableApi> {
  constructor(
    private c: FakeContext,
    models: () => FakeTableModel[]
  ) {
    super(c, () => models().map((t) => new FakeTableApi(c, () => t)));
  }
  getItem(name: string): FakeTableApi {
    return new FakeTableApi(this.c, () => {
      const t = this.c.book.tables.find((x) => x.name.toLowerCase() === name.toLowerCase());
      if (!t) throw Object.assign(new Error(`No table ${name}`), { code: "ItemNotFound" });
      return t;
    });
  }
}

/** Adds `loadNow` (for collection item loads) to a Loadable. */
class ItemLoadable extends Loadable {
  loadNow(names: string[]): void {
    names.forEach((n) => this.loaded.set(n, this.read(n)));
  }
}

class FakeSheetApi extends ItemLoadable {
  tables: { add(range: FakeRangeApi, hasHeaders: boolean): FakeTableApi };
  freezePanes: { freezeRows(count: number): void };
  constructor(
    ctx: FakeContext,
    readonly model: () => FakeSheet
  ) {
    super(ctx);
    this.tables = {
      add: (range, hasHeaders) => {
        if (!hasHeaders) throw new Error("The fake only models tables with headers");
        let table: FakeTableModel | undefined;
        ctx.queue.push(() => {
          const n = ctx.book.tables.length + 1;
          table = ctx.book.addTable(`Table${n}`, this.model(), range.resolveRect());
        });
        return new FakeTableApi(ctx, () => table!);
      },
    };
    this.freezePanes = {
      freezeRows: (count) => ctx.queue.push(() => (this.model().frozenRows = count)),
    };
  }
  protected override read(name: string): unknown {
    if (name === "name") return this.model().name;
    return super.read(name);
  }
  get name(): string {
    return this.get("name");
  }
  set visibility(v: string) {
    this.ctx.queue.push(() => (this.model().visibility = v));
  }
  activate(): void {
    this.ctx.queue.push(() => (this.model().activated = true));
  }
  getRangeByIndexes(
    row: number,
    column: number,
    rowCount: number,
    columnCount: number
  ): FakeRangeApi {
    return new FakeRangeApi(this.ctx, this.model, () => rect(row, column, rowCount, columnCount));
  }
  getCell(row: number, column: number): FakeRangeApi {
    return this.getRangeByIndexes(row, column, 1, 1);
  }
  getRange(): FakeRangeApi {
    return this.getRangeByIndexes(0, 0, 1_048_576, 16_384);
  }
  getUsedRangeOrNullObject(): FakeRangeApi {
    return new FakeRangeApi(this.ctx, this.model, () => {
      const keys = [...this.model().cells.keys()]
        .map((k) => k.split(",").map(Number))
        .filter(([r, c]) => this.model().isFilled(r, c));
      if (keys.length === 0) return null;
      const rows = keys.map((k) => k[0]);
      const cols = keys.map((k) => k[1]);
      const r0 = Math.min(...rows);
      const c0 = Math.min(...cols);
      return rect(r0, c0, Math.max(...rows) - r0 + 1, Math.max(...cols) - c0 + 1);
    });
  }
}

class FakeTableApi extends ItemLoadable {
  columns: { add(index: number | undefined, values: unknown, name: string): void };
  constructor(
    ctx: FakeContext,
    private model: () => FakeTableModel
  ) {
    super(ctx);
    this.columns = {
      add: (_index, _values, name) =>
        ctx.queue.push(() => {
          const t = this.model();
          const column = t.rect.columnIndex + t.rect.columnCount;
          t.rect = { ...t.rect, columnCount: t.rect.columnCount + 1 };
          t.sheet.cellOrNew(t.rect.rowIndex, column).value = name;
        }),
    };
  }
  protected override read(name: string): unknown {
    const t = this.model();
    if (name === "name") return t.name;
    if (name === "showHeaders") return t.showHeaders;
    if (name === "showTotals") return t.showTotals;
    return super.read(name);
  }
  get name(): string {
    return this.get("name");
  }
  set name(value: string) {
    this.ctx.queue.push(() => (this.model().name = value));
  }
  get showHeaders(): boolean {
    return this.get("showHeaders");
  }
  getHeaderRowRange(): FakeRangeApi {
    return new FakeRangeApi(
      this.ctx,
      () => this.model().sheet,
      () => this.model().header
    );
  }
  getDataBodyRange(): FakeRangeApi {
    return new FakeRangeApi(
      this.ctx,
      () => this.model().sheet,
      () => this.model().body
    );
  }
  getRange(): FakeRangeApi {
    return new FakeRangeApi(
      this.ctx,
      () => this.model().sheet,
      () => this.model().rect
    );
  }
}

type Grid = unknown[][];

class FakeRangeApi extends ItemLoadable {
  format: {
    fill: { color: string; clear(): void };
    font: { color: string; bold: boolean };
    autofitColumns(): void;
  };
  dataValidation: { rule: unknown; errorAlert: unknown; prompt: unknown };
  constructor(
    ctx: FakeContext,
    readonly sheet: () => FakeSheet,
    private where: () => Rect | null
  ) {
    super(ctx);
    const eachCell = (apply: (cell: FakeCell) => void) =>
      ctx.queue.push(() => {
        const r = this.resolveRect();
        for (let i = 0; i < r.rowCount; i++)
          for (let j = 0; j < r.columnCount; j++)
            apply(this.sheet().cellOrNew(r.rowIndex + i, r.columnIndex + j));
      });
    const self = this;
    this.format = {
      fill: {
        set color(v: string) {
          eachCell((c) => (c.fill = v));
        },
        get color(): string {
          throw new Error("The fake does not read format.fill.color");
        },
        clear: () => eachCell((c) => delete c.fill),
      },
      font: {
        set color(v: string) {
          eachCell((c) => (c.font = v));
        },
        get color(): string {
          throw new Error("The fake does not read format.font.color");
        },
        set bold(v: boolean) {
          eachCell((c) => (c.bold = v));
        },
        get bold(): boolean {
          throw new Error("The fake does not read format.font.bold");
        },
      },
      autofitColumns: () => ctx.queue.push(() => self.resolveRect()),
    };
    const validation = (key: "rule" | "errorAlert" | "prompt") => ({
      set(v: unknown) {
        eachCell((c) => (c.validation = { ...c.validation, [key]: v }));
      },
      get(): unknown {
        throw new Error("The fake does not read data validation");
      },
    });
    this.dataValidation = Object.defineProperties(
      {} as { rule: unknown; errorAlert: unknown; prompt: unknown },
      {
        rule: validation("rule"),
        errorAlert: validation("errorAlert"),
        prompt: validation("prompt"),
      }
    );
  }

  resolveRect(): Rect {
    const r = this.where();
    if (!r) throw Object.assign(new Error("The range is a null object"), { code: "ItemNotFound" });
    return r;
  }

  private grid(cell: (c: FakeCell | undefined) => unknown): Grid {
    const r = this.resolveRect();
    this.ctx.loadedCells += r.rowCount * r.columnCount; // per loaded property
    const sheet = this.sheet();
    return Array.from({ length: r.rowCount }, (_, i) =>
      Array.from({ length: r.columnCount }, (_, j) =>
        cell(sheet.cell(r.rowIndex + i, r.columnIndex + j))
      )
    );
  }

  protected override read(name: string): unknown {
    if (name === "isNullObject") return this.where() === null;
    // Excel lets a null object's properties be loaded; only reading them afterwards fails.
    if (this.where() === null) return NULL_OBJECT;
    switch (name) {
      case "rowIndex":
      case "columnIndex":
      case "rowCount":
      case "columnCount":
        return this.resolveRect()[name];
      case "values":
        return this.grid((c) => c?.value ?? "");
      case "valueTypes":
        return this.grid((c) => valueType(c));
      case "formulas":
        return this.grid((c) => c?.formula ?? c?.value ?? "");
      case "numberFormat":
        return this.grid((c) => c?.numberFormat ?? "General");
      default:
        return super.read(name);
    }
  }

  private write(name: string, grid: Grid, apply: (cell: FakeCell, v: unknown) => void): void {
    this.ctx.queue.push(() => {
      const r = this.resolveRect();
      if (grid.length !== r.rowCount || grid.some((row) => row.length !== r.columnCount)) {
        throw Object.assign(
          new Error(
            `${name}: ${grid.length}×${grid[0]?.length} for ${r.rowCount}×${r.columnCount}`
          ),
          {
            code: "InvalidArgument",
          }
        );
      }
      this.ctx.writtenCells += r.rowCount * r.columnCount;
      grid.forEach((row, i) =>
        row.forEach((v, j) => apply(this.sheet().cellOrNew(r.rowIndex + i, r.columnIndex + j), v))
      );
    });
  }

  get isNullObject(): boolean {
    return this.get("isNullObject");
  }
  get rowIndex(): number {
    return this.get("rowIndex");
  }
  get columnIndex(): number {
    return this.get("columnIndex");
  }
  get rowCount(): number {
    return this.get("rowCount");
  }
  get columnCount(): number {
    return this.get("columnCount");
  }
  get values(): Grid {
    return this.get("values");
  }
  /** Like Excel: "'" marks text, a leading "=" makes a formula. */
  set values(grid: Grid) {
    this.write("values", grid, (cell, v) => {
      delete cell.formula;
      delete cell.type;
      if (typeof v === "string" && v.startsWith("'")) cell.value = v.slice(1);
      else if (typeof v === "string" && v.startsWith("=")) ((cell.formula = v), (cell.value = 0));
      else cell.value = v as Scalar;
    });
  }
  get valueTypes(): Grid {
    return this.get("valueTypes");
  }
  get numberFormat(): Grid {
    return this.get("numberFormat");
  }
  set numberFormat(grid: Grid) {
    this.write("numberFormat", grid, (cell, v) => (cell.numberFormat = String(v)));
  }
  get formulas(): Grid {
    return this.get("formulas");
  }
  set formulas(grid: Grid) {
    this.write("formulas", grid, (cell, v) => {
      if (typeof v === "string" && v.startsWith("=")) ((cell.formula = v), (cell.value = ""));
      else (delete cell.formula, (cell.value = v as Scalar));
    });
  }

  /** Clears contents and formats (Excel's default "All"). */
  clear(): void {
    this.ctx.queue.push(() => {
      const r = this.resolveRect();
      const sheet = this.sheet();
      for (const key of [...sheet.cells.keys()]) {
        const [row, col] = key.split(",").map(Number);
        if (overlaps(r, rect(row, col))) sheet.cells.delete(key);
      }
    });
  }

  getCell(row: number, column: number): FakeRangeApi {
    return new FakeRangeApi(this.ctx, this.sheet, () => {
      const r = this.resolveRect();
      return rect(r.rowIndex + row, r.columnIndex + column);
    });
  }
  getRow(row: number): FakeRangeApi {
    return new FakeRangeApi(this.ctx, this.sheet, () => {
      const r = this.resolveRect();
      return rect(r.rowIndex + row, r.columnIndex, 1, r.columnCount);
    });
  }
  getSurroundingRegion(): FakeRangeApi {
    return new FakeRangeApi(this.ctx, this.sheet, () =>
      surroundingRegion(this.sheet(), this.resolveRect())
    );
  }
  getIntersection(other: FakeRangeApi): FakeRangeApi {
    return new FakeRangeApi(this.ctx, this.sheet, () => {
      const r = intersect(this.resolveRect(), other.resolveRect());
      if (!r) throw Object.assign(new Error("No intersection"), { code: "InvalidArgument" });
      return r;
    });
  }
}
