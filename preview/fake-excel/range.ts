/**
 * The fake `Excel.Range` (and `RangeAreas` for the selection): values, types, texts, formulas and
 * number formats read at sync; writes applied in queue order; navigation to related ranges.
 */
import type { Rect } from "./address";
import {
  MAX_COLUMNS,
  MAX_ROWS,
  boundingRect,
  formatAddress,
  intersection,
  parseAddress,
} from "./address";
import type { ScalarValue } from "./cell-values";
import { valueTypeOf } from "./cell-values";
import { ClientCollection, ClientObject } from "./client-object";
import type { Getters, Source } from "./client-object";
import type { FakeRequestContext } from "./request-context";
import type { RangeRef } from "./range-ref";
import { forEachWritten, perCell, sheetOf } from "./range-ref";
import { FakeDataValidation, FakeRangeFormat } from "./range-format";
import { FakeWorksheet } from "./worksheet";
import { FakeTableScopedCollection } from "./table";
import { ModelError } from "./workbook-model";

/** Excel's InvalidArgument for a rectangle that is empty or reaches outside the sheet. */
export function checkRect(rect: Rect): Rect {
  if (
    rect.row < 0 ||
    rect.col < 0 ||
    rect.rowCount < 1 ||
    rect.colCount < 1 ||
    rect.row + rect.rowCount > MAX_ROWS ||
    rect.col + rect.colCount > MAX_COLUMNS
  ) {
    throw new ModelError(
      "InvalidArgument",
      "The argument is invalid or missing or has an incorrect format."
    );
  }
  return rect;
}

/** A range proxy resolved (at its sync) from a function of the model. */
export function rangeFrom(context: FakeRequestContext, resolve: () => RangeRef | null): FakeRange {
  return new FakeRange(context, { frozen: resolve });
}

/** A range proxy derived from another one's resolved rectangle. */
function derived(from: FakeRange, fn: (ref: RangeRef) => Rect | null, nullable = false): FakeRange {
  return rangeFrom(from.context, () => {
    const ref = from.refNow();
    if (ref === null) return null;
    const rect = fn(ref);
    if (rect === null) {
      if (nullable) return null;
      throw new ModelError("ItemNotFound", "The requested resource doesn't exist.");
    }
    return { sheetId: ref.sheetId, rect: checkRect(rect) };
  });
}

/** The properties a range loads one value per cell of. */
const GRID_PROPERTIES = new Set(["values", "valueTypes", "text", "formulas", "numberFormat"]);

/** `Excel.Range`. */
export class FakeRange extends ClientObject<RangeRef> {
  protected readonly typeName = "Range";
  private formatProxy?: FakeRangeFormat;
  private validationProxy?: FakeDataValidation;
  private sheetProxy?: FakeWorksheet;

  constructor(context: FakeRequestContext, source: Source<RangeRef>) {
    super(context, source);
  }

  /** The resolved reference inside a queued action (null for a null object). */
  refNow(): RangeRef | null {
    return this.target();
  }

  protected getters(): Getters<RangeRef> {
    const model = this.context.model;
    const sheet = (ref: RangeRef) => sheetOf(this.context, ref);
    return {
      address: (ref) => formatAddress(sheet(ref).name, ref.rect),
      addressLocal: (ref) => formatAddress(sheet(ref).name, ref.rect),
      rowIndex: (ref) => ref.rect.row,
      columnIndex: (ref) => ref.rect.col,
      rowCount: (ref) => ref.rect.rowCount,
      columnCount: (ref) => ref.rect.colCount,
      cellCount: (ref) => ref.rect.rowCount * ref.rect.colCount,
      isEntireRow: (ref) => ref.rect.col === 0 && ref.rect.colCount === MAX_COLUMNS,
      isEntireColumn: (ref) => ref.rect.row === 0 && ref.rect.rowCount === MAX_ROWS,
      // The sheet is looked up once per load, not once per cell (10,000 rows are 250,000 cells).
      values: (ref) => {
        const at = sheet(ref);
        return perCell(ref, (r, c) => model.value(at, r, c));
      },
      valueTypes: (ref) => {
        const at = sheet(ref);
        return perCell(ref, (r, c) => valueTypeOf(model.value(at, r, c)));
      },
      text: (ref) => {
        const at = sheet(ref);
        return perCell(ref, (r, c) => model.text(at, r, c));
      },
      formulas: (ref) => {
        const at = sheet(ref);
        return perCell(ref, (r, c) => model.cell(at, r, c)?.formula ?? model.value(at, r, c));
      },
      numberFormat: (ref) => {
        const at = sheet(ref);
        return perCell(ref, (r, c) => model.numberFormat(at, r, c));
      },
      hidden: () => false,
    };
  }

  protected override cellsToRead(name: string, ref: RangeRef): number {
    return GRID_PROPERTIES.has(name) ? ref.rect.rowCount * ref.rect.colCount : 0;
  }

  protected override navigation(name: string): ClientObject<unknown> | undefined {
    if (name === "format") return this.format as ClientObject<unknown>;
    if (name === "dataValidation") return this.dataValidation as ClientObject<unknown>;
    if (name === "worksheet") return this.worksheet as ClientObject<unknown>;
    return undefined;
  }

  get address(): string {
    return this.read("address");
  }
  get addressLocal(): string {
    return this.read("addressLocal");
  }
  get rowIndex(): number {
    return this.read("rowIndex");
  }
  get columnIndex(): number {
    return this.read("columnIndex");
  }
  get rowCount(): number {
    return this.read("rowCount");
  }
  get columnCount(): number {
    return this.read("columnCount");
  }
  get cellCount(): number {
    return this.read("cellCount");
  }
  get isEntireRow(): boolean {
    return this.read("isEntireRow");
  }
  get isEntireColumn(): boolean {
    return this.read("isEntireColumn");
  }
  get valueTypes(): string[][] {
    return this.read("valueTypes");
  }
  get text(): string[][] {
    return this.read("text");
  }

  get values(): ScalarValue[][] {
    return this.read("values");
  }
  set values(value: ScalarValue[][]) {
    this.write("values", value, (ref, v) => {
      const sheet = sheetOf(this.context, ref);
      if (Array.isArray(v)) this.context.model.expandTableUnder(sheet, ref.rect, v);
      forEachWritten(ref, v, (r, c, input) => this.context.model.writeInput(sheet, r, c, input));
    });
  }

  get formulas(): ScalarValue[][] {
    return this.read("formulas");
  }
  set formulas(value: ScalarValue[][]) {
    this.write("formulas", value, (ref, v) => {
      const sheet = sheetOf(this.context, ref);
      forEachWritten(ref, v, (r, c, input) => this.context.model.writeInput(sheet, r, c, input));
    });
  }

  get numberFormat(): string[][] {
    return this.read("numberFormat");
  }
  set numberFormat(value: string[][]) {
    this.write("numberFormat", value, (ref, v) => {
      const sheet = sheetOf(this.context, ref);
      forEachWritten(ref, v, (r, c, format) => {
        this.context.model.mutableCell(sheet, r, c).numberFormat = String(format);
      });
      this.context.model.changed();
    });
  }

  get format(): FakeRangeFormat {
    return (this.formatProxy ??= new FakeRangeFormat(this.context, () => this.target()));
  }

  get dataValidation(): FakeDataValidation {
    return (this.validationProxy ??= new FakeDataValidation(this.context, () => this.target()));
  }

  get worksheet(): FakeWorksheet {
    return (this.sheetProxy ??= new FakeWorksheet(this.context, {
      live: () => {
        const ref = this.target();
        return ref === null ? null : ref.sheetId;
      },
    }));
  }

  /** One cell, relative to the range's top-left (may lie outside the range, as in Excel). */
  getCell(row: number, column: number): FakeRange {
    return derived(this, (ref) => ({
      row: ref.rect.row + row,
      col: ref.rect.col + column,
      rowCount: 1,
      colCount: 1,
    }));
  }
  /** One row of the range. */
  getRow(row: number): FakeRange {
    return derived(this, (ref) => ({ ...ref.rect, row: ref.rect.row + row, rowCount: 1 }));
  }
  /** One column of the range. */
  getColumn(column: number): FakeRange {
    return derived(this, (ref) => ({ ...ref.rect, col: ref.rect.col + column, colCount: 1 }));
  }
  /** The last row. */
  getLastRow(): FakeRange {
    return derived(this, (ref) => ({
      ...ref.rect,
      row: ref.rect.row + ref.rect.rowCount - 1,
      rowCount: 1,
    }));
  }
  /** The last column. */
  getLastColumn(): FakeRange {
    return derived(this, (ref) => ({
      ...ref.rect,
      col: ref.rect.col + ref.rect.colCount - 1,
      colCount: 1,
    }));
  }
  /** The bottom-right cell. */
  getLastCell(): FakeRange {
    return derived(this, (ref) => ({
      row: ref.rect.row + ref.rect.rowCount - 1,
      col: ref.rect.col + ref.rect.colCount - 1,
      rowCount: 1,
      colCount: 1,
    }));
  }
  /** Rows above the range (default 1). */
  getRowsAbove(count = 1): FakeRange {
    return derived(this, (ref) => ({ ...ref.rect, row: ref.rect.row - count, rowCount: count }));
  }
  /** Rows below the range (default 1). */
  getRowsBelow(count = 1): FakeRange {
    return derived(this, (ref) => ({
      ...ref.rect,
      row: ref.rect.row + ref.rect.rowCount,
      rowCount: count,
    }));
  }
  /** Columns left of the range (default 1). */
  getColumnsBefore(count = 1): FakeRange {
    return derived(this, (ref) => ({ ...ref.rect, col: ref.rect.col - count, colCount: count }));
  }
  /** Columns right of the range (default 1). */
  getColumnsAfter(count = 1): FakeRange {
    return derived(this, (ref) => ({
      ...ref.rect,
      col: ref.rect.col + ref.rect.colCount,
      colCount: count,
    }));
  }
  /** The same size, moved. */
  getOffsetRange(rowOffset: number, columnOffset: number): FakeRange {
    return derived(this, (ref) => ({
      ...ref.rect,
      row: ref.rect.row + rowOffset,
      col: ref.rect.col + columnOffset,
    }));
  }
  /** Grown or shrunk by the deltas. */
  getResizedRange(deltaRows: number, deltaColumns: number): FakeRange {
    return derived(this, (ref) => ({
      ...ref.rect,
      rowCount: ref.rect.rowCount + deltaRows,
      colCount: ref.rect.colCount + deltaColumns,
    }));
  }
  /** Same top-left, the given size. */
  getAbsoluteResizedRange(numRows: number, numColumns: number): FakeRange {
    return derived(this, (ref) => ({ ...ref.rect, rowCount: numRows, colCount: numColumns }));
  }
  /** Whole rows of the range. */
  getEntireRow(): FakeRange {
    return derived(this, (ref) => ({ ...ref.rect, col: 0, colCount: MAX_COLUMNS }));
  }
  /** Whole columns of the range. */
  getEntireColumn(): FakeRange {
    return derived(this, (ref) => ({ ...ref.rect, row: 0, rowCount: MAX_ROWS }));
  }

  private otherRect(other: FakeRange | string, ref: RangeRef): Rect {
    if (typeof other === "string") {
      const parsed = parseAddress(other);
      if (!parsed) throw new ModelError("InvalidArgument", `"${other}" is not a valid address.`);
      return parsed;
    }
    const otherRef = other.refNow();
    if (otherRef === null || otherRef.sheetId !== ref.sheetId) {
      throw new ModelError("InvalidArgument", "The ranges are not on the same worksheet.");
    }
    return otherRef.rect;
  }
  /** The shared cells; ItemNotFound when there are none. */
  getIntersection(other: FakeRange | string): FakeRange {
    return derived(this, (ref) => intersection(ref.rect, this.otherRect(other, ref)) ?? null);
  }
  /** The shared cells, or a null object. */
  getIntersectionOrNullObject(other: FakeRange | string): FakeRange {
    return derived(this, (ref) => intersection(ref.rect, this.otherRect(other, ref)) ?? null, true);
  }
  /** The smallest range holding both. */
  getBoundingRect(other: FakeRange | string): FakeRange {
    return derived(this, (ref) => boundingRect(ref.rect, this.otherRect(other, ref)));
  }
  /** Excel's current region around the range. */
  getSurroundingRegion(): FakeRange {
    return derived(this, (ref) =>
      this.context.model.surroundingRegion(sheetOf(this.context, ref), ref.rect)
    );
  }
  /** The used part of the range; ItemNotFound when it is empty. */
  getUsedRange(valuesOnly = false): FakeRange {
    return derived(this, (ref) => this.usedWithin(ref, valuesOnly));
  }
  /** The used part of the range, or a null object. */
  getUsedRangeOrNullObject(valuesOnly = false): FakeRange {
    return derived(this, (ref) => this.usedWithin(ref, valuesOnly), true);
  }
  private usedWithin(ref: RangeRef, valuesOnly: boolean): Rect | null {
    const used = this.context.model.usedRect(sheetOf(this.context, ref), valuesOnly);
    return used ? (intersection(used, ref.rect) ?? null) : null;
  }

  /** The tables that overlap (or, with `fullyContained`, lie inside) the range. */
  getTables(fullyContained = false): FakeTableScopedCollection {
    return new FakeTableScopedCollection(this.context, () => {
      const ref = this.target();
      return ref === null ? [] : [{ sheetId: ref.sheetId, rect: ref.rect, fullyContained }];
    });
  }

  /** Selects the range in the grid (activating its sheet). */
  select(): void {
    this.call((ref) => this.context.model.select(sheetOf(this.context, ref), ref.rect));
  }

  /** Clears contents, formats or both. */
  clear(applyTo: "All" | "Contents" | "Formats" = "All"): void {
    this.call((ref) => this.context.model.clear(sheetOf(this.context, ref), ref.rect, applyTo));
  }

  /** Inserts empty cells here, moving the cells at and after them down or right (`Range.insert`). */
  insert(shift: "Down" | "Right"): FakeRange {
    this.call((ref) =>
      this.context.model.insertCells(
        sheetOf(this.context, ref),
        ref.rect,
        shift === "Down" ? "down" : "right"
      )
    );
    return this;
  }
}

/** `Excel.RangeAreas` (what `getSelectedRanges()` returns): one or more rectangles on one sheet. */
export interface AreasRef {
  sheetId: string;
  rects: Rect[];
}

/** `Excel.RangeCollection` (the `areas` of a RangeAreas). */
export class FakeRangeCollection extends ClientCollection<AreasRef, FakeRange> {
  protected readonly typeName = "RangeCollection";
  constructor(context: FakeRequestContext, live: () => AreasRef | null) {
    super(context, { live });
  }
  protected itemsOf(target: AreasRef): unknown[] {
    return target.rects.map((rect) => ({ sheetId: target.sheetId, rect }));
  }
  protected itemProxy(item: unknown): FakeRange {
    return new FakeRange(this.context, { fixed: item as RangeRef });
  }
}

/** `Excel.RangeAreas`. */
export class FakeRangeAreas extends ClientObject<AreasRef> {
  protected readonly typeName = "RangeAreas";
  private areasProxy?: FakeRangeCollection;
  private sheetProxy?: FakeWorksheet;

  constructor(context: FakeRequestContext, resolve: () => AreasRef | null) {
    super(context, { frozen: resolve });
  }
  protected getters(): Getters<AreasRef> {
    return {
      address: (t) => {
        const name = this.context.model.sheet(t.sheetId).name;
        return t.rects.map((r) => formatAddress(name, r)).join(",");
      },
      areaCount: (t) => t.rects.length,
      cellCount: (t) => t.rects.reduce((n, r) => n + r.rowCount * r.colCount, 0),
    };
  }
  protected override navigation(name: string): ClientObject<unknown> | undefined {
    if (name === "areas") return this.areas as ClientObject<unknown>;
    if (name === "worksheet") return this.worksheet as ClientObject<unknown>;
    return undefined;
  }
  get address(): string {
    return this.read("address");
  }
  get areaCount(): number {
    return this.read("areaCount");
  }
  get areas(): FakeRangeCollection {
    return (this.areasProxy ??= new FakeRangeCollection(this.context, () => this.target()));
  }
  get worksheet(): FakeWorksheet {
    return (this.sheetProxy ??= new FakeWorksheet(this.context, {
      live: () => this.target()?.sheetId ?? null,
    }));
  }
  /** Tables overlapping any area. */
  getTables(fullyContained = false): FakeTableScopedCollection {
    return new FakeTableScopedCollection(this.context, () => {
      const t = this.target();
      return t === null
        ? []
        : t.rects.map((rect) => ({ sheetId: t.sheetId, rect, fullyContained }));
    });
  }
  /** Selects every area (activating their sheet); the active cell is the first area's top-left. */
  select(): void {
    this.call((t) => {
      const model = this.context.model;
      const sheet = model.sheet(t.sheetId);
      t.rects.forEach((rect, i) => model.select(sheet, rect, undefined, i > 0));
      const first = t.rects[0];
      if (first) model.selection.active = { row: first.row, col: first.col };
    });
  }
}
