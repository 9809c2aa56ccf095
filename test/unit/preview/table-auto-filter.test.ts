/**
 * A table's AutoFilter on the preview host: rows are filtered by the values of a column, through
 * the API (`table.autoFilter`) as through the grid's filter buttons, and shown again when cleared.
 */
import { appendRunLog } from "../../../src/excel/run-log";
import { LOG_COLUMNS } from "../../../src/excel/run-log-rows";
import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";

const g = globalThis as unknown as { Excel?: unknown };
const CHANGED = { before: "", untouched: false, changes: ["created" as const] };

describe("table AutoFilter on the preview host", () => {
  let model: WorkbookModel;
  beforeEach(async () => {
    model = new WorkbookModel(["Invoices"]);
    g.Excel = createExcelNamespace(model);
    await appendRunLog({
      when: new Date(2026, 0, 2, 10, 0, 0),
      runId: "run-1",
      sheetName: "Invoices",
      results: [
        { ...CHANGED, key: "row:2", rowNumbers: [2], state: "approved", invoiceNum: "N-1" },
        { ...CHANGED, key: "row:3", rowNumbers: [3], state: "failed", message: "Refused" },
        { ...CHANGED, key: "row:4", rowNumbers: [4], state: "approved", invoiceNum: "N-2" },
      ],
    });
  });
  afterEach(() => {
    delete g.Excel;
  });

  const log = () => model.sheetByName("Billing log")!;
  const status = LOG_COLUMNS.indexOf("status");

  it("hides the rows whose value is not chosen, and reports the criteria", async () => {
    const read = await (g.Excel as typeof Excel).run(async (context) => {
      const filter = context.workbook.tables.getItem("BillingLog").autoFilter;
      filter.apply(undefined as unknown as Excel.Range, status, {
        filterOn: Excel.FilterOn.values,
        values: ["failed"],
      });
      filter.load("isDataFiltered,criteria");
      await context.sync();
      return { filtered: filter.isDataFiltered, criteria: filter.criteria[status] };
    });

    expect(read).toEqual({
      filtered: true,
      criteria: { filterOn: "Values", values: ["failed"] },
    });
    expect([...model.filteredRows(log())].sort()).toEqual([1, 3]);
  });

  it("shows every row again when the criteria are cleared", async () => {
    model.setTableFilter(model.tables[0], status, ["approved"]);
    expect([...model.filteredRows(log())]).toEqual([2]);

    await (g.Excel as typeof Excel).run(async (context) => {
      context.workbook.tables.getItem("BillingLog").autoFilter.clearCriteria();
      await context.sync();
    });
    expect(model.filteredRows(log()).size).toBe(0);
  });

  it("refuses criteria it cannot apply instead of filtering nothing", async () => {
    const apply = (g.Excel as typeof Excel).run(async (context) => {
      context.workbook.tables
        .getItem("BillingLog")
        .autoFilter.apply(undefined as unknown as Excel.Range, status, {
          filterOn: Excel.FilterOn.topItems,
          criterion1: "2",
        });
      await context.sync();
    });
    await expect(apply).rejects.toMatchObject({ code: "NotImplemented" });
  });
});
