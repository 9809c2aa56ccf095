import { insertTemplate } from "../../../src/excel/insert-template";
import { readSelection } from "../../../src/excel/read-selection";
import { LISTS_SHEET, TEMPLATE_COLUMNS } from "../../../src/excel/template-layout";
import { AFTER_APPROVAL_COLUMNS, RESULT_COLUMNS } from "../../../src/invoices/sheet-types";
import { Book, installExcel, rect } from "./book";

const lookups = {
  customers: [{ id: "cust-1", name: "Jansen Warmte BV", customerNumber: "CUST-0001" }],
  taxCodes: [
    { id: "tax-1", name: "VAT 21%" },
    { id: "tax-2", name: "=VAT 0%" },
  ],
  bankAccounts: [{ id: "bank-1", iban: "NL91ABNA0417164300", accountHolder: "Heat Co" }],
  billingItems: [] as { id: string; name: string }[],
};

const column = (name: string) => TEMPLATE_COLUMNS.findIndex((c) => c.name === name);

describe("insertTemplate", () => {
  it("adds an Invoices sheet with a table of the invoice columns and the result columns", async () => {
    const book = new Book();
    book.addSheet("Sheet1");
    installExcel(book);

    const result = await insertTemplate(lookups);

    expect(result).toEqual({ sheetName: "Invoices", tableName: "InvoiceLines" });
    const sheet = book.sheet("Invoices");
    const headers = TEMPLATE_COLUMNS.map((_, i) => sheet.valueAt(0, i));
    expect(headers.slice(0, 5)).toEqual([
      "invoiceRef",
      "customerId",
      "#customerName",
      "contractId",
      "contractNumber",
    ]);
    // The result columns, then what send and credit write, last.
    expect(headers.slice(-RESULT_COLUMNS.length - 3)).toEqual([
      ...RESULT_COLUMNS,
      "sent",
      "creditNoteNum",
      "creditNoteId",
    ]);
    expect([...AFTER_APPROVAL_COLUMNS]).toEqual(["sent", "creditNoteNum", "creditNoteId"]);
    expect(book.tables.map((t) => t.name)).toEqual(["InvoiceLines"]);
    expect(book.tables[0].rect).toEqual({
      row: 0,
      col: 0,
      rowCount: 2,
      colCount: TEMPLATE_COLUMNS.length,
    });
    expect(sheet.frozenRows).toBe(1);
    expect(book.syncs).toBe(2);
  });

  it("formats dates as dates, amounts with 2 decimals and result columns as text", async () => {
    const book = new Book();
    installExcel(book);

    await insertTemplate(lookups);

    const sheet = book.sheet("Invoices");
    expect(sheet.cell(1, column("invoiceDate"))!.numberFormat).toBe("yyyy-mm-dd");
    expect(sheet.cell(1, column("endDateTime"))!.numberFormat).toBe("yyyy-mm-dd");
    // Unit prices show every decimal they have (energy prices have four): 0.0825 is not 0.08.
    expect(sheet.cell(1, column("unitPrice"))!.numberFormat).toBe("#,##0.00####");
    expect(sheet.cell(1, column("message"))!.numberFormat).toBe("@");
  });

  it("fills the hidden lists sheet and points the id drop-downs at it", async () => {
    const book = new Book();
    installExcel(book);

    await insertTemplate(lookups);

    const lists = book.sheet(LISTS_SHEET);
    expect(lists.visibility).toBe("Hidden");
    expect([lists.valueAt(1, 0), lists.valueAt(1, 1), lists.valueAt(2, 1)]).toEqual([
      "tax-1",
      "VAT 21%",
      "=VAT 0%",
    ]);
    expect(lists.cell(2, 1)!.formula).toBeUndefined();
    expect(lists.valueAt(1, 4)).toBe("NL91ABNA0417164300 (Heat Co)");
    const sheet = book.sheet("Invoices");
    expect(sheet.cell(1, column("taxCodeId"))!.validation).toEqual({
      list: { inCellDropDown: true, source: "='Billing lists'!$A$2:$A$3" },
    });
    expect(sheet.cell(1, column("companyBankAccountId"))!.validation).toEqual({
      list: { inCellDropDown: true, source: "='Billing lists'!$D$2:$D$2" },
    });
    expect(sheet.cell(1, column("customerId"))!.validation).toEqual({
      list: { inCellDropDown: true, source: "='Billing lists'!$J$2:$J$2" },
    });
    expect(lists.valueAt(1, 10)).toBe("Jansen Warmte BV (CUST-0001)");
    // No billing items: no drop-down rather than one pointing at an empty list.
    expect(sheet.cell(1, column("billingItemId"))?.validation).toBeUndefined();
  });

  it("shows the name beside an id in a # column that reading leaves out", async () => {
    const book = new Book();
    installExcel(book);
    await insertTemplate(lookups);
    const sheet = book.sheet("Invoices");

    expect(sheet.cell(1, column("#taxCodeName"))!.formula).toBe("=BILLING.TAXCODENAME(J2)");
    expect(sheet.cell(1, column("#customerName"))!.formula).toBe("=BILLING.CUSTOMERNAME(B2)");
    expect(sheet.cell(1, column("#bankAccountName"))!.formula).toBe("=BILLING.BANKACCOUNTNAME(F2)");
    expect(sheet.cell(1, column("#billingItemName"))!.formula).toBe("=BILLING.BILLINGITEMNAME(L2)");
    sheet.put(1, column("customerId"), [["cust-1"]]);
    sheet.put(1, column("#taxCodeName"), [[{ value: "VAT 21%", formula: "=…" }]]);
    book.select(sheet, rect(1, 0));
    const read = await readSelection();
    expect(read.snapshot.headers.some((h) => h.startsWith("#"))).toBe(false);
    expect(read.snapshot.headers).toHaveLength(TEMPLATE_COLUMNS.length - 4);
  });

  it("picks the next free sheet and table names and refreshes the existing lists sheet", async () => {
    const book = new Book();
    installExcel(book);

    await insertTemplate(lookups);
    const second = await insertTemplate({ ...lookups, taxCodes: [{ id: "tax-9", name: "Low" }] });

    expect(second).toEqual({ sheetName: "Invoices (2)", tableName: "InvoiceLines2" });
    const lists = book.sheet(LISTS_SHEET);
    expect(book.sheets.filter((s) => s.name === LISTS_SHEET)).toHaveLength(1);
    expect(lists.valueAt(1, 0)).toBe("tax-9");
    expect(lists.valueAt(2, 0)).toBeUndefined();
  });
});
