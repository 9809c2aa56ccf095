import type { SheetTarget } from "./sheet-target";

/**
 * The custom document property that names the workbook to the add-in: a random id written into
 * the file the first time a run needs it, and read from then on.
 */
export const WORKBOOK_ID_PROPERTY = "BillingForExcel.WorkbookId";

/** A workbook id as written: a UUID. */
const WORKBOOK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the references of a block's invoices are derived within (RunOptions.referenceScope): the
 * workbook's own id and the sheet's name — not the workbook's name, which another person's
 * `Book1` or the company's `Invoices.xlsx` template repeat. The id lives in the file (a custom
 * document property, ExcelApi 1.7, as `Workbook.name`), so co-authors of one file and a run after
 * an undo derive the same references; another new workbook gets another id at its first run. A
 * copy of a file that already ran carries its id: its repeats are told apart by when the invoice
 * was made (docs/controllers/taskpane.md, "Which invoice a row is"). One or two syncs.
 */
export async function referenceScopeOf(target: SheetTarget): Promise<string> {
  return await Excel.run(async (context) => {
    const custom = context.workbook.properties.custom;
    const known = custom.getItemOrNullObject(WORKBOOK_ID_PROPERTY);
    known.load("value");
    await context.sync();
    let id = known.isNullObject ? "" : String(known.value ?? "").trim();
    if (!WORKBOOK_ID.test(id)) {
      id = globalThis.crypto.randomUUID();
      custom.add(WORKBOOK_ID_PROPERTY, id);
      await context.sync();
    }
    return `workbook:${id.toLowerCase()}/${target.sheetName}`;
  });
}
