/**
 * The filter buttons of a table's header row, as Excel draws them: the button opens the column's
 * values ("(Select all)" first); picking one shows only the rows with that value, "(Select all)"
 * shows every row again. The filter is the table's AutoFilter in the model, so the add-in reads it
 * through `table.autoFilter`. Text goes in via `textContent` only.
 */
import type { SheetModel, TableModel, WorkbookModel } from "./fake-excel/workbook-model";
import { previewSay } from "./words";

const SELECT_ALL = previewSay("preview.selectAll");
const BLANKS = previewSay("preview.blanks");

/** Filter buttons and their value lists. */
export class FilterView {
  private list: HTMLElement | undefined;

  constructor(
    private readonly model: WorkbookModel,
    private readonly scroller: HTMLElement
  ) {
    document.addEventListener("mousedown", (e) => {
      if (this.list && !this.list.contains(e.target as Node)) this.close();
    });
  }

  /** Adds the filter button to a table's header cell. */
  decorateHeader(td: HTMLElement, sheet: SheetModel, table: TableModel, column: number): void {
    const button = document.createElement("button");
    button.type = "button";
    button.tabIndex = -1;
    button.className = table.filters?.[column] ? "filter-button filtered" : "filter-button";
    button.dataset.testid = "filter-button";
    button.dataset.column = this.model.text(sheet, table.rect.row, table.rect.col + column);
    button.setAttribute(
      "aria-label",
      previewSay("preview.filter", { column: button.dataset.column })
    );
    button.addEventListener("mousedown", (e) => {
      e.preventDefault();
      e.stopPropagation();
      if (this.list) this.close();
      else this.open(td, sheet, table, column);
    });
    td.appendChild(button);
  }

  private open(td: HTMLElement, sheet: SheetModel, table: TableModel, column: number): void {
    const texts = new Set<string>();
    for (let r = table.rect.row + 1; r < table.rect.row + table.rect.rowCount; r++)
      texts.add(this.model.text(sheet, r, table.rect.col + column));
    const values = [...texts].sort((a, b) => a.localeCompare(b));
    const list = document.createElement("div");
    list.className = "dv-list";
    list.setAttribute("role", "listbox");
    list.dataset.testid = "filter-list";
    const chosen = table.filters?.[column];
    for (const value of [SELECT_ALL, ...values]) {
      const option = document.createElement("div");
      option.className = "dv-option";
      option.setAttribute("role", "option");
      option.textContent = value === "" ? BLANKS : value;
      const selected = value === SELECT_ALL ? !chosen : chosen?.includes(value) === true;
      option.setAttribute("aria-selected", String(selected));
      option.addEventListener("mousedown", (e) => {
        e.preventDefault();
        e.stopPropagation();
        this.close();
        this.model.setTableFilter(table, column, value === SELECT_ALL ? undefined : [value]);
      });
      list.appendChild(option);
    }
    const box = td.getBoundingClientRect();
    const outer = this.scroller.getBoundingClientRect();
    list.style.left = `${box.left - outer.left + this.scroller.scrollLeft}px`;
    list.style.top = `${box.bottom - outer.top + this.scroller.scrollTop}px`;
    list.style.minWidth = `${box.width}px`;
    this.scroller.appendChild(list);
    this.list = list;
  }

  /** Closes the open list. */
  close(): void {
    this.list?.remove();
    this.list = undefined;
  }
}
