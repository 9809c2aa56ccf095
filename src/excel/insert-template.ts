import { t } from "../i18n";
import { asTextCell } from "./cell-values";
import {
  LIST_COLUMNS,
  LISTS_SHEET,
  TEMPLATE_COLUMNS,
  listRows,
  listSource,
  nameFormula,
  templateColumnIndex,
  uniqueSheetName,
  uniqueTableName,
  type LookupKind,
  type TemplateLookups,
} from "./template-layout";

export type { TemplateLookups } from "./template-layout";

/** The list's id and name headers (the same in every language: the run reads them by name). */
const LIST_TITLES: Record<LookupKind, [string, string]> = {
  customers: ["customerId", "customerName"],
  taxCodes: ["taxCodeId", "taxCodeName"],
  bankAccounts: ["bankAccountId", "bankAccountName"],
  billingItems: ["billingItemId", "billingItemName"],
};

/** What a list holds, in the pane's language ("Customer", "Klant"). */
const LIST_WHAT = {
  customers: "template.list.customers",
  taxCodes: "template.list.taxCodes",
  bankAccounts: "template.list.bankAccounts",
  billingItems: "template.list.billingItems",
} as const satisfies Record<LookupKind, string>;

/**
 * Adds a new sheet "Invoices" ("Facturen" in Dutch; or "Invoices (2)", …) with an empty invoice table: the columns the
 * invoice run reads, drop-down lists of customers, bank accounts, tax codes and billing items, the
 * name of the chosen id shown beside it by a BILLING name function (columns starting with "#", which
 * are not sent), and the result columns.
 *
 * Name visible, id stored: an Excel list validation writes exactly the entry picked, so the entries
 * are the ids (what the run must send) and the name appears in the `#…Name` cell beside the id as
 * soon as it is picked. The lists live on the hidden sheet "Billing lists" (ids, and the names
 * beside them), refreshed on every insert; a typed id that is not in the list is refused by the
 * list's stop alert, its prompt and alert in the pane's language. Two syncs.
 */
export async function insertTemplate(
  lookups: TemplateLookups
): Promise<{ sheetName: string; tableName: string }> {
  return await Excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    const tables = context.workbook.tables;
    tables.load("items/name");
    await context.sync();

    const sheetNames = sheets.items.map((s) => s.name);
    const existingLists = sheets.items.find(
      (s) => s.name.toLowerCase() === LISTS_SHEET.toLowerCase()
    );
    const lists = existingLists ?? sheets.add(LISTS_SHEET);
    if (existingLists) lists.getRange().clear();
    const rows = listRows(lookups);
    for (const kind of Object.keys(LIST_COLUMNS) as LookupKind[]) {
      const [idTitle, nameTitle] = LIST_TITLES[kind];
      const block = lists.getRangeByIndexes(0, LIST_COLUMNS[kind], rows[kind].length + 1, 2);
      block.numberFormat = [["@", "@"], ...rows[kind].map(() => ["@", "@"])];
      block.values = [
        [idTitle, nameTitle],
        ...rows[kind].map(([id, name]) => [asTextCell(id), asTextCell(name)]),
      ];
    }
    lists.visibility = "Hidden";

    const sheetName = uniqueSheetName(t("template.sheet"), sheetNames);
    const tableName = uniqueTableName(
      "InvoiceLines",
      tables.items.map((t) => t.name)
    );
    const sheet = sheets.add(sheetName);
    const width = TEMPLATE_COLUMNS.length;
    const table = sheet.tables.add(sheet.getRangeByIndexes(0, 0, 2, width), true);
    table.name = tableName;
    table.getHeaderRowRange().values = [TEMPLATE_COLUMNS.map((c) => c.name)];

    TEMPLATE_COLUMNS.forEach((column, i) => {
      const cell = sheet.getRangeByIndexes(1, i, 1, 1);
      cell.numberFormat = [[column.format]];
      if (column.nameOf && column.nameFrom) {
        cell.formulas = [[nameFormula(column.nameFrom, templateColumnIndex(column.nameOf), 2)]];
        cell.format.font.color = "#595959";
      }
      if (column.lookup && rows[column.lookup].length > 0) {
        const title = t(LIST_WHAT[column.lookup]);
        cell.dataValidation.rule = {
          list: {
            inCellDropDown: true,
            source: listSource(column.lookup, rows[column.lookup].length),
          },
        };
        cell.dataValidation.errorAlert = {
          showAlert: true,
          style: "Stop",
          title: t("template.list.notInList", { what: title }),
          message: t("template.list.pickId", { what: title.toLowerCase() }),
        };
        cell.dataValidation.prompt = {
          showPrompt: true,
          title: title,
          message: t("template.list.prompt", { column: LIST_TITLES[column.lookup][1] }),
        };
      }
    });
    sheet.freezePanes.freezeRows(1);
    table.getRange().format.autofitColumns();
    sheet.activate();
    await context.sync();
    return { sheetName, tableName };
  });
}
