/**
 * The grid's data validation, as Excel shows it: the drop-down arrow beside the active cell of a
 * list rule, the list it opens (click or Alt+Down, arrows and Enter, Escape closes), the rule's input
 * message under the active cell, and the error alert for typed input that breaks the rule (an
 * in-page dialog: Retry or Cancel for a Stop alert, OK for the others). Text goes in via
 * `textContent` only.
 */
import type { SheetModel, WorkbookModel } from "./fake-excel/workbook-model";
import { hasDropDown, listEntries } from "./fake-excel/data-validation";
import { previewSay } from "./words";

/** Where a cell is. */
interface At {
  row: number;
  col: number;
}

function node<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Drop-down list, input message and error alert of the grid. */
export class ValidationView {
  private list: { el: HTMLElement; at: At; entries: string[]; index: number } | undefined;
  private promptEl: HTMLElement | undefined;
  private alertEl: HTMLElement | undefined;

  constructor(
    private readonly model: WorkbookModel,
    private readonly scroller: HTMLElement,
    /** Writes a picked entry into the cell, as typing it does (tables grow). */
    private readonly write: (row: number, col: number, text: string) => void,
    private readonly focusGrid: () => void
  ) {
    document.addEventListener("mousedown", (e) => {
      if (this.list && !this.list.el.contains(e.target as Node)) this.closeList();
    });
  }

  /** True while the error alert waits for an answer. */
  get alertOpen(): boolean {
    return this.alertEl !== undefined;
  }

  /** Adds the drop-down arrow to the active cell's element when its rule is a list. */
  decorateActiveCell(td: HTMLElement, sheet: SheetModel, at: At): void {
    const cell = this.model.cell(sheet, at.row, at.col);
    if (!hasDropDown(cell?.validation)) return;
    // The glyph comes from CSS, so the cell's text stays the value alone.
    const arrow = node("button", "dv-arrow");
    arrow.type = "button";
    arrow.tabIndex = -1;
    arrow.dataset.testid = "dropdown-arrow";
    arrow.setAttribute("aria-label", previewSay("preview.openList"));
    // On mousedown, before the grid's own handler, so the grid neither re-selects nor redraws first.
    arrow.addEventListener("mousedown", (e) => {
      e.preventDefault();
      e.stopPropagation();
      if (this.list) this.closeList();
      else this.openList(sheet, at, td);
    });
    td.appendChild(arrow);
  }

  /** Shows the rule's input message under the active cell (or removes the last one). */
  showPrompt(sheet: SheetModel, at: At, td: HTMLElement | null): void {
    this.promptEl?.remove();
    this.promptEl = undefined;
    const prompt = this.model.cell(sheet, at.row, at.col)?.validationPrompt;
    if (!td || !prompt || prompt.showPrompt === false || !(prompt.title || prompt.message)) return;
    const box = node("div", "dv-prompt");
    box.dataset.testid = "validation-prompt";
    if (prompt.title) box.appendChild(node("b", "", prompt.title));
    if (prompt.message) box.appendChild(node("div", "", prompt.message));
    this.place(box, td, 6);
    this.promptEl = box;
  }

  /** Opens the list of the active cell (Alt+Down). */
  openActive(sheet: SheetModel, at: At, td: HTMLElement | null): void {
    if (td && hasDropDown(this.model.cell(sheet, at.row, at.col)?.validation))
      this.openList(sheet, at, td);
  }

  private openList(sheet: SheetModel, at: At, td: HTMLElement): void {
    const entries = listEntries(
      this.model,
      sheet,
      this.model.cell(sheet, at.row, at.col)?.validation
    );
    if (!entries) return;
    const el = node("div", "dv-list");
    el.setAttribute("role", "listbox");
    el.dataset.testid = "dropdown-list";
    const current = this.model.text(sheet, at.row, at.col).toLowerCase();
    entries.forEach((entry, i) => {
      const option = node("div", "dv-option", entry);
      option.setAttribute("role", "option");
      option.dataset.testid = `dropdown-option-${i}`;
      option.addEventListener("mousedown", (e) => {
        e.preventDefault();
        e.stopPropagation();
        this.pick(i);
      });
      el.appendChild(option);
    });
    this.place(el, td, 0);
    const selected = Math.max(
      0,
      entries.findIndex((e) => e.toLowerCase() === current)
    );
    this.list = { el, at, entries, index: selected };
    this.highlight();
  }

  private place(el: HTMLElement, td: HTMLElement, gap: number): void {
    const box = td.getBoundingClientRect();
    const outer = this.scroller.getBoundingClientRect();
    el.style.left = `${box.left - outer.left + this.scroller.scrollLeft}px`;
    el.style.top = `${box.bottom - outer.top + this.scroller.scrollTop + gap}px`;
    el.style.minWidth = `${box.width}px`;
    this.scroller.appendChild(el);
  }

  private highlight(): void {
    if (!this.list) return;
    [...this.list.el.children].forEach((child, i) =>
      child.setAttribute("aria-selected", String(i === this.list!.index))
    );
    (this.list.el.children[this.list.index] as HTMLElement | undefined)?.scrollIntoView?.({
      block: "nearest",
    });
  }

  private pick(index: number): void {
    if (!this.list) return;
    const { at, entries } = this.list;
    this.closeList();
    this.write(at.row, at.col, entries[index]);
    this.focusGrid();
  }

  /** Closes the list. */
  closeList(): void {
    this.list?.el.remove();
    this.list = undefined;
  }

  /** Keys while the list is open (arrows, Enter, Escape); true when the key was the list's. */
  handleKey(e: KeyboardEvent): boolean {
    if (!this.list) return false;
    const last = this.list.entries.length - 1;
    if (e.key === "ArrowDown") this.list.index = Math.min(last, this.list.index + 1);
    else if (e.key === "ArrowUp") this.list.index = Math.max(0, this.list.index - 1);
    else if (e.key === "Enter" || e.key === "Tab") {
      if (last >= 0) this.pick(this.list.index);
      else this.closeList();
    } else if (e.key === "Escape") this.closeList();
    else return false;
    e.preventDefault();
    this.highlight();
    return true;
  }

  /**
   * Shows an error alert. A Stop alert offers Retry (`onRetry`: edit the typed text again) and
   * Cancel; the others only OK (the value was kept).
   */
  showAlert(alert: { style: string; title: string; message: string }, onRetry?: () => void): void {
    this.alertEl?.remove();
    const box = node("div", "dv-alert");
    box.setAttribute("role", "alertdialog");
    box.setAttribute("aria-modal", "true");
    box.dataset.testid = "validation-alert";
    box.dataset.style = alert.style;
    const title = node("div", "dv-alert-title", alert.title);
    title.dataset.testid = "validation-alert-title";
    const message = node("p", "dv-alert-message", alert.message);
    message.dataset.testid = "validation-alert-message";
    const buttons = node("div", "dv-alert-buttons");
    const close = (then?: () => void) => {
      box.remove();
      this.alertEl = undefined;
      if (then) then();
      else this.focusGrid();
    };
    const button = (label: string, id: string, then?: () => void) => {
      const b = node("button", "", label);
      b.type = "button";
      b.dataset.testid = id;
      b.addEventListener("click", () => close(then));
      buttons.appendChild(b);
      return b;
    };
    const first =
      alert.style === "Stop"
        ? button(previewSay("preview.retry"), "validation-retry", onRetry)
        : button("OK", "validation-ok");
    if (alert.style === "Stop") button(previewSay("preview.cancel"), "validation-cancel");
    box.append(title, message, buttons);
    document.body.appendChild(box);
    this.alertEl = box;
    first.focus();
  }
}
