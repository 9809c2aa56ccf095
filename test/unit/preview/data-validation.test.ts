/**
 * Data validation on the preview's host, as Excel applies it: the template's list rules give the
 * drop-down its entries, typed input outside the list is refused with the rule's alert, add-in
 * writes are not checked, and rows a table grows by take the rules and calculated columns above.
 */
import { insertTemplate } from "../../../src/excel/insert-template";
import { LISTS_SHEET, templateColumnIndex } from "../../../src/excel/template-layout";
import {
  checkTypedInput,
  hasDropDown,
  listEntries,
} from "../../../preview/fake-excel/data-validation";
import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import {
  WorkbookModel,
  shiftRowReferences,
  type SheetModel,
} from "../../../preview/fake-excel/workbook-model";

const g = globalThis as unknown as { Excel?: unknown };

const LOOKUPS = {
  customers: [
    { id: "c-1", name: "Jansen Warmte BV", customerNumber: "CUST-0001" },
    { id: "c-2", name: "Bakkerij Smit" },
  ],
  taxCodes: [{ id: "t-1", name: "VAT 21%" }],
  bankAccounts: [{ id: "b-1", iban: "NL91ABNA0417164300" }],
  billingItems: [{ id: "i-1", name: "Heat" }],
};

describe("data validation on the preview host", () => {
  let model: WorkbookModel;
  let sheet: SheetModel;
  const customer = templateColumnIndex("customerId");
  const customerName = templateColumnIndex("#customerName");

  beforeEach(async () => {
    model = new WorkbookModel(["Sheet1"]);
    g.Excel = createExcelNamespace(model);
    await insertTemplate(LOOKUPS);
    sheet = model.sheetByName("Invoices")!;
  });
  afterEach(() => {
    delete g.Excel;
  });

  it("lists the ids of the template's lists sheet in the drop-down", () => {
    const rule = model.cell(sheet, 1, customer)?.validation;
    expect(hasDropDown(rule)).toBe(true);
    expect(listEntries(model, sheet, rule)).toEqual(["c-1", "c-2"]);
    expect(model.sheetByName(LISTS_SHEET)!.visibility).toBe("Hidden");
    expect(listEntries(model, sheet, { list: { source: "red, green,blue" } })).toEqual([
      "red",
      "green",
      "blue",
    ]);
    expect(listEntries(model, sheet, { wholeNumber: {} })).toBeUndefined();
  });

  it("accepts an entry of the list (any case) and an empty cell", () => {
    expect(checkTypedInput(model, sheet, 1, customer, "C-2")).toEqual({ accept: true });
    expect(checkTypedInput(model, sheet, 1, customer, "")).toEqual({ accept: true });
  });

  it("refuses typed text outside the list with the rule's stop alert", () => {
    expect(checkTypedInput(model, sheet, 1, customer, "Jansen")).toEqual({
      accept: false,
      alert: {
        style: "Stop",
        title: "Customer not in the list",
        message: "Pick a customer id from the drop-down list.",
      },
    });
  });

  it("lets a warning alert's value through, and uses Excel's text when the rule has none", () => {
    const cell = model.mutableCell(sheet, 5, 0);
    cell.validation = { list: { source: "a,b" } };
    cell.validationAlert = { style: "Warning" };
    expect(checkTypedInput(model, sheet, 5, 0, "c")).toEqual({
      accept: true,
      alert: {
        style: "Warning",
        title: "Microsoft Excel",
        message: "This value doesn't match the data validation restrictions defined for this cell.",
      },
    });
  });

  it("reports dataValidation.valid and the alert through the API; add-in writes are not refused", async () => {
    const read = async () =>
      (g.Excel as typeof Excel).run(async (context) => {
        const cell = context.workbook.worksheets.getItem("Invoices").getCell(1, customer);
        cell.values = [["not an id"]];
        // A navigation property, not a loaded value: the rules cannot tell the two apart.
        // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
        const validation = cell.dataValidation;
        validation.load("valid,errorAlert");
        await context.sync();
        return { valid: validation.valid, title: validation.errorAlert.title };
      });
    await expect(read()).resolves.toEqual({ valid: false, title: "Customer not in the list" });
    expect(model.value(sheet, 1, customer)).toBe("not an id");
  });

  it("gives rows a table grows by the rules and the name formula of the row above", async () => {
    await (g.Excel as typeof Excel).run(async (context) => {
      context.workbook.tables.getItem("InvoiceLines").rows.add(undefined, undefined);
      await context.sync();
    });
    expect(model.cell(sheet, 2, customer)?.validation).toEqual(
      model.cell(sheet, 1, customer)?.validation
    );
    expect(model.cell(sheet, 2, customerName)?.formula).toBe("=BILLING.CUSTOMERNAME(B3)");
  });

  it("moves relative row references of a copied formula, not fixed rows or text", () => {
    expect(shiftRowReferences('=BILLING.TARIFF(A2,$B2,C$2,"D2",LOG10(E2))', 3)).toBe(
      '=BILLING.TARIFF(A5,$B5,C$2,"D2",LOG10(E5))'
    );
  });
});
