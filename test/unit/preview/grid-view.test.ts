/**
 * @jest-environment jsdom
 */
/**
 * The preview's grid in jsdom: what it draws from the workbook model (text, classes, tables, tabs,
 * bars) and what the mouse and keyboard do to the model (selection, editing, paste, validation
 * lists and alerts, table filters).
 */
import { GridView } from "../../../preview/grid-view";
import { WorkbookModel, type SheetModel } from "../../../preview/fake-excel/workbook-model";

interface Page {
  model: WorkbookModel;
  sheet: SheetModel;
  view: GridView;
  grid: HTMLTableElement;
  scroller: HTMLElement;
  addressBox: HTMLInputElement;
  formulaInput: HTMLInputElement;
  sheetTabs: HTMLElement;
}

function mountPage(): Page {
  document.body.innerHTML = `
    <input id="address-box"><input id="formula-input">
    <div id="grid-scroll"><table id="grid"></table></div>
    <div id="sheet-tabs"></div>`;
  const model = new WorkbookModel(["Sheet1", "Sheet2"]);
  const els = {
    grid: document.getElementById("grid") as HTMLTableElement,
    scroller: document.getElementById("grid-scroll") as HTMLElement,
    addressBox: document.getElementById("address-box") as HTMLInputElement,
    formulaInput: document.getElementById("formula-input") as HTMLInputElement,
    sheetTabs: document.getElementById("sheet-tabs") as HTMLElement,
  };
  const view = new GridView(model, els);
  view.mount();
  return { model, sheet: model.activeSheet, view, ...els };
}

function td(page: Page, address: string): HTMLElement {
  const found = page.grid.querySelector(`td[data-cell="${address}"]`);
  if (!(found instanceof HTMLElement)) throw new Error(`no cell ${address}`);
  return found;
}

function mouse(target: Element, type: string, init: MouseEventInit = {}): void {
  target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, ...init }));
}

function key(target: Element, k: string, init: KeyboardEventInit = {}): void {
  target.dispatchEvent(
    new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...init })
  );
}

/** Model changes reach the view in one microtask per task, as in the browser. */
async function settle(): Promise<void> {
  await new Promise<void>((resolve) => queueMicrotask(resolve));
}

function editor(page: Page): HTMLInputElement | null {
  return page.scroller.querySelector('[data-testid="cell-editor"]');
}

describe("the preview grid", () => {
  let page: Page;
  beforeEach(() => {
    page = mountPage();
  });

  it("draws column letters, row numbers and the cells' text, and redraws on model changes", async () => {
    const headers = [...page.grid.querySelectorAll("th.col-header")].map((th) => th.textContent);
    expect(headers.slice(0, 3)).toEqual(["A", "B", "C"]);
    expect(headers).toHaveLength(16);
    expect(page.grid.querySelectorAll("th.row-header")).toHaveLength(40);
    page.model.writeInput(page.sheet, 1, 1, "42");
    page.model.writeInput(page.sheet, 2, 1, "<b>not html</b>");
    await settle();
    expect(td(page, "B2").textContent).toBe("42");
    expect(td(page, "B2").classList.contains("num")).toBe(true);
    expect(td(page, "B3").textContent).toBe("<b>not html</b>");
    expect(td(page, "B3").querySelector("b")).toBeNull();
  });

  it("marks formulas of other namespaces as not evaluated, and shows errors with their message", async () => {
    const b1 = page.model.mutableCell(page.sheet, 0, 1);
    b1.formula = "=SUM(A1:A2)";
    b1.value = "";
    const c1 = page.model.mutableCell(page.sheet, 0, 2);
    c1.formula = "=BILLING.COST(1)";
    c1.value = "#VALUE!";
    c1.message = "Contract 1 was not found";
    c1.bold = true;
    c1.fill = "#ff0000";
    c1.fontColor = "#00ff00";
    page.model.changed();
    await settle();
    expect(td(page, "B1").classList.contains("unevaluated")).toBe(true);
    const c = td(page, "C1");
    expect([...c.classList]).toEqual(expect.arrayContaining(["formula", "error", "bold"]));
    expect(c.classList.contains("unevaluated")).toBe(false);
    expect(c.title).toBe("Contract 1 was not found\n=BILLING.COST(1)");
    expect(c.style.backgroundColor).toBe("rgb(255, 0, 0)");
    expect(c.style.color).toBe("rgb(0, 255, 0)");
  });

  it("draws a table's header and banded body, and grows it when typing right under it", async () => {
    page.model.writeInput(page.sheet, 0, 0, "Name");
    page.model.writeInput(page.sheet, 1, 0, "a");
    const table = page.model.addTable(
      page.sheet,
      { row: 0, col: 0, rowCount: 2, colCount: 1 },
      true
    );
    table.showBandedRows = true;
    page.model.changed();
    await settle();
    expect(td(page, "A1").classList.contains("table-header")).toBe(true);
    expect(td(page, "A1").dataset.table).toBe(table.name);
    expect(td(page, "A2").classList.contains("table-body")).toBe(true);
    page.view.goTo("A3");
    page.view.startEdit({ row: 2, col: 0 }, "b");
    expect(page.view.commitEdit()).toBe(true);
    expect(table.rect.rowCount).toBe(3);
    await settle();
    expect(td(page, "A3").classList.contains("table-band")).toBe(true);
  });

  it("filters a table's rows from the header's filter button, and shows them again", async () => {
    for (const [r, v] of ["Kind", "heat", "cold", "heat"].entries())
      page.model.writeInput(page.sheet, r, 0, v);
    page.model.addTable(page.sheet, { row: 0, col: 0, rowCount: 4, colCount: 1 }, true);
    await settle();
    const button = () => td(page, "A1").querySelector('[data-testid="filter-button"]')!;
    expect(button().getAttribute("aria-label")).toBe("Filter Kind");
    mouse(button(), "mousedown");
    const options = () => [
      ...page.scroller.querySelectorAll('[data-testid="filter-list"] [role="option"]'),
    ];
    expect(options().map((o) => o.textContent)).toEqual(["(Select all)", "cold", "heat"]);
    expect(options()[0].getAttribute("aria-selected")).toBe("true");
    mouse(options()[1], "mousedown");
    await settle();
    expect(page.grid.querySelector('td[data-cell="A2"]')).toBeNull();
    expect(td(page, "A3").textContent).toBe("cold");
    expect(button().classList.contains("filtered")).toBe(true);
    mouse(button(), "mousedown");
    mouse(options()[0], "mousedown");
    await settle();
    expect(td(page, "A2").textContent).toBe("heat");
    // A click elsewhere closes an open list without choosing.
    mouse(button(), "mousedown");
    mouse(document.body, "mousedown");
    expect(page.scroller.querySelector('[data-testid="filter-list"]')).toBeNull();
  });

  it("selects with click, drag, Shift+click, Ctrl+click and the headers", async () => {
    mouse(td(page, "B2"), "mousedown");
    await settle();
    mouse(td(page, "C4"), "mouseover");
    mouse(window.document.body, "mouseup");
    await settle();
    expect(page.view.selectionAddress()).toBe("Sheet1!B2:C4");
    expect(page.addressBox.value).toBe("B2:C4");
    mouse(td(page, "E5"), "mousedown", { shiftKey: true });
    expect(page.view.selectionAddress()).toBe("Sheet1!B2:E5");
    mouse(td(page, "G1"), "mousedown", { ctrlKey: true });
    expect(page.view.selectionAddress()).toBe("Sheet1!B2:E5,Sheet1!G1");
    mouse(page.grid.querySelector('th.col-header[data-col="3"]')!, "mousedown");
    expect(page.model.selection.areas).toEqual([
      { row: 0, col: 3, rowCount: 1_048_576, colCount: 1 },
    ]);
    mouse(page.grid.querySelector('th.row-header[data-row="2"]')!, "mousedown");
    expect(page.model.selection.areas).toEqual([{ row: 2, col: 0, rowCount: 1, colCount: 16_384 }]);
    await settle();
    expect(page.grid.querySelector('th.row-header[data-row="2"]')!.classList.contains("hl")).toBe(
      true
    );
  });

  it("selects whole rows as Excel does: Shift+click on a row number, a drag over row numbers, Shift+arrow", async () => {
    const rowNumber = (row: number) => page.grid.querySelector(`th.row-header[data-row="${row}"]`)!;
    const letter = (col: number) => page.grid.querySelector(`th.col-header[data-col="${col}"]`)!;
    const rows = (row: number, rowCount: number) => ({ row, col: 0, rowCount, colCount: 16_384 });
    mouse(rowNumber(4), "mousedown");
    mouse(window.document.body, "mouseup");
    mouse(rowNumber(21), "mousedown", { shiftKey: true });
    // Rows 5 to 22: eighteen rows, one area, the active cell still in row 5.
    expect(page.model.selection.areas).toEqual([rows(4, 18)]);
    expect(page.model.selection.active).toEqual({ row: 4, col: 0 });
    await settle();
    expect(page.view.selectionAddress()).toBe("Sheet1!5:22");
    expect(page.grid.querySelectorAll("th.row-header.hl")).toHaveLength(18);
    key(page.grid, "ArrowDown", { shiftKey: true });
    expect(page.model.selection.areas).toEqual([rows(4, 19)]);
    key(page.grid, "ArrowUp", { shiftKey: true });
    key(page.grid, "ArrowUp", { shiftKey: true });
    expect(page.model.selection.areas).toEqual([rows(4, 17)]);
    // Above the active row, the range runs upwards from it.
    mouse(rowNumber(1), "mousedown", { shiftKey: true });
    expect(page.model.selection.areas).toEqual([rows(1, 4)]);
    expect(page.model.selection.active).toEqual({ row: 4, col: 0 });
    // Dragging over the row numbers.
    mouse(rowNumber(7), "mousedown");
    mouse(rowNumber(9), "mouseover");
    mouse(window.document.body, "mouseup");
    mouse(rowNumber(12), "mouseover");
    expect(page.model.selection.areas).toEqual([rows(7, 3)]);
    // Ctrl+click keeps the rows, Shift+click then extends only the last area.
    mouse(rowNumber(14), "mousedown", { ctrlKey: true });
    mouse(window.document.body, "mouseup");
    mouse(rowNumber(15), "mousedown", { shiftKey: true });
    expect(page.model.selection.areas).toEqual([rows(7, 3), rows(14, 2)]);
    // And whole columns with Shift+click on the letters.
    mouse(letter(1), "mousedown");
    mouse(window.document.body, "mouseup");
    mouse(letter(3), "mousedown", { shiftKey: true });
    expect(page.model.selection.areas).toEqual([
      { row: 0, col: 1, rowCount: 1_048_576, colCount: 3 },
    ]);
  });

  it("keeps earlier Ctrl+click areas while dragging a new one", async () => {
    mouse(td(page, "A1"), "mousedown");
    mouse(td(page, "C3"), "mousedown", { ctrlKey: true });
    await settle();
    mouse(td(page, "D4"), "mouseover");
    expect(page.view.selectionAddress()).toBe("Sheet1!A1,Sheet1!C3:D4");
  });

  it("goes to an address typed into the address box, also on another sheet, and flags bad ones", async () => {
    page.addressBox.value = "Sheet2!B3:C4";
    key(page.addressBox, "Enter");
    expect(page.model.activeSheet.name).toBe("Sheet2");
    expect(page.view.selectionAddress()).toBe("Sheet2!B3:C4");
    expect(page.view.goTo("not an address!")).toBe(false);
    expect(page.addressBox.classList.contains("invalid")).toBe(true);
    expect(page.view.goTo("Nowhere!A1")).toBe(false);
    expect(page.view.goTo("A1")).toBe(true);
    expect(page.addressBox.classList.contains("invalid")).toBe(false);
  });

  it("moves with arrows, Enter and Tab, extends with Shift+arrow, clears with Delete", async () => {
    page.view.goTo("B2");
    key(page.grid, "ArrowDown");
    key(page.grid, "ArrowRight");
    expect(page.view.selectionAddress()).toBe("Sheet1!C3");
    key(page.grid, "ArrowUp");
    key(page.grid, "ArrowLeft");
    key(page.grid, "ArrowLeft");
    key(page.grid, "ArrowLeft");
    expect(page.view.selectionAddress()).toBe("Sheet1!A2");
    key(page.grid, "Enter");
    key(page.grid, "Tab");
    expect(page.view.selectionAddress()).toBe("Sheet1!B3");
    key(page.grid, "ArrowDown", { shiftKey: true });
    key(page.grid, "ArrowRight", { shiftKey: true });
    expect(page.view.selectionAddress()).toBe("Sheet1!B3:C4");
    page.model.writeInput(page.sheet, 2, 1, "x");
    page.model.writeInput(page.sheet, 3, 2, "y");
    key(page.grid, "Delete");
    expect(page.model.text(page.sheet, 2, 1)).toBe("");
    expect(page.model.text(page.sheet, 3, 2)).toBe("");
  });

  it("edits by typing, F2 and double-click; Enter commits and moves, Escape cancels", async () => {
    page.view.goTo("A1");
    key(page.grid, "7");
    expect(editor(page)?.value).toBe("7");
    editor(page)!.value = "17";
    key(editor(page)!, "Enter");
    expect(page.model.value(page.sheet, 0, 0)).toBe(17);
    expect(page.view.selectionAddress()).toBe("Sheet1!A2");
    page.model.writeInput(page.sheet, 1, 0, "=BILLING.X()");
    key(page.grid, "F2");
    expect(editor(page)?.value).toBe("=BILLING.X()");
    editor(page)!.value = "changed";
    key(editor(page)!, "Escape");
    expect(editor(page)).toBeNull();
    expect(page.model.cell(page.sheet, 1, 0)?.formula).toBe("=BILLING.X()");
    await settle();
    mouse(td(page, "A1"), "dblclick");
    expect(editor(page)?.value).toBe("17");
    editor(page)!.value = "18";
    key(editor(page)!, "Tab", { shiftKey: true });
    expect(page.model.value(page.sheet, 0, 0)).toBe(18);
    // Ctrl+letter is a shortcut, not typing.
    key(page.grid, "c", { ctrlKey: true });
    expect(editor(page)).toBeNull();
  });

  it("commits an open editor when another cell is clicked", async () => {
    page.view.startEdit({ row: 0, col: 0 }, "kept");
    mouse(td(page, "C3"), "mousedown");
    expect(page.model.text(page.sheet, 0, 0)).toBe("kept");
    expect(page.view.selectionAddress()).toBe("Sheet1!C3");
  });

  it("writes the formula bar's text into the active cell on Enter", async () => {
    page.view.goTo("B2");
    page.formulaInput.value = "hello";
    key(page.formulaInput, "Enter");
    expect(page.model.text(page.sheet, 1, 1)).toBe("hello");
    page.view.goTo("B2");
    expect(page.formulaInput.value).toBe("hello");
  });

  it("pastes tab and newline separated text from the active cell on, and selects it", async () => {
    page.view.goTo("B2");
    const event = new Event("paste", { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(event, "clipboardData", {
      value: { getData: (type: string) => (type === "text/plain" ? "a\tb\r\nc\r\n" : "") },
    });
    page.grid.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(page.model.text(page.sheet, 1, 1)).toBe("a");
    expect(page.model.text(page.sheet, 1, 2)).toBe("b");
    expect(page.model.text(page.sheet, 2, 1)).toBe("c");
    expect(page.view.selectionAddress()).toBe("Sheet1!B2:C3");
  });

  it("shows sheet tabs, switches sheets and adds one with +", async () => {
    const tabs = () => [...page.sheetTabs.querySelectorAll("button.sheet-tab")];
    expect(tabs().map((t) => t.textContent)).toEqual(["Sheet1", "Sheet2"]);
    (tabs()[1] as HTMLButtonElement).click();
    await settle();
    expect(page.model.activeSheet.name).toBe("Sheet2");
    expect(tabs()[1].classList.contains("active")).toBe(true);
    (page.sheetTabs.querySelector("button.sheet-add") as HTMLButtonElement).click();
    await settle();
    expect(tabs()).toHaveLength(3);
    expect(page.model.activeSheet).toBe(page.model.sheets[2]);
  });

  describe("a cell with a list rule", () => {
    beforeEach(async () => {
      const cell = page.model.mutableCell(page.sheet, 0, 0);
      cell.validation = { list: { inCellDropDown: true, source: "red,green,blue" } };
      cell.validationPrompt = { showPrompt: true, title: "Colour", message: "Pick one" };
      cell.validationAlert = { style: "Stop", title: "Not a colour", message: "Use the list" };
      page.model.changed();
      page.view.goTo("B1");
      await settle();
      page.view.goTo("A1");
      await settle();
    });

    const list = () => page.scroller.querySelector('[data-testid="dropdown-list"]');
    const alert = () => document.querySelector('[data-testid="validation-alert"]');

    it("shows the input message and a drop-down whose pick is written", async () => {
      expect(page.scroller.querySelector('[data-testid="validation-prompt"]')?.textContent).toBe(
        "ColourPick one"
      );
      mouse(td(page, "A1").querySelector('[data-testid="dropdown-arrow"]')!, "mousedown");
      expect([...list()!.children].map((o) => o.textContent)).toEqual(["red", "green", "blue"]);
      mouse(list()!.querySelector('[data-testid="dropdown-option-2"]')!, "mousedown");
      expect(page.model.text(page.sheet, 0, 0)).toBe("blue");
      expect(list()).toBeNull();
    });

    it("opens with Alt+Down and is driven by the arrows, Enter and Escape", async () => {
      key(page.grid, "ArrowDown", { altKey: true });
      expect(list()!.children[0].getAttribute("aria-selected")).toBe("true");
      key(page.grid, "ArrowDown");
      key(page.grid, "ArrowDown");
      key(page.grid, "ArrowDown");
      key(page.grid, "ArrowUp");
      expect(list()!.children[1].getAttribute("aria-selected")).toBe("true");
      key(page.grid, "x"); // not the list's key: the list stays, typing starts
      expect(editor(page)?.value).toBe("x");
      key(editor(page)!, "Escape");
      key(page.grid, "Enter");
      expect(page.model.text(page.sheet, 0, 0)).toBe("green");
      key(page.grid, "ArrowDown", { altKey: true });
      key(page.grid, "Escape");
      expect(list()).toBeNull();
      expect(page.model.text(page.sheet, 0, 0)).toBe("green");
    });

    it("refuses typed text outside the list with the rule's Stop alert; Retry edits it again", async () => {
      page.view.startEdit({ row: 0, col: 0 }, "purple");
      expect(page.view.commitEdit()).toBe(false);
      expect(page.model.text(page.sheet, 0, 0)).toBe("");
      expect(alert()?.getAttribute("data-style")).toBe("Stop");
      expect(document.querySelector('[data-testid="validation-alert-title"]')?.textContent).toBe(
        "Not a colour"
      );
      expect(document.querySelector('[data-testid="validation-alert-message"]')?.textContent).toBe(
        "Use the list"
      );
      key(page.grid, "ArrowDown"); // keys wait for the alert
      expect(page.view.selectionAddress()).toBe("Sheet1!A1");
      (document.querySelector('[data-testid="validation-retry"]') as HTMLButtonElement).click();
      expect(alert()).toBeNull();
      expect(editor(page)?.value).toBe("purple");
      editor(page)!.value = "RED";
      expect(page.view.commitEdit()).toBe(true);
      expect(page.model.text(page.sheet, 0, 0)).toBe("RED");
    });

    it("keeps text after a Warning alert, which offers only OK", async () => {
      page.model.mutableCell(page.sheet, 0, 0).validationAlert = {
        style: "Warning",
        title: "Unusual",
        message: "Sure?",
      };
      page.view.startEdit({ row: 0, col: 0 }, "purple");
      expect(page.view.commitEdit()).toBe(true);
      expect(page.model.text(page.sheet, 0, 0)).toBe("purple");
      expect(document.querySelector('[data-testid="validation-cancel"]')).toBeNull();
      (document.querySelector('[data-testid="validation-ok"]') as HTMLButtonElement).click();
      expect(alert()).toBeNull();
    });
  });
});
