/**
 * The preview's fake Excel (preview/fake-excel, the one fake Excel of the project) as the `Excel`
 * global, for src/excel tests that work on the model directly (./book.ts builds sheets cell by cell).
 */
import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { profileById, requirementsOf, type HostId } from "../../../preview/hosts/profiles";

const g = globalThis as unknown as { Excel?: unknown; Office?: unknown };

/**
 * Installs a fresh workbook with the given sheets as the `Excel` global, answering as the host
 * profile `host` does (default Microsoft 365 current; preview/hosts/profiles.ts), with
 * `Office.context.requirements` and `platform` of that profile; `uninstallPreviewHost()` in afterEach.
 */
export function installPreviewHost(
  sheetNames: string[] = ["Sheet1"],
  host?: HostId
): WorkbookModel {
  const model = new WorkbookModel(sheetNames);
  const profile = profileById(host);
  g.Excel = createExcelNamespace(model, profile);
  // A test that set up its own `Office` (onReady, a theme) keeps it; only the host's facts change.
  const office = (g.Office ?? {}) as { context?: Record<string, unknown> };
  g.Office = {
    ...office,
    context: {
      ...office.context,
      requirements: requirementsOf(profile),
      platform: profile.platform,
    },
  };
  return model;
}

/** Removes the `Excel` and `Office` globals. */
export function uninstallPreviewHost(): void {
  delete g.Excel;
  delete g.Office;
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
