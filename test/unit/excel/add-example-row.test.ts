import { addExampleRow } from "../../../src/excel/add-example-row";
import { EXAMPLE_LINE, exampleRow } from "../../../src/excel/example-row";
import { insertTemplate } from "../../../src/excel/insert-template";
import { readSelection } from "../../../src/excel/read-selection";
import { templateColumnIndex } from "../../../src/excel/template-layout";
import type { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { planInvoices } from "../../../src/invoices";
import { LOOKUPS, installPreviewHost, uninstallPreviewHost } from "./preview-host";

describe("exampleRow", () => {
  it("takes the first customer, tax code and billing item and the default bank account", () => {
    expect(exampleRow(LOOKUPS)).toEqual({
      customerId: LOOKUPS.customers[0].id,
      companyBankAccountId: LOOKUPS.bankAccounts[1].id,
      taxCodeId: LOOKUPS.taxCodes[0].id,
      billingItemId: LOOKUPS.billingItems[0].id,
      ...EXAMPLE_LINE,
    });
  });

  it("says what the service lacks when no example can be made", () => {
    expect(() => exampleRow({ ...LOOKUPS, customers: [], taxCodes: [] })).toThrow(
      "The billing service lists no customer, no tax code, so no example row can be made."
    );
  });
});

describe("addExampleRow on the template", () => {
  let model: WorkbookModel;
  beforeEach(async () => {
    model = installPreviewHost();
    await insertTemplate(LOOKUPS);
  });
  afterEach(uninstallPreviewHost);

  it("fills the first empty row and selects it, and Check finds one valid invoice", async () => {
    const place = await addExampleRow(exampleRow(LOOKUPS));

    expect(place).toEqual({ sheetName: "Invoices", tableName: "InvoiceLines", rowNumber: 2 });
    const sheet = model.sheetByName("Invoices")!;
    expect(model.value(sheet, 1, templateColumnIndex("customerId"))).toBe(LOOKUPS.customers[0].id);
    expect(model.cell(sheet, 1, templateColumnIndex("#customerName"))?.formula).toBe(
      "=BILLING.CUSTOMERNAME(B2)"
    );
    expect(model.selection.areas).toEqual([
      { row: 1, col: 0, rowCount: 1, colCount: model.tables[0].rect.colCount },
    ]);
    const read = await readSelection();
    const plan = planInvoices(read.snapshot, { today: new Date("2026-01-15T12:00:00Z") });
    expect(plan.rowProblems.size).toBe(0);
    expect(plan.counts).toMatchObject({ invoices: 1, lines: 1, rowsWithProblems: 0 });
    expect(plan.invoices[0].body).toMatchObject({
      customerId: LOOKUPS.customers[0].id,
      companyBankAccountId: LOOKUPS.bankAccounts[1].id,
    });
  });

  it("adds a row at the end of the table when every row is in use, with its name formulas", async () => {
    await addExampleRow(exampleRow(LOOKUPS));
    const second = await addExampleRow(exampleRow(LOOKUPS));

    expect(second.rowNumber).toBe(3);
    const sheet = model.sheetByName("Invoices")!;
    expect(model.tables[0].rect.rowCount).toBe(3);
    expect(model.value(sheet, 2, templateColumnIndex("taxCodeId"))).toBe(LOOKUPS.taxCodes[0].id);
    expect(model.cell(sheet, 2, templateColumnIndex("#taxCodeName"))?.formula).toBe(
      "=BILLING.TAXCODENAME(J3)"
    );
  });

  it("asks for the template when the active sheet has no invoice table", async () => {
    model.activate(model.sheetByName("Sheet1")!);
    await expect(addExampleRow(exampleRow(LOOKUPS))).rejects.toThrow(
      'The sheet "Sheet1" has no invoice table. Press Insert template first, or go to the sheet with your invoice table.'
    );
  });
});
