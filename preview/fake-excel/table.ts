/**
 * The fake `Excel.Table` with its collections: workbook- and sheet-level tables, the tables of a
 * range (`getTables`), table columns and rows.
 */
import type { Rect } from "./address";
import { contains, intersects, parseAddress } from "./address";
import { ClientCollection, ClientObject } from "./client-object";
import type { Getters, Source } from "./client-object";
import type { FakeRequestContext } from "./request-context";
import { FakeRange, rangeFrom } from "./range";
import type { ScalarValue } from "./cell-values";
import { FakeWorksheet } from "./worksheet";
import { FakeAutoFilter } from "./auto-filter";
import type { TableModel } from "./workbook-model";
import { ModelError } from "./workbook-model";

function tableById(context: FakeRequestContext, id: string): TableModel {
  const table = context.model.tables.find((t) => t.id === id);
  if (!table) throw new ModelError("ItemNotFound", "The table was deleted.");
  return table;
}

/** `Excel.TableColumn`; target = [table id, 0-based column index]. */
export class FakeTableColumn extends ClientObject<[string, number]> {
  protected readonly typeName = "TableColumn";
  constructor(context: FakeRequestContext, source: Source<[string, number]>) {
    super(context, source);
  }
  protected getters(): Getters<[string, number]> {
    return {
      id: ([, i]) => i + 1,
      index: ([, i]) => i,
      name: ([id, i]) => this.context.model.tableColumnNames(tableById(this.context, id))[i],
      values: ([id, i]) => {
        const table = tableById(this.context, id);
        const sheet = this.context.model.sheet(table.sheetId);
        const out: ScalarValue[][] = [];
        for (let r = 0; r < table.rect.rowCount; r++) {
          out.push([this.context.model.value(sheet, table.rect.row + r, table.rect.col + i)]);
        }
        return out;
      },
    };
  }
  get name(): string {
    return this.read("name");
  }
  set name(value: string) {
    this.write("name", value, ([id, i], v) => {
      const table = tableById(this.context, id);
      this.context.model.writeInput(
        this.context.model.sheet(table.sheetId),
        table.rect.row,
        table.rect.col + i,
        v
      );
    });
  }
  get index(): number {
    return this.read("index");
  }
  get values(): ScalarValue[][] {
    return this.read("values");
  }
  private part(fn: (t: TableModel, i: number) => Rect): FakeRange {
    return rangeFrom(this.context, () => {
      const target = this.target();
      if (target === null) return null;
      const table = tableById(this.context, target[0]);
      return { sheetId: table.sheetId, rect: fn(table, target[1]) };
    });
  }
  /** The whole column, header included. */
  getRange(): FakeRange {
    return this.part((t, i) => ({ ...t.rect, col: t.rect.col + i, colCount: 1 }));
  }
  /** The header cell. */
  getHeaderRowRange(): FakeRange {
    return this.part((t, i) => ({
      row: t.rect.row,
      col: t.rect.col + i,
      rowCount: 1,
      colCount: 1,
    }));
  }
  /** The data cells. */
  getDataBodyRange(): FakeRange {
    return this.part((t, i) => ({
      row: t.rect.row + 1,
      col: t.rect.col + i,
      rowCount: t.rect.rowCount - 1,
      colCount: 1,
    }));
  }
}

/** `Excel.TableColumnCollection`. */
export class FakeTableColumnCollection extends ClientCollection<string, FakeTableColumn> {
  protected readonly typeName = "TableColumnCollection";
  constructor(context: FakeRequestContext, live: () => string | null) {
    super(context, { live });
  }
  protected itemsOf(id: string): unknown[] {
    return this.context.model.tableColumnNames(tableById(this.context, id)).map((_, i) => [id, i]);
  }
  protected itemProxy(item: unknown): FakeTableColumn {
    return new FakeTableColumn(this.context, { fixed: item as [string, number] });
  }
  private find(key: string | number, nullable: boolean): FakeTableColumn {
    return new FakeTableColumn(this.context, {
      frozen: () => {
        const id = this.target();
        if (id === null) return null;
        const names = this.context.model.tableColumnNames(tableById(this.context, id));
        const i =
          typeof key === "number"
            ? key - 1
            : names.findIndex((n) => n.toLowerCase() === String(key).toLowerCase());
        if (i >= 0 && i < names.length) return [id, i];
        if (nullable) return null;
        throw new ModelError("ItemNotFound", `The table column "${key}" doesn't exist.`);
      },
    });
  }
  /** A column by name or id. */
  getItem(key: string | number): FakeTableColumn {
    return this.find(key, false);
  }
  /** A column by name or id, or a null object. */
  getItemOrNullObject(key: string | number): FakeTableColumn {
    return this.find(key, true);
  }
  /** A column by 0-based position. */
  getItemAt(index: number): FakeTableColumn {
    return this.find(index + 1, false);
  }
  /**
   * Adds a column (at the end without `index`): cells in the way move right, the header gets `name`
   * (or `ColumnN`), `values` fill the column (header row included when it has one more row than the body).
   */
  add(
    index?: number | null,
    values?: ScalarValue[][] | null,
    name?: string | null
  ): FakeTableColumn {
    return new FakeTableColumn(this.context, {
      frozen: () => {
        const id = this.target();
        if (id === null) return null;
        const model = this.context.model;
        const table = tableById(this.context, id);
        const sheet = model.sheet(table.sheetId);
        const names = model.tableColumnNames(table).map((n) => n.toLowerCase());
        const at = index === undefined || index === null ? table.rect.colCount : index;
        if (at < 0 || at > table.rect.colCount)
          throw new ModelError("InvalidArgument", "The column index is out of range.");
        const columnName = name ?? `Column${table.rect.colCount + 1}`;
        if (names.includes(columnName.toLowerCase())) {
          throw new ModelError(
            "InvalidArgument",
            `The table already has a column named "${columnName}".`
          );
        }
        const slot = {
          row: table.rect.row,
          col: table.rect.col + at,
          rowCount: table.rect.rowCount,
          colCount: 1,
        };
        const { col } = table.rect;
        if (!model.isEmpty(sheet, slot) || at < table.rect.colCount)
          model.insertCells(sheet, slot, "right");
        table.rect.col = col;
        table.rect.colCount += 1;
        const body = table.rect.rowCount - 1;
        if (values) {
          const lines = values.length === body ? [[columnName], ...values] : values;
          lines.forEach((line, r) => {
            if (r < table.rect.rowCount && line[0] !== null && line[0] !== undefined) {
              model.writeInput(sheet, slot.row + r, slot.col, line[0]);
            }
          });
        }
        model.writeInput(sheet, slot.row, slot.col, columnName);
        return [id, at];
      },
    });
  }
}

/** `Excel.TableRowCollection` (adding rows). */
export class FakeTableRowCollection extends ClientObject<string> {
  protected readonly typeName = "TableRowCollection";
  constructor(context: FakeRequestContext, live: () => string | null) {
    super(context, { live });
  }
  protected getters(): Getters<string> {
    return { count: (id) => tableById(this.context, id).rect.rowCount - 1 };
  }
  get count(): number {
    return this.read("count");
  }
  /**
   * Adds rows at the end (or before body row `index`), moving cells below out of the way when they
   * are not empty, and writes `values`.
   */
  add(index?: number | null, values?: ScalarValue[][] | null): void {
    this.call((id) => {
      const model = this.context.model;
      const table = tableById(this.context, id);
      const sheet = model.sheet(table.sheetId);
      const n = values?.length ?? 1;
      const bodyRows = table.rect.rowCount - 1;
      const at = index === undefined || index === null ? bodyRows : index;
      if (at < 0 || at > bodyRows)
        throw new ModelError("InvalidArgument", "The row index is out of range.");
      const slot = {
        row: table.rect.row + 1 + at,
        col: table.rect.col,
        rowCount: n,
        colCount: table.rect.colCount,
      };
      const { row } = table.rect;
      if (at < bodyRows || !model.isEmpty(sheet, slot)) model.insertCells(sheet, slot, "down");
      table.rect.row = row;
      table.rect.rowCount += n;
      model.fillNewTableRows(table, slot.row, n);
      values?.forEach((line, r) =>
        line.forEach((v, c) => {
          if (v !== null && v !== undefined && c < table.rect.colCount)
            model.writeInput(sheet, slot.row + r, slot.col + c, v);
        })
      );
    });
  }
}

/** `Excel.Table`; its target is the table's id. */
export class FakeTable extends ClientObject<string> {
  protected readonly typeName = "Table";
  private columnsProxy?: FakeTableColumnCollection;
  private rowsProxy?: FakeTableRowCollection;
  private sheetProxy?: FakeWorksheet;
  private autoFilterProxy?: FakeAutoFilter;

  constructor(context: FakeRequestContext, source: Source<string>) {
    super(context, source);
  }
  private table(id: string): TableModel {
    return tableById(this.context, id);
  }
  protected getters(): Getters<string> {
    return {
      id: (id) => id,
      name: (id) => this.table(id).name,
      style: (id) => this.table(id).style,
      showHeaders: (id) => this.table(id).showHeaders !== false,
      showTotals: (id) => this.table(id).showTotals === true,
      showBandedRows: (id) => this.table(id).showBandedRows,
      showFilterButton: () => true,
    };
  }
  protected override navigation(name: string): ClientObject<unknown> | undefined {
    if (name === "columns") return this.columns as ClientObject<unknown>;
    if (name === "rows") return this.rows as ClientObject<unknown>;
    if (name === "worksheet") return this.worksheet as ClientObject<unknown>;
    if (name === "autoFilter") return this.autoFilter as ClientObject<unknown>;
    return undefined;
  }
  /** The table's AutoFilter (filter buttons in the header row). */
  get autoFilter(): FakeAutoFilter {
    return (this.autoFilterProxy ??= new FakeAutoFilter(this.context, () => this.target()));
  }
  get id(): string {
    return this.read("id");
  }
  get name(): string {
    return this.read("name");
  }
  set name(value: string) {
    this.write("name", value, (id, v) => this.context.model.renameTable(this.table(id), v));
  }
  get style(): string {
    return this.read("style");
  }
  set style(value: string) {
    this.write("style", value, (id, v) => {
      this.table(id).style = v;
      this.context.model.changed();
    });
  }
  get showHeaders(): boolean {
    return this.read("showHeaders");
  }
  set showHeaders(value: boolean) {
    this.write("showHeaders", value, (_id, v) => {
      if (!v)
        throw new ModelError(
          "InvalidOperation",
          "The preview's tables always show their header row."
        );
    });
  }
  get showTotals(): boolean {
    return this.read("showTotals");
  }
  get showBandedRows(): boolean {
    return this.read("showBandedRows");
  }
  set showBandedRows(value: boolean) {
    this.write("showBandedRows", value, (id, v) => {
      this.table(id).showBandedRows = v;
      this.context.model.changed();
    });
  }
  get columns(): FakeTableColumnCollection {
    return (this.columnsProxy ??= new FakeTableColumnCollection(this.context, () => this.target()));
  }
  get rows(): FakeTableRowCollection {
    return (this.rowsProxy ??= new FakeTableRowCollection(this.context, () => this.target()));
  }
  get worksheet(): FakeWorksheet {
    return (this.sheetProxy ??= new FakeWorksheet(this.context, {
      live: () => {
        const id = this.target();
        return id === null ? null : this.table(id).sheetId;
      },
    }));
  }
  private part(fn: (rect: Rect) => Rect): FakeRange {
    return rangeFrom(this.context, () => {
      const id = this.target();
      if (id === null) return null;
      const table = this.table(id);
      return { sheetId: table.sheetId, rect: fn(table.rect) };
    });
  }
  /** The whole table. */
  getRange(): FakeRange {
    return this.part((r) => ({ ...r }));
  }
  /** The header row. */
  getHeaderRowRange(): FakeRange {
    return this.part((r) => ({ ...r, rowCount: 1 }));
  }
  /** The data rows (below the header row, above a totals row). */
  getDataBodyRange(): FakeRange {
    return rangeFrom(this.context, () => {
      const id = this.target();
      if (id === null) return null;
      const table = this.table(id);
      const r = table.rect;
      const totals = table.showTotals === true ? 1 : 0;
      return {
        sheetId: table.sheetId,
        rect: { ...r, row: r.row + 1, rowCount: r.rowCount - 1 - totals },
      };
    });
  }
  /** Deletes the table and its cells. */
  delete(): void {
    this.call((id) => this.context.model.removeTable(this.table(id), true));
  }
  /** Turns the table back into a plain range (cells stay). */
  convertToRange(): FakeRange {
    const range = this.getRange();
    this.call((id) => this.context.model.removeTable(this.table(id), false));
    return range;
  }
}

/** `Excel.TableCollection` of the workbook (target true) or of a sheet (target = sheet id). */
export class FakeTableCollection extends ClientCollection<string | true, FakeTable> {
  protected readonly typeName = "TableCollection";
  constructor(context: FakeRequestContext, live: () => string | true | null) {
    super(context, { live });
  }
  protected itemsOf(scope: string | true): unknown[] {
    return this.context.model.tables
      .filter((t) => scope === true || t.sheetId === scope)
      .map((t) => t.id);
  }
  protected itemProxy(item: unknown): FakeTable {
    return new FakeTable(this.context, { fixed: item as string });
  }
  private find(key: string | number, nullable: boolean): FakeTable {
    return new FakeTable(this.context, {
      frozen: () => {
        const scope = this.target();
        if (scope === null) return null;
        const ids = this.itemsOf(scope) as string[];
        const table =
          typeof key === "number"
            ? this.context.model.tables.find((t) => t.id === ids[key])
            : this.context.model.tableByName(key);
        if (table && ids.includes(table.id)) return table.id;
        if (nullable) return null;
        throw new ModelError("ItemNotFound", `The table "${key}" doesn't exist.`);
      },
    });
  }
  /** A table by name or id. */
  getItem(key: string): FakeTable {
    return this.find(key, false);
  }
  /** A table by name or id, or a null object. */
  getItemOrNullObject(key: string): FakeTable {
    return this.find(key, true);
  }
  /** A table by 0-based position. */
  getItemAt(index: number): FakeTable {
    return this.find(index, false);
  }
  /** Creates a table over an address or range whose first row is the header row. */
  add(address: string | FakeRange, hasHeaders: boolean): FakeTable {
    return new FakeTable(this.context, {
      frozen: () => {
        const scope = this.target();
        const model = this.context.model;
        let sheetId: string;
        let rect: Rect;
        if (typeof address === "string") {
          const parsed = parseAddress(address);
          if (!parsed)
            throw new ModelError("InvalidArgument", `"${address}" is not a valid address.`);
          const sheet =
            parsed.sheetName !== undefined
              ? model.sheetByName(parsed.sheetName)
              : scope === true || scope === null
                ? model.activeSheet
                : model.sheet(scope);
          if (!sheet)
            throw new ModelError(
              "ItemNotFound",
              `The worksheet "${parsed.sheetName}" doesn't exist.`
            );
          sheetId = sheet.id;
          rect = parsed;
        } else {
          const ref = address.refNow();
          if (ref === null) throw new ModelError("InvalidArgument", "The range does not exist.");
          sheetId = ref.sheetId;
          rect = ref.rect;
        }
        return model.addTable(
          model.sheet(sheetId),
          { row: rect.row, col: rect.col, rowCount: rect.rowCount, colCount: rect.colCount },
          hasHeaders
        ).id;
      },
    });
  }
}

/** One area asked about by `range.getTables`. */
export interface TableQuery {
  sheetId: string;
  rect: Rect;
  fullyContained: boolean;
}

/** `Excel.TableScopedCollection`: the tables of a range, in sheet order. */
export class FakeTableScopedCollection extends ClientCollection<TableQuery[], FakeTable> {
  protected readonly typeName = "TableScopedCollection";
  constructor(context: FakeRequestContext, resolve: () => TableQuery[]) {
    super(context, { frozen: resolve });
  }
  protected itemsOf(queries: TableQuery[]): unknown[] {
    return this.context.model.tables
      .filter((t) =>
        queries.some(
          (q) =>
            q.sheetId === t.sheetId &&
            (q.fullyContained ? contains(q.rect, t.rect) : intersects(q.rect, t.rect))
        )
      )
      .map((t) => t.id);
  }
  protected itemProxy(item: unknown): FakeTable {
    return new FakeTable(this.context, { fixed: item as string });
  }
  /** The first table; ItemNotFound when there is none. */
  getFirst(): FakeTable {
    return new FakeTable(this.context, {
      frozen: () => {
        const ids = this.itemsOf(this.target() ?? []);
        if (ids.length === 0)
          throw new ModelError("ItemNotFound", "There is no table in the range.");
        return ids[0] as string;
      },
    });
  }
  /** The first table, or a null object. */
  getFirstOrNullObject(): FakeTable {
    return new FakeTable(this.context, {
      frozen: () => (this.itemsOf(this.target() ?? [])[0] as string | undefined) ?? null,
    });
  }
}
