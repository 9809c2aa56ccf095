import { ensureResultColumns } from "../../../src/excel/ensure-result-columns";
import { highlightRows } from "../../../src/excel/highlight-rows";
import { STATUS_STYLES } from "../../../src/excel/status-style";
import type { SheetTarget } from "../../../src/excel/sheet-target";
import { installExcel } from "./book";
import { HEADERS, plainSheet } from "./fixtures";

const target: SheetTarget = { sheetName: "Lines", headerRowNumber: 1, firstColumn: 0 };
const STATUS = HEADERS.length + 1;
const MESSAGE = HEADERS.length + 3;

describe("highlightRows (Check)", () => {
  it("marks rows with problems invalid, in red, with their reasons in message", async () => {
    const { book, sheet } = plainSheet(4);
    installExcel(book);

    await highlightRows(
      target,
      [2, 3, 4, 5],
      new Map([[3, ["taxCodeId is missing", "quantity is not a number"]]])
    );

    expect(sheet.cell(2, STATUS)).toMatchObject({
      value: "invalid",
      fill: STATUS_STYLES.invalid.fill,
    });
    expect(sheet.valueAt(2, MESSAGE)).toBe("taxCodeId is missing; quantity is not a number");
    expect(sheet.valueAt(1, STATUS)).toBeUndefined();
  });

  it("clears an earlier invalid mark on a fixed row but leaves other statuses alone", async () => {
    const { book, sheet } = plainSheet(3);
    installExcel(book);
    await highlightRows(
      target,
      [2, 3],
      new Map([
        [2, ["bad"]],
        [3, ["bad"]],
      ])
    );
    sheet.put(2, STATUS, [[{ value: "approved", fill: STATUS_STYLES.approved.fill }]]);

    const columns = await ensureResultColumns(target);
    const before = book.syncs;
    await highlightRows(target, [2, 3, 4], new Map(), columns);

    expect(book.syncs - before).toBe(2); // read the statuses, write the marks
    expect(sheet.valueAt(1, STATUS)).toBe("");
    expect(sheet.cell(1, STATUS)!.fill).toBeUndefined();
    expect(sheet.valueAt(1, MESSAGE)).toBe("");
    expect(sheet.valueAt(2, STATUS)).toBe("approved");
  });

  it("clears a fixed row's old failure when the service refused its create, not one it holds", async () => {
    const { book, sheet } = plainSheet(3);
    installExcel(book);
    const columns = await ensureResultColumns(target);
    const ID = HEADERS.length; // invoiceId comes first of the result columns
    sheet.put(1, STATUS, [[{ value: "failed", fill: STATUS_STYLES.failed.fill }]]);
    sheet.put(1, MESSAGE, [[{ value: "The billing service refused to create the invoice." }]]);
    sheet.put(2, STATUS, [[{ value: "failed", fill: STATUS_STYLES.failed.fill }]]);
    sheet.put(2, ID, [[{ value: "77777777-7777-4777-8777-777777777777" }]]);
    sheet.put(2, MESSAGE, [[{ value: "The billing service reported a problem." }]]);

    await highlightRows(target, [2, 3], new Map(), columns);

    expect(sheet.valueAt(1, STATUS)).toBe("");
    expect(sheet.valueAt(1, MESSAGE)).toBe("");
    expect(sheet.cell(1, STATUS)!.fill).toBeUndefined();
    // The invoice exists in the service with its problem: its verdict stays until a run reads it.
    expect(sheet.valueAt(2, STATUS)).toBe("failed");
    expect(sheet.valueAt(2, MESSAGE)).toBe("The billing service reported a problem.");
  });
});
