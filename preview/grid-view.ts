/**
 * The grid: column letters, row numbers, cells with their displayed text, tables with a header
 * style, sheet tabs, the address box and a formula bar. As in Excel: click, Shift+click, Shift+arrow
 * and drag select a range of cells, and on the row numbers and column letters a range of whole rows
 * or columns (from the active cell's row or column); Ctrl+click adds an area; typing or double-click
 * edits a cell, Enter/Tab commit, Escape cancels.
 * Everything from the workbook is put into the page as text (`textContent`), never as HTML.
 */
import type { Rect } from "./fake-excel/address";
import { columnLetter } from "../src/excel";
import { contains, formatAddress, formatLocalAddress, parseAddress } from "./fake-excel/address";
import { isErrorValue } from "./fake-excel/cell-values";
import type { SheetModel, WorkbookModel } from "./fake-excel/workbook-model";
import { checkTypedInput } from "./fake-excel/data-validation";
import { ValidationView } from "./validation-view";
import { FilterView } from "./filter-view";
import { previewSay } from "./words";
import { isEntity, parseFieldReference, renderCard } from "./entity-values";
import { formatValue } from "./fake-excel/cell-values";

/** Elements the view draws into (ids in preview.html). */
export interface GridElements {
  grid: HTMLTableElement;
  scroller: HTMLElement;
  addressBox: HTMLInputElement;
  formulaInput: HTMLInputElement;
  sheetTabs: HTMLElement;
}

const MIN_ROWS = 40;
const MIN_COLUMNS = 16;
const EXTRA_ROWS = 15;
const EXTRA_COLUMNS = 3;
/** Most rows the grid scrolls through (only the visible ones are drawn). */
const MAX_GRID_ROWS = 200_000;
/** Rows drawn above and below the visible ones, so scrolling a little shows drawn rows at once. */
const BUFFER_ROWS = 30;
/** Height of a row before one was measured (CSS: 21 px + 1 px border). */
const DEFAULT_ROW_PX = 22;
/** Rows and columns of a worksheet: a row number selects all columns, a column letter all rows. */
const SHEET_ROWS = 1_048_576;
const SHEET_COLUMNS = 16_384;

/** Whole rows `a`..`b` (either order). */
function wholeRows(a: number, b: number): Rect {
  return { row: Math.min(a, b), col: 0, rowCount: Math.abs(a - b) + 1, colCount: SHEET_COLUMNS };
}

/** Whole columns `a`..`b` (either order). */
function wholeColumns(a: number, b: number): Rect {
  return { row: 0, col: Math.min(a, b), rowCount: SHEET_ROWS, colCount: Math.abs(a - b) + 1 };
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The grid view over a workbook model. */
export class GridView {
  private dragging = false;
  private dragStart: { row: number; col: number } | undefined;
  /** While dragging over row numbers or column letters: where the drag started. */
  private dragHeader: { kind: "row" | "col"; from: number } | undefined;
  private editor: HTMLInputElement | undefined;
  private editing: { row: number; col: number } | undefined;
  /** Measured height of a drawn row. */
  private rowPx = DEFAULT_ROW_PX;
  private rowMeasured = false;
  /** The rows drawn last time (frozen rows aside), to redraw on scroll only when they change. */
  private drawn = { first: 0, last: 0 };
  private frame: number | undefined;

  /** `=BILLING.`: formulas of other functions are kept but not evaluated. */
  private readonly namespacePrefix: string;
  /** Drop-down lists, input messages and error alerts of data validation. */
  private readonly validation: ValidationView;
  /** Filter buttons of table headers. */
  private readonly filters: FilterView;
  /** The active cell drawn last, to scroll a selection made elsewhere (the add-in) into view. */
  private lastActive = "";
  /** The card of the active cell's data type, while it has one. */
  private card: HTMLElement | undefined;

  constructor(
    private readonly model: WorkbookModel,
    private readonly els: GridElements,
    namespace = "BILLING"
  ) {
    this.namespacePrefix = `=${namespace.toUpperCase()}.`;
    this.validation = new ValidationView(
      model,
      els.scroller,
      (row, col, text) => this.writeTyped(row, col, text),
      () => els.grid.focus()
    );
    this.filters = new FilterView(model, els.scroller);
  }

  /** Draws now and on every model change; wires the mouse and keyboard. */
  mount(): void {
    // Redrawn at once after a change (the model already batches changes per task), so what a sync
    // wrote is on screen when the sync resolves; scrolling redraws once per frame.
    this.model.subscribe(() => this.render());
    this.els.scroller.addEventListener("scroll", () => this.scheduleRender());
    this.wire();
    this.render();
  }

  /** Redraws at the next frame when scrolling brought other rows into view. */
  private scheduleRender(): void {
    if (this.frame !== undefined) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = undefined;
      const { first, last } = this.visibleRows(this.size().rows);
      if (first !== this.drawn.first || last !== this.drawn.last) this.render();
    });
  }

  private get sheet(): SheetModel {
    return this.model.activeSheet;
  }

  private size(): { rows: number; cols: number } {
    const used = this.model.usedRect(this.sheet);
    let rows = MIN_ROWS;
    let cols = MIN_COLUMNS;
    if (used) {
      rows = Math.max(rows, used.row + used.rowCount + EXTRA_ROWS);
      cols = Math.max(cols, used.col + used.colCount + EXTRA_COLUMNS);
    }
    for (const area of this.model.selection.areas) {
      rows = Math.max(rows, Math.min(area.row + area.rowCount, 2000) + 1);
      cols = Math.max(cols, Math.min(area.col + area.colCount, 200) + 1);
    }
    return { rows: Math.min(rows, MAX_GRID_ROWS), cols: Math.min(cols, 200) };
  }

  /**
   * The rows to draw: those in view plus a buffer. Only these are in the page (a sheet of 10,000
   * rows would otherwise be a quarter of a million cells, redrawn on every change).
   */
  private visibleRows(rows: number): { frozen: number; first: number; last: number } {
    const frozen = Math.min(this.sheet.frozenRows, rows);
    const { scrollTop, clientHeight } = this.els.scroller;
    const inView = clientHeight > 0 ? Math.ceil(clientHeight / this.rowPx) : MIN_ROWS;
    const first = Math.min(
      rows,
      Math.max(frozen, Math.floor(scrollTop / this.rowPx) - BUFFER_ROWS)
    );
    const last = Math.min(rows, first + inView + 2 * BUFFER_ROWS);
    return { frozen, first, last };
  }

  /** A row standing in for `count` rows that are not drawn, keeping the scroll height. */
  private spacer(count: number, cols: number): HTMLTableRowElement {
    const tr = el("tr", "spacer");
    const td = el("td");
    td.colSpan = cols + 1;
    td.style.height = `${count * this.rowPx}px`;
    td.style.padding = "0";
    td.style.border = "none";
    tr.appendChild(td);
    return tr;
  }

  /** Redraws the grid, the tabs and the bars. */
  render(): void {
    const sheet = this.sheet;
    const { rows, cols } = this.size();
    const selection = this.model.selection;
    const tables = this.model.tables.filter((t) => t.sheetId === sheet.id);
    const grid = el("tbody");
    const head = el("tr");
    head.appendChild(el("th", "corner"));
    for (let c = 0; c < cols; c++) {
      const th = el("th", "col-header", columnLetter(c));
      th.dataset.col = String(c);
      if (selection.areas.some((a) => c >= a.col && c < a.col + a.colCount)) th.classList.add("hl");
      head.appendChild(th);
    }
    grid.appendChild(head);
    const filtered = this.model.filteredRows(sheet);
    const { frozen, first, last } = this.visibleRows(rows);
    this.drawn = { first, last };
    const drawnRows = [
      ...Array.from({ length: frozen }, (_, i) => i),
      ...Array.from({ length: last - first }, (_, i) => first + i),
    ];
    let measured: HTMLTableRowElement | undefined;
    for (const r of drawnRows) {
      if (r === first && first > frozen) grid.appendChild(this.spacer(first - frozen, cols));
      // Rows a table's filter hides are not drawn; the row numbers skip them, as in Excel.
      if (filtered.has(r)) continue;
      const tr = el("tr");
      measured ??= tr;
      const rh = el("th", "row-header", String(r + 1));
      rh.dataset.row = String(r);
      if (selection.areas.some((a) => r >= a.row && r < a.row + a.rowCount)) rh.classList.add("hl");
      if (r < sheet.frozenRows) tr.classList.add("frozen");
      tr.appendChild(rh);
      for (let c = 0; c < cols; c++) {
        const td = el("td");
        const address = `${columnLetter(c)}${r + 1}`;
        td.dataset.cell = address;
        td.dataset.row = String(r);
        td.dataset.col = String(c);
        const cell = this.model.cell(sheet, r, c);
        const text = this.model.text(sheet, r, c);
        td.textContent = text;
        const point = { row: r, col: c, rowCount: 1, colCount: 1 };
        const table = tables.find((t) => contains(t.rect, point));
        if (table) {
          if (r === table.rect.row) td.classList.add("table-header");
          else {
            td.classList.add("table-body");
            if (table.showBandedRows && (r - table.rect.row) % 2 === 0)
              td.classList.add("table-band");
          }
          if (r === table.rect.row && c === table.rect.col) td.dataset.table = table.name;
          if (r === table.rect.row)
            this.filters.decorateHeader(td, sheet, table, c - table.rect.col);
        }
        if (cell) {
          if (typeof cell.value === "number") td.classList.add("num");
          if (isErrorValue(cell.value)) td.classList.add("error");
          if (cell.value === "#BUSY!") td.classList.add("busy");
          if (cell.formula) td.classList.add("formula");
          if (
            cell.formula &&
            !cell.formula.toUpperCase().startsWith(this.namespacePrefix) &&
            !parseFieldReference(cell.formula)
          ) {
            td.classList.add("unevaluated");
          }
          if (cell.entity) td.classList.add("entity");
          if (cell.spilledFrom) td.classList.add("spilled");
          if (cell.bold) td.classList.add("bold");
          if (cell.fill) td.style.backgroundColor = cell.fill;
          if (cell.fontColor) td.style.color = cell.fontColor;
          if (cell.validation) td.classList.add("validated");
          const tip = [cell.message, cell.formula].filter(Boolean).join("\n");
          if (tip) td.title = tip;
        }
        if (selection.sheetId === sheet.id && selection.areas.some((a) => contains(a, point)))
          td.classList.add("selected");
        if (selection.active.row === r && selection.active.col === c) {
          td.classList.add("active");
          this.validation.decorateActiveCell(td, sheet, { row: r, col: c });
        }
        tr.appendChild(td);
      }
      grid.appendChild(tr);
    }
    if (last < rows) grid.appendChild(this.spacer(rows - last, cols));
    this.els.grid.replaceChildren(grid);
    // Measured once: reading a size forces a layout, which on every redraw would cost more than it.
    if (!this.rowMeasured && measured) {
      const height = measured.getBoundingClientRect().height;
      if (height > 0) ((this.rowPx = height), (this.rowMeasured = true));
    }
    this.revealActiveCell();
    this.showEntityCard();
    this.renderTabs();
    this.renderBars();
    if (this.editor && this.editing) this.placeEditor(this.editing.row, this.editing.col);
  }

  /**
   * When the active cell changed (a click, the keyboard, or the add-in's `range.select()`), scrolls
   * it into view as Excel does, and shows its input message.
   */
  private revealActiveCell(): void {
    const { sheetId, active } = this.model.selection;
    const key = `${sheetId}|${active.row},${active.col}`;
    if (key === this.lastActive) return;
    this.lastActive = key;
    this.validation.closeList();
    this.scrollTo(active);
    const td = this.els.grid.querySelector(
      `td[data-row="${active.row}"][data-col="${active.col}"]`
    ) as HTMLElement | null;
    this.validation.showPrompt(this.sheet, active, td);
  }

  /** The card of the active cell's data type (`=BILLING.CONTRACT(…)`), beside it, as Excel shows it. */
  private showEntityCard(): void {
    this.card?.remove();
    this.card = undefined;
    const { active } = this.model.selection;
    const entity = this.model.cell(this.sheet, active.row, active.col)?.entity;
    if (!isEntity(entity)) return;
    const td = this.els.grid.querySelector(
      `td[data-row="${active.row}"][data-col="${active.col}"]`
    ) as HTMLElement | null;
    if (!td) return;
    const card = renderCard(entity, (cell) =>
      formatValue(cell.value, cell.valueFormat ?? "General")
    );
    const box = td.getBoundingClientRect();
    const outer = this.els.scroller.getBoundingClientRect();
    card.style.left = `${box.right - outer.left + this.els.scroller.scrollLeft + 4}px`;
    card.style.top = `${box.top - outer.top + this.els.scroller.scrollTop}px`;
    this.els.scroller.appendChild(card);
    this.card = card;
  }

  private renderTabs(): void {
    const tabs = this.model.sheets
      .filter((s) => s.visibility === "Visible" || s.id === this.sheet.id)
      .map((s) => {
        const tab = el("button", s.id === this.sheet.id ? "sheet-tab active" : "sheet-tab", s.name);
        tab.type = "button";
        tab.dataset.sheet = s.name;
        tab.addEventListener("click", () => this.model.activate(s));
        return tab;
      });
    const add = el("button", "sheet-add", "+");
    add.type = "button";
    add.title = previewSay("preview.newSheet");
    add.addEventListener("click", () => this.model.activate(this.model.addSheet()));
    this.els.sheetTabs.replaceChildren(...tabs, add);
  }

  private renderBars(): void {
    const { areas, active } = this.model.selection;
    if (document.activeElement !== this.els.addressBox) {
      this.els.addressBox.value = areas.map((a) => formatLocalAddress(a)).join(",");
    }
    if (document.activeElement !== this.els.formulaInput) {
      const cell = this.model.cell(this.sheet, active.row, active.col);
      this.els.formulaInput.value =
        cell?.formula ?? this.model.text(this.sheet, active.row, active.col);
    }
  }

  private cellOf(target: EventTarget | null): { row: number; col: number } | undefined {
    const td = (target as HTMLElement | null)?.closest?.("td[data-cell]") as HTMLElement | null;
    if (!td) return undefined;
    return { row: Number(td.dataset.row), col: Number(td.dataset.col) };
  }

  /**
   * The cell under the pointer. The active cell's long text overflows into its neighbours and
   * would catch their clicks (the event's target is the cell the text belongs to); a point outside
   * that cell's own box is the neighbour's, as in Excel.
   */
  private cellAt(e: MouseEvent): { row: number; col: number } | undefined {
    const td = (e.target as HTMLElement | null)?.closest?.("td[data-cell]") as HTMLElement | null;
    if (!td) return undefined;
    const box = td.getBoundingClientRect();
    const inside =
      e.clientX >= box.left &&
      e.clientX < box.right &&
      e.clientY >= box.top &&
      e.clientY < box.bottom;
    if (inside || typeof document.elementsFromPoint !== "function") return this.cellOf(td);
    const under = document
      .elementsFromPoint(e.clientX, e.clientY)
      .find((el) => el !== td && (el as HTMLElement).matches?.("td[data-cell]"));
    return this.cellOf(under ?? td);
  }

  private rectBetween(a: { row: number; col: number }, b: { row: number; col: number }): Rect {
    const row = Math.min(a.row, b.row);
    const col = Math.min(a.col, b.col);
    return {
      row,
      col,
      rowCount: Math.abs(a.row - b.row) + 1,
      colCount: Math.abs(a.col - b.col) + 1,
    };
  }

  private selectBetween(
    anchor: { row: number; col: number },
    to: { row: number; col: number },
    addArea = false
  ): void {
    if (addArea) {
      this.model.select(this.sheet, this.rectBetween(anchor, to), anchor, true);
      return;
    }
    // Shift/drag replaces the last area only (earlier Ctrl+click areas stay, as in Excel).
    this.model.extendSelection(this.sheet, this.rectBetween(anchor, to), anchor);
  }

  /**
   * A press on a row number (`kind` "row") or column letter: selects that row or column; with Shift
   * the whole rows or columns from the active cell's to this one (the active cell stays); with Ctrl
   * adds it as an area. A drag from there extends over the headers it passes.
   */
  private pressHeader(kind: "row" | "col", at: number, e: MouseEvent): void {
    this.commitEdit();
    e.preventDefault();
    this.els.grid.focus();
    const whole = kind === "row" ? wholeRows : wholeColumns;
    const { active } = this.model.selection;
    if (e.shiftKey) {
      const from = kind === "row" ? active.row : active.col;
      this.model.extendSelection(this.sheet, whole(from, at), active);
      return;
    }
    const start = kind === "row" ? { row: at, col: 0 } : { row: 0, col: at };
    this.model.select(this.sheet, whole(at, at), start, e.ctrlKey || e.metaKey);
    this.dragging = true;
    this.dragStart = undefined;
    this.dragHeader = { kind, from: at };
  }

  private wire(): void {
    const { grid, addressBox, formulaInput } = this.els;
    grid.addEventListener("mousedown", (e) => {
      const header = (e.target as HTMLElement).closest("th") as HTMLElement | null;
      if (header?.dataset.col !== undefined) {
        this.pressHeader("col", Number(header.dataset.col), e);
        return;
      }
      if (header?.dataset.row !== undefined) {
        this.pressHeader("row", Number(header.dataset.row), e);
        return;
      }
      const at = this.cellAt(e);
      if (!at) return;
      this.commitEdit();
      e.preventDefault();
      grid.focus();
      if (e.shiftKey) {
        this.selectBetween(this.model.selection.active, at);
        return;
      }
      this.dragging = true;
      this.dragStart = at;
      this.dragHeader = undefined;
      this.selectBetween(at, at, e.ctrlKey || e.metaKey);
    });
    grid.addEventListener("mouseover", (e) => {
      if (!this.dragging) return;
      if (this.dragHeader) {
        const { kind, from } = this.dragHeader;
        const target = e.target as HTMLElement;
        const over = target.closest?.(
          kind === "row" ? "[data-row]" : "[data-col]"
        ) as HTMLElement | null;
        const value = over?.dataset[kind];
        if (value === undefined) return;
        const start = kind === "row" ? { row: from, col: 0 } : { row: 0, col: from };
        const whole = kind === "row" ? wholeRows : wholeColumns;
        this.model.extendSelection(this.sheet, whole(from, Number(value)), start);
        return;
      }
      if (!this.dragStart) return;
      const at = this.cellAt(e);
      if (at) this.selectBetween(this.dragStart, at);
    });
    window.addEventListener("mouseup", () => {
      this.dragging = false;
      this.dragHeader = undefined;
    });
    grid.addEventListener("dblclick", (e) => {
      const at = this.cellAt(e);
      if (!at) return;
      const cell = this.model.cell(this.sheet, at.row, at.col);
      this.startEdit(at, cell?.formula ?? this.model.text(this.sheet, at.row, at.col));
    });
    grid.tabIndex = 0;
    grid.addEventListener("keydown", (e) => this.onKey(e));
    grid.addEventListener("paste", (e) => this.onPaste(e));
    addressBox.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      this.goTo(addressBox.value);
      grid.focus();
    });
    formulaInput.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      const { active } = this.model.selection;
      this.model.writeInput(this.sheet, active.row, active.col, formulaInput.value);
      formulaInput.blur();
      grid.focus();
    });
  }

  /** Selects an address typed into the address box (`B2:D5`, `Sheet2!A1`). */
  goTo(address: string): boolean {
    const parsed = parseAddress(address);
    if (!parsed) {
      this.els.addressBox.classList.add("invalid");
      return false;
    }
    this.els.addressBox.classList.remove("invalid");
    const sheet =
      parsed.sheetName !== undefined ? this.model.sheetByName(parsed.sheetName) : this.sheet;
    if (!sheet) return false;
    this.model.select(sheet, parsed);
    return true;
  }

  private move(dRow: number, dCol: number, extend: boolean): void {
    const { active, areas } = this.model.selection;
    if (extend) {
      const last = areas[areas.length - 1];
      const far = {
        row: last.row === active.row ? last.row + last.rowCount - 1 : last.row,
        col: last.col === active.col ? last.col + last.colCount - 1 : last.col,
      };
      const to = {
        row: Math.min(SHEET_ROWS - 1, Math.max(0, far.row + dRow)),
        col: Math.min(SHEET_COLUMNS - 1, Math.max(0, far.col + dCol)),
      };
      // Shift+arrow moves the far corner and keeps the active cell, as in Excel; the far edge is
      // scrolled into view (for whole rows, only the row).
      this.model.extendSelection(this.sheet, this.rectBetween(active, to), active);
      this.scrollTo({ row: to.row, col: dCol === 0 ? active.col : to.col });
      return;
    }
    const to = { row: Math.max(0, active.row + dRow), col: Math.max(0, active.col + dCol) };
    this.model.select(this.sheet, { ...to, rowCount: 1, colCount: 1 });
    this.scrollTo(to);
  }

  private scrollTo(at: { row: number; col: number }): void {
    const find = () =>
      this.els.grid.querySelector(`td[data-row="${at.row}"][data-col="${at.col}"]`);
    if (!find()) {
      // A row that is not drawn: scroll to where it is, then draw it.
      this.els.scroller.scrollTop = Math.max(
        0,
        at.row * this.rowPx - this.els.scroller.clientHeight / 2
      );
      this.render();
    }
    const td = find();
    if (!(td instanceof HTMLElement)) return;
    td.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    // The column letters and row numbers stay on top (sticky): a cell must not hide beneath them.
    const scroller = this.els.scroller;
    const corner = this.els.grid.querySelector("th.corner")?.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    const cell = td.getBoundingClientRect();
    const left = view.left + (corner?.width ?? 0);
    const top = view.top + (corner?.height ?? 0);
    if (cell.left < left) scroller.scrollLeft -= left - cell.left;
    if (cell.top < top) scroller.scrollTop -= top - cell.top;
  }

  private onKey(e: KeyboardEvent): void {
    if (this.editor || this.validation.alertOpen) return;
    if (this.validation.handleKey(e)) return;
    if (e.key === "ArrowDown" && e.altKey) {
      e.preventDefault();
      const { active } = this.model.selection;
      const td = this.els.grid.querySelector(
        `td[data-row="${active.row}"][data-col="${active.col}"]`
      ) as HTMLElement | null;
      this.validation.openActive(this.sheet, active, td);
      return;
    }
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      Enter: [1, 0],
      Tab: [0, 1],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      this.move(move[0], move[1], e.shiftKey && e.key.startsWith("Arrow"));
      return;
    }
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      for (const area of this.model.selection.areas) this.model.clear(this.sheet, area, "Contents");
      return;
    }
    if (e.key === "F2") {
      e.preventDefault();
      const { active } = this.model.selection;
      const cell = this.model.cell(this.sheet, active.row, active.col);
      this.startEdit(active, cell?.formula ?? this.model.text(this.sheet, active.row, active.col));
      return;
    }
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      this.startEdit(this.model.selection.active, e.key);
    }
  }

  private onPaste(e: ClipboardEvent): void {
    const text = e.clipboardData?.getData("text/plain");
    if (!text || this.editor) return;
    e.preventDefault();
    this.pasteText(text);
  }

  /** Writes tab/newline separated text from the active cell on, as pasting from a spreadsheet does. */
  pasteText(text: string): void {
    const { active } = this.model.selection;
    const lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
    lines.forEach((line, r) =>
      line.split("\t").forEach((value, c) => this.writeTyped(active.row + r, active.col + c, value))
    );
    const width = Math.max(...lines.map((l) => l.split("\t").length));
    this.model.select(this.sheet, {
      row: active.row,
      col: active.col,
      rowCount: lines.length,
      colCount: width,
    });
  }

  /** Typing into the row right under a table extends the table, as Excel's AutoCorrect does. */
  private writeTyped(row: number, col: number, value: string): void {
    const sheet = this.sheet;
    this.model.expandTableUnder(sheet, { row, col, rowCount: 1, colCount: 1 }, [[value]]);
    this.model.writeInput(sheet, row, col, value);
  }

  private placeEditor(row: number, col: number): void {
    const td = this.els.grid.querySelector(
      `td[data-row="${row}"][data-col="${col}"]`
    ) as HTMLElement | null;
    if (!td || !this.editor) return;
    const box = td.getBoundingClientRect();
    const outer = this.els.scroller.getBoundingClientRect();
    this.editor.style.left = `${box.left - outer.left + this.els.scroller.scrollLeft}px`;
    this.editor.style.top = `${box.top - outer.top + this.els.scroller.scrollTop}px`;
    this.editor.style.minWidth = `${box.width}px`;
    this.editor.style.height = `${box.height}px`;
  }

  /** Opens the in-cell editor. */
  startEdit(at: { row: number; col: number }, initial: string): void {
    this.commitEdit();
    const editor = el("input", "cell-editor");
    editor.dataset.testid = "cell-editor";
    editor.value = initial;
    this.editor = editor;
    this.editing = { ...at };
    this.els.scroller.appendChild(editor);
    this.placeEditor(at.row, at.col);
    editor.focus();
    editor.setSelectionRange(editor.value.length, editor.value.length);
    editor.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        if (!this.commitEdit()) return;
        this.move(
          e.key === "Enter" ? (e.shiftKey ? -1 : 1) : 0,
          e.key === "Tab" ? (e.shiftKey ? -1 : 1) : 0,
          false
        );
        this.els.grid.focus();
      } else if (e.key === "Escape") {
        e.preventDefault();
        this.cancelEdit();
        this.els.grid.focus();
      }
    });
    editor.addEventListener("blur", () => this.commitEdit());
  }

  /**
   * Writes what the editor holds into its cell, unless the cell's data validation refuses it (a Stop
   * alert: nothing is written, Retry edits the text again). False when refused.
   */
  commitEdit(): boolean {
    const editor = this.editor;
    const at = this.editing;
    if (!editor || !at) return true;
    this.editor = undefined;
    this.editing = undefined;
    editor.remove();
    const text = editor.value;
    const verdict = checkTypedInput(this.model, this.sheet, at.row, at.col, text);
    if (verdict.alert) this.validation.showAlert(verdict.alert, () => this.startEdit(at, text));
    if (!verdict.accept) return false;
    this.writeTyped(at.row, at.col, text);
    return true;
  }

  private cancelEdit(): void {
    this.editor?.remove();
    this.editor = undefined;
    this.editing = undefined;
  }

  /** The selection's address as Excel writes it (for the page's status line). */
  selectionAddress(): string {
    return this.model.selection.areas.map((a) => formatAddress(this.sheet.name, a)).join(",");
  }
}
