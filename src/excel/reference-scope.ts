import type { SheetTarget } from "./sheet-target";

/**
 * What the references of a block's invoices are derived within (RunOptions.referenceScope): the
 * workbook's name and the sheet's. Co-authors of one workbook, and a run after an undo, name the
 * same; a copy of the workbook saved under another name for next month derives new references.
 * One sync.
 */
export async function referenceScopeOf(target: SheetTarget): Promise<string> {
  return await Excel.run(async (context) => {
    const workbook = context.workbook;
    workbook.load("name");
    await context.sync();
    return `${workbook.name}/${target.sheetName}`;
  });
}
