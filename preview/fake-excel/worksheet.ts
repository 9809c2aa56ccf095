/**
 * The fake `Excel.Worksheet` and `Excel.WorksheetCollection`.
 */
import { parseAddress } from "./address";
import { ClientCollection, ClientObject } from "./client-object";
import type { Getters, Source } from "./client-object";
import type { FakeRequestContext } from "./request-context";
import { FakeRange, FakeRangeAreas, checkRect, rangeFrom } from "./range";
import { FakeTableCollection } from "./table";
import { FakeChartCollection } from "./chart";
import type { SheetModel } from "./workbook-model";
import { ModelError } from "./workbook-model";
import { MAX_COLUMNS, MAX_ROWS } from "./address";

/** `worksheet.freezePanes`. */
export class FakeFreezePanes extends ClientObject<string> {
  protected readonly typeName = "WorksheetFreezePanes";
  constructor(context: FakeRequestContext, live: () => string | null) {
    super(context, { live });
  }
  protected getters(): Getters<string> {
    return {};
  }
  /** Freezes the top rows (the grid keeps them in view). */
  freezeRows(count = 1): void {
    this.call((id) => {
      this.context.model.sheet(id).frozenRows = count;
      this.context.model.changed();
    });
  }
  /** Removes frozen panes. */
  unfreeze(): void {
    this.call((id) => {
      this.context.model.sheet(id).frozenRows = 0;
      this.context.model.changed();
    });
  }
}

/** `Excel.Worksheet`; its target is the sheet's id. */
export class FakeWorksheet extends ClientObject<string> {
  protected readonly typeName = "Worksheet";
  private tablesProxy?: FakeTableCollection;
  private freezeProxy?: FakeFreezePanes;
  private chartsProxy?: FakeChartCollection;

  constructor(context: FakeRequestContext, source: Source<string>) {
    super(context, source);
  }

  private sheet(id: string): SheetModel {
    return this.context.model.sheet(id);
  }

  protected getters(): Getters<string> {
    return {
      id: (id) => id,
      name: (id) => this.sheet(id).name,
      position: (id) => this.sheet(id).position,
      visibility: (id) => this.sheet(id).visibility,
      tabColor: () => "",
    };
  }
  protected override navigation(name: string): ClientObject<unknown> | undefined {
    if (name === "tables") return this.tables as ClientObject<unknown>;
    if (name === "charts") return this.charts as ClientObject<unknown>;
    return undefined;
  }

  get id(): string {
    return this.read("id");
  }
  get name(): string {
    return this.read("name");
  }
  set name(value: string) {
    this.write("name", value, (id, v) => this.context.model.renameSheet(this.sheet(id), v));
  }
  get position(): number {
    return this.read("position");
  }
  get visibility(): string {
    return this.read("visibility");
  }
  set visibility(value: string) {
    this.write("visibility", value, (id, v) => {
      const sheet = this.sheet(id);
      if (
        v !== "Visible" &&
        this.context.model.sheets.every((s) => s === sheet || s.visibility !== "Visible")
      ) {
        throw new ModelError(
          "InvalidOperation",
          "A workbook must contain at least one visible worksheet."
        );
      }
      sheet.visibility = v;
      this.context.model.changed();
    });
  }

  get tables(): FakeTableCollection {
    return (this.tablesProxy ??= new FakeTableCollection(this.context, () => this.target()));
  }
  get charts(): FakeChartCollection {
    return (this.chartsProxy ??= new FakeChartCollection(this.context, () => this.target()));
  }
  get freezePanes(): FakeFreezePanes {
    return (this.freezeProxy ??= new FakeFreezePanes(this.context, () => this.target()));
  }

  private range(
    fn: (sheet: SheetModel) => import("./address").Rect | null,
    nullable = false
  ): FakeRange {
    return rangeFrom(this.context, () => {
      const id = this.target();
      if (id === null) return null;
      const rect = fn(this.sheet(id));
      if (rect === null) {
        if (nullable) return null;
        throw new ModelError("ItemNotFound", "The requested resource doesn't exist.");
      }
      return { sheetId: id, rect: checkRect(rect) };
    });
  }

  /** A range by A1 address (the whole sheet without one). */
  getRange(address?: string): FakeRange {
    return this.range((sheet) => {
      if (address === undefined || address === "")
        return { row: 0, col: 0, rowCount: MAX_ROWS, colCount: MAX_COLUMNS };
      const parsed = parseAddress(address);
      if (!parsed) throw new ModelError("InvalidArgument", `"${address}" is not a valid address.`);
      if (
        parsed.sheetName !== undefined &&
        parsed.sheetName.toLowerCase() !== sheet.name.toLowerCase()
      ) {
        throw new ModelError("InvalidArgument", "The address names another worksheet.");
      }
      return parsed;
    });
  }
  /** A range by 0-based indexes and size. */
  getRangeByIndexes(
    startRow: number,
    startColumn: number,
    rowCount: number,
    columnCount: number
  ): FakeRange {
    return this.range(() => ({ row: startRow, col: startColumn, rowCount, colCount: columnCount }));
  }
  /**
   * Several ranges by a comma-separated list of A1 addresses (`"A2:C2, A5:C6"`), as
   * `worksheet.getRanges` gives them: one `RangeAreas`.
   */
  getRanges(address: string): FakeRangeAreas {
    return new FakeRangeAreas(this.context, () => {
      const id = this.target();
      if (id === null) return null;
      const rects = address.split(",").map((part) => {
        const parsed = parseAddress(part.trim());
        if (!parsed || (parsed.sheetName !== undefined && parsed.sheetName !== this.sheet(id).name))
          throw new ModelError("InvalidArgument", `"${address}" is not a valid address.`);
        const { sheetName: _ignored, ...rect } = parsed;
        return checkRect(rect);
      });
      return { sheetId: id, rects };
    });
  }
  /** One cell by 0-based indexes. */
  getCell(row: number, column: number): FakeRange {
    return this.range(() => ({ row, col: column, rowCount: 1, colCount: 1 }));
  }
  /** The used range; A1 when the sheet is empty, as Excel. */
  getUsedRange(valuesOnly = false): FakeRange {
    return this.range(
      (sheet) =>
        this.context.model.usedRect(sheet, valuesOnly) ?? {
          row: 0,
          col: 0,
          rowCount: 1,
          colCount: 1,
        }
    );
  }
  /** The used range, or a null object when the sheet is empty. */
  getUsedRangeOrNullObject(valuesOnly = false): FakeRange {
    return this.range((sheet) => this.context.model.usedRect(sheet, valuesOnly) ?? null, true);
  }
  /** Makes the sheet the active one. */
  activate(): void {
    this.call((id) => this.context.model.activate(this.sheet(id)));
  }
  /** Deletes the sheet. */
  delete(): void {
    this.call((id) => this.context.model.deleteSheet(this.sheet(id)));
  }
}

/** `Excel.WorksheetCollection`. */
export class FakeWorksheetCollection extends ClientCollection<true, FakeWorksheet> {
  protected readonly typeName = "WorksheetCollection";
  constructor(context: FakeRequestContext) {
    super(context, { fixed: true });
  }
  protected itemsOf(): unknown[] {
    return this.context.model.sheets.map((s) => s.id);
  }
  protected itemProxy(item: unknown): FakeWorksheet {
    return new FakeWorksheet(this.context, { fixed: item as string });
  }
  private byName(name: string, nullable: boolean): FakeWorksheet {
    return new FakeWorksheet(this.context, {
      frozen: () => {
        const sheet =
          this.context.model.sheetByName(name) ??
          this.context.model.sheets.find((s) => s.id === name);
        if (sheet) return sheet.id;
        if (nullable) return null;
        throw new ModelError("ItemNotFound", `The worksheet "${name}" doesn't exist.`);
      },
    });
  }
  /** The sheet by name (or id); ItemNotFound at sync when missing. */
  getItem(key: string): FakeWorksheet {
    return this.byName(key, false);
  }
  /** The sheet by name (or id), or a null object. */
  getItemOrNullObject(key: string): FakeWorksheet {
    return this.byName(key, true);
  }
  /** The active sheet. */
  getActiveWorksheet(): FakeWorksheet {
    return new FakeWorksheet(this.context, { frozen: () => this.context.model.selection.sheetId });
  }
  /** The first sheet. */
  getFirst(): FakeWorksheet {
    return new FakeWorksheet(this.context, { frozen: () => this.context.model.sheets[0].id });
  }
  /** The last sheet. */
  getLast(): FakeWorksheet {
    return new FakeWorksheet(this.context, {
      frozen: () => this.context.model.sheets[this.context.model.sheets.length - 1].id,
    });
  }
  /** Adds a sheet at the end (not activated, as in Excel). */
  add(name?: string): FakeWorksheet {
    return new FakeWorksheet(this.context, { frozen: () => this.context.model.addSheet(name).id });
  }
}
