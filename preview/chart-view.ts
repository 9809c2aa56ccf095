/**
 * Draws the active sheet's charts (`worksheet.charts.add`) over the grid, as simple SVG clustered
 * bar charts: one group of bars per category, one colour per series, a legend and the title. The
 * bars are read from the chart's source cells at every redraw, so a chart follows its data.
 */
import { chartData } from "./fake-excel/chart";
import { formatLocalAddress } from "./fake-excel/address";
import type { ChartModel, WorkbookModel } from "./fake-excel/workbook-model";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#0f6cbd", "#e3008c", "#107c10", "#ca5010"];
const WIDTH = 560;
const HEIGHT = 300;

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  text?: string
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The SVG of one chart. */
/** A number's text ("636.86") with the workbook's decimal separator, as Excel draws it ("636,86"). */
function decimalText(model: WorkbookModel, text: string): string {
  return text.replace(".", model.culture.numberDecimalSeparator);
}

export function drawChart(model: WorkbookModel, chart: ChartModel): SVGSVGElement {
  const { categories, series } = chartData(model, chart);
  const root = svg("svg", {
    width: WIDTH,
    height: HEIGHT,
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-label": chart.title || chart.name,
    "data-chart": chart.name,
  });
  root.append(
    svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: "#fff", stroke: "#bbb" })
  );
  root.append(
    svg(
      "text",
      { x: WIDTH / 2, y: 20, "text-anchor": "middle", "font-size": 13, "font-weight": 600 },
      chart.title || chart.name
    )
  );
  const plot = { left: 60, top: 34, width: WIDTH - 80, height: HEIGHT - 110 };
  const values = series.flatMap((s) => s.values).filter((v): v is number => v !== null);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const y = (v: number) => plot.top + plot.height * ((max - v) / span);
  root.append(
    svg("line", { x1: plot.left, x2: plot.left + plot.width, y1: y(0), y2: y(0), stroke: "#666" })
  );
  for (const tick of [min, (min + max) / 2, max]) {
    root.append(
      svg(
        "text",
        { x: plot.left - 4, y: y(tick) + 4, "text-anchor": "end", "font-size": 10 },
        decimalText(model, tick.toFixed(2))
      )
    );
  }
  const group = plot.width / Math.max(1, categories.length);
  const bar = (group * 0.8) / Math.max(1, series.length);
  categories.forEach((category, i) => {
    series.forEach((s, k) => {
      const value = s.values[i];
      if (value === null) return;
      const x = plot.left + i * group + group * 0.1 + k * bar;
      const rect = svg("rect", {
        x,
        y: Math.min(y(value), y(0)),
        width: Math.max(1, bar - 2),
        height: Math.max(1, Math.abs(y(value) - y(0))),
        fill: COLOURS[k % COLOURS.length],
        "data-series": s.name,
        "data-category": category,
        "data-value": value,
      });
      rect.append(
        svg("title", {}, `${s.name} · ${category}: ${decimalText(model, String(value))}`)
      );
      root.append(rect);
    });
    const label = svg(
      "text",
      {
        x: plot.left + i * group + group / 2,
        y: plot.top + plot.height + 14,
        "text-anchor": "middle",
        "font-size": 9,
      },
      category.length > 28 ? `${category.slice(0, 27)}…` : category
    );
    root.append(label);
  });
  series.forEach((s, k) => {
    const x = plot.left + k * 200;
    root.append(
      svg("rect", { x, y: HEIGHT - 24, width: 10, height: 10, fill: COLOURS[k % COLOURS.length] })
    );
    root.append(svg("text", { x: x + 14, y: HEIGHT - 15, "font-size": 11 }, s.name));
  });
  return root;
}

/** Keeps an overlay of the active sheet's charts in the grid's scroller. */
export class ChartView {
  private readonly layer: HTMLElement;
  constructor(
    private readonly model: WorkbookModel,
    private readonly scroller: HTMLElement
  ) {
    this.layer = document.createElement("div");
    this.layer.className = "chart-layer";
    this.layer.setAttribute("data-testid", "chart-layer");
  }

  /** Draws now and after every change. */
  mount(): void {
    this.scroller.appendChild(this.layer);
    this.model.subscribe(() => this.render());
    this.render();
  }

  /** Where a chart goes: over its anchor cells, else to the right of its source data. */
  private placeOf(chart: ChartModel): { left: number; top: number } {
    const at = chart.anchor ?? {
      row: chart.source.row,
      col: chart.source.col + chart.source.colCount + 1,
      rowCount: 1,
      colCount: 1,
    };
    const address = formatLocalAddress({ row: at.row, col: at.col, rowCount: 1, colCount: 1 });
    const td = this.scroller.querySelector<HTMLElement>(`td[data-cell="${address}"]`);
    if (!td) return { left: 40 + at.col * 64, top: 22 + at.row * 22 };
    const box = td.getBoundingClientRect();
    const outer = this.scroller.getBoundingClientRect();
    return {
      left: box.left - outer.left + this.scroller.scrollLeft,
      top: box.top - outer.top + this.scroller.scrollTop,
    };
  }

  render(): void {
    const sheetId = this.model.selection.sheetId;
    const charts = this.model.charts.filter((c) => c.sheetId === sheetId);
    this.layer.replaceChildren(
      ...charts.map((chart) => {
        const frame = document.createElement("div");
        frame.className = "chart-frame";
        const { left, top } = this.placeOf(chart);
        frame.style.cssText = `position:absolute;left:${left}px;top:${top}px;z-index:5;box-shadow:0 1px 4px rgba(0,0,0,.2)`;
        frame.append(drawChart(this.model, chart));
        return frame;
      })
    );
  }
}
