/**
 * `worksheet.charts` (ExcelApi 1.1): charts made from a source range, as `charts.add(type, range,
 * seriesBy)` makes them. A chart follows its source cells, as Excel's does: its series (one per
 * column, or per row) are read from the sheet whenever it is drawn (preview/chart-view.ts).
 */
import { ClientCollection, ClientObject } from "./client-object";
import type { Getters } from "./client-object";
import type { FakeRequestContext } from "./request-context";
import type { FakeRange } from "./range";
import type { Rect } from "./address";
import { ModelError } from "./workbook-model";
import type { ChartModel, WorkbookModel } from "./workbook-model";

/** One series of a chart: its name and its values (numbers; empty or text cells are gaps). */
export interface ChartSeriesData {
  name: string;
  values: (number | null)[];
}

/**
 * A chart's categories and series from its source cells: the first row holds the series names and
 * the first column the categories (seriesBy "Columns", the default; "Rows" the other way round).
 */
export function chartData(
  model: WorkbookModel,
  chart: ChartModel
): { categories: string[]; series: ChartSeriesData[] } {
  const sheet = model.sheet(chart.sheetId);
  const at = (r: number, c: number) =>
    sheet.cells.get(`${chart.source.row + r},${chart.source.col + c}`)?.value ?? "";
  const byRows = chart.seriesBy === "Rows";
  const [outer, inner] = byRows
    ? [chart.source.rowCount, chart.source.colCount]
    : [chart.source.colCount, chart.source.rowCount];
  const cell = (s: number, i: number) => (byRows ? at(s, i) : at(i, s));
  const categories = Array.from({ length: inner - 1 }, (_, i) => String(cell(0, i + 1)));
  const series = Array.from({ length: outer - 1 }, (_, s) => ({
    name: String(cell(s + 1, 0)),
    values: categories.map((_, i) => {
      const value = cell(s + 1, i + 1);
      return typeof value === "number" ? value : null;
    }),
  }));
  return { categories, series };
}

/** `Excel.ChartTitle`. */
export class FakeChartTitle extends ClientObject<string> {
  protected readonly typeName = "ChartTitle";
  constructor(context: FakeRequestContext, live: () => string | null) {
    super(context, { live });
  }
  protected getters(): Getters<string> {
    return { text: (id) => this.context.model.chart(id).title };
  }
  get text(): string {
    return this.read("text");
  }
  set text(value: string) {
    this.write("text", value, (id, v) => {
      this.context.model.chart(id).title = v;
      this.context.model.changed();
    });
  }
}

/** `Excel.Chart`; its target is the chart's id. */
export class FakeChart extends ClientObject<string> {
  protected readonly typeName = "Chart";
  private titleProxy?: FakeChartTitle;
  constructor(
    context: FakeRequestContext,
    source: { frozen: () => string | null } | { fixed: string }
  ) {
    super(context, source);
  }
  protected getters(): Getters<string> {
    const chart = (id: string) => this.context.model.chart(id);
    return {
      id: (id) => id,
      name: (id) => chart(id).name,
      chartType: (id) => chart(id).type,
    };
  }
  protected override navigation(name: string): ClientObject<unknown> | undefined {
    if (name === "title") return this.title as ClientObject<unknown>;
    return undefined;
  }
  get id(): string {
    return this.read("id");
  }
  get name(): string {
    return this.read("name");
  }
  set name(value: string) {
    this.write("name", value, (id, v) => {
      this.context.model.chart(id).name = v;
      this.context.model.changed();
    });
  }
  get chartType(): string {
    return this.read("chartType");
  }
  get title(): FakeChartTitle {
    return (this.titleProxy ??= new FakeChartTitle(this.context, () => this.target()));
  }
  /** Places the chart over the cells from `startCell` to `endCell` (A1 addresses or ranges). */
  setPosition(startCell: string | FakeRange, endCell?: string | FakeRange): void {
    this.call((id) => {
      const rectOf = (cell: string | FakeRange) =>
        typeof cell === "string" ? this.context.model.parseCell(cell) : cell.refNow()?.rect;
      const start = rectOf(startCell);
      if (!start) throw new ModelError("InvalidArgument", "The chart's position is not a cell.");
      const end = endCell === undefined ? undefined : rectOf(endCell);
      this.context.model.chart(id).anchor = {
        row: start.row,
        col: start.col,
        rowCount: end ? end.row - start.row + 1 : 15,
        colCount: end ? end.col - start.col + 1 : 8,
      };
      this.context.model.changed();
    });
  }
  /** Deletes the chart. */
  delete(): void {
    this.call((id) => this.context.model.deleteChart(id));
  }
}

/** `Excel.ChartCollection` of a worksheet. */
export class FakeChartCollection extends ClientCollection<string, FakeChart> {
  protected readonly typeName = "ChartCollection";
  constructor(context: FakeRequestContext, live: () => string | null) {
    super(context, { live });
  }
  protected itemsOf(sheetId: string): unknown[] {
    return this.context.model.charts.filter((c) => c.sheetId === sheetId).map((c) => c.id);
  }
  protected itemProxy(item: unknown): FakeChart {
    return new FakeChart(this.context, { fixed: item as string });
  }
  /** A chart of `type` over `sourceData` (a range of this sheet), series by columns unless "Rows". */
  add(type: string, sourceData: FakeRange, seriesBy = "Auto"): FakeChart {
    return new FakeChart(this.context, {
      frozen: () => {
        const sheetId = this.target();
        const ref = sourceData.refNow();
        if (sheetId === null || ref === null)
          throw new ModelError("InvalidArgument", "The chart's source data is not a range.");
        const source: Rect = { ...ref.rect };
        return this.context.model.addChart({
          sheetId: ref.sheetId,
          type,
          source,
          seriesBy: seriesBy === "Rows" ? "Rows" : "Columns",
        }).id;
      },
    });
  }
  /** The chart by name; ItemNotFound at sync when missing. */
  getItem(name: string): FakeChart {
    return new FakeChart(this.context, {
      frozen: () => {
        const sheetId = this.target();
        const found = this.context.model.charts.find(
          (c) => c.sheetId === sheetId && c.name === name
        );
        if (!found) throw new ModelError("ItemNotFound", `The chart "${name}" doesn't exist.`);
        return found.id;
      },
    });
  }
}
