/**
 * The preview's fake Excel (preview/fake-excel) as the `Excel` global, for src/excel tests that
 * need more of the API than ./fake-excel.ts models (tables growing, getRanges, data validation).
 */
import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";

const g = globalThis as unknown as { Excel?: unknown };

/** Installs a fresh workbook with the given sheets; `uninstall()` in afterEach. */
export function installPreviewHost(sheetNames: string[] = ["Sheet1"]): WorkbookModel {
  const model = new WorkbookModel(sheetNames);
  g.Excel = createExcelNamespace(model);
  return model;
}

/** Removes the `Excel` global. */
export function uninstallPreviewHost(): void {
  delete g.Excel;
}

/** The demo lookups the template and example rows are built from (ids shaped as the service's). */
export const LOOKUPS = {
  customers: [
    { id: "0a000000-0000-4000-8000-000000000001", name: "Jansen Warmte BV", customerNumber: "C-1" },
    { id: "0a000000-0000-4000-8000-000000000002", name: "Bakkerij Smit" },
  ],
  taxCodes: [
    { id: "0b000000-0000-4000-8000-000000000001", name: "VAT 21%" },
    { id: "0b000000-0000-4000-8000-000000000002", name: "VAT 9%" },
  ],
  bankAccounts: [
    { id: "0c000000-0000-4000-8000-000000000001", iban: "NL20INGB0001234567" },
    { id: "0c000000-0000-4000-8000-000000000002", iban: "NL91ABNA0417164300", isDefault: true },
  ],
  billingItems: [{ id: "0d000000-0000-4000-8000-000000000001", name: "Heat" }],
};
