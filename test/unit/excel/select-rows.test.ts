import { ensureResultColumns } from "../../../src/excel/ensure-result-columns";
import {
  MAX_SELECTED_AREAS,
  revealResults,
  rowAreasAddress,
  selectInvoiceRows,
  selectProblemCell,
} from "../../../src/excel/select-rows";
import type { SheetTarget } from "../../../src/excel/sheet-target";
import type { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import type { HostId } from "../../../preview/hosts/profiles";
import { installPreviewHost, uninstallPreviewHost } from "./preview-host";

describe("rowAreasAddress", () => {
  it("gives one area per run of rows, sorted and once each", () => {
    expect(rowAreasAddress([7, 3, 2, 4, 3], 22, 22)).toBe("W2:W4,W7:W7");
    expect(rowAreasAddress([5], 0, 27)).toBe("A5:AB5");
  });

  it("stops at the most areas one selection gets", () => {
    const everyOther = Array.from({ length: 200 }, (_, i) => 2 + 2 * i);
    expect(rowAreasAddress(everyOther, 0, 0).split(",")).toHaveLength(MAX_SELECTED_AREAS);
  });
});

/** Sheet "Invoices" (a header and six rows) and sheet "Other", active, under the host profile. */
function invoiceSheet(host: HostId): WorkbookModel {
  const model = installPreviewHost(["Invoices", "Other"], host);
  const sheet = model.sheetByName("Invoices")!;
  const rows = [
    ["customerId", "taxCodeId", "amount"],
    ...Array.from({ length: 6 }, () => ["c", "t", 1]),
  ];
  rows.forEach((line, r) => line.forEach((v, c) => model.writeInput(sheet, r, c, v)));
  model.activate(model.sheetByName("Other")!);
  return model;
}

describe("revealResults and selectInvoiceRows", () => {
  let model: WorkbookModel;
  const target: SheetTarget = { sheetName: "Invoices", headerRowNumber: 1, firstColumn: 0 };

  beforeEach(() => {
    model = invoiceSheet("m365-windows");
  });
  afterEach(uninstallPreviewHost);

  it("selects the invoiceNum cells of the run's rows on the run's sheet, so they scroll into view", async () => {
    const columns = await ensureResultColumns(target);
    await revealResults(target, [2, 3, 6], columns);

    expect(model.activeSheet.name).toBe("Invoices");
    expect(model.selection.areas).toEqual([
      { row: 1, col: columns.invoiceNum, rowCount: 2, colCount: 1 },
      { row: 5, col: columns.invoiceNum, rowCount: 1, colCount: 1 },
    ]);
    expect(model.selection.active).toEqual({ row: 1, col: columns.invoiceNum });
  });

  it("selects an invoice's rows across the header's width", async () => {
    await selectInvoiceRows(target, [4, 5]);

    expect(model.activeSheet.name).toBe("Invoices");
    expect(model.selection.areas).toEqual([{ row: 3, col: 0, rowCount: 2, colCount: 3 }]);
  });

  it("selects the cell a problem names (a pane link, and the first problem after Check)", async () => {
    const read = {
      ...target,
      snapshot: { headers: ["customerId", "taxCodeId", "amount"], rows: [] },
    };
    await selectProblemCell(read, 5, ["taxCodeId 0bad… in B5 is not known to the billing service"]);

    expect(model.activeSheet.name).toBe("Invoices");
    expect(model.selection.areas).toEqual([{ row: 4, col: 1, rowCount: 1, colCount: 1 }]);

    // A problem naming no column selects the row's first cell.
    await selectProblemCell(read, 6, ['Not sent: row 5 of invoice "A" has a problem.']);
    expect(model.selection.areas).toEqual([{ row: 5, col: 0, rowCount: 1, colCount: 1 }]);
  });
});

describe.each(["excel-2021", "office-ltsc-2024"] as const)(
  "revealResults in %s (no RangeAreas.select, ExcelApi 1.18)",
  (host) => {
    let model: WorkbookModel;
    const target: SheetTarget = { sheetName: "Invoices", headerRowNumber: 1, firstColumn: 0 };
    beforeEach(() => {
      model = invoiceSheet(host);
    });
    afterEach(uninstallPreviewHost);

    it("selects the first area instead of failing, so the results still scroll into view", async () => {
      const columns = await ensureResultColumns(target);
      await revealResults(target, [2, 3, 6], columns);
      expect(model.activeSheet.name).toBe("Invoices");
      expect(model.selection.areas).toEqual([
        { row: 1, col: columns.invoiceNum, rowCount: 2, colCount: 1 },
      ]);
    });

    it("selects an invoice's first run of rows when its rows are apart", async () => {
      await selectInvoiceRows(target, [2, 5]);
      expect(model.selection.areas).toEqual([{ row: 1, col: 0, rowCount: 1, colCount: 3 }]);
    });
  }
);
