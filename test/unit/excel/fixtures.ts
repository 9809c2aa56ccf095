/** Invoice sheets for the src/excel tests, built in a {@link Book} on the preview's fake Excel. */
import { Book, rect, type CellInput, type Sheet, type Scalar } from "./book";

export const HEADERS = [
  "invoiceRef",
  "customerId",
  "taxCodeId",
  "description",
  "quantity",
  "invoiceDate",
];

/** Row i (0-based) of the demo lines: plain values, with a date serial. */
export function demoRow(i: number): Scalar[] {
  return [`INV-${Math.floor(i / 2)}`, `cust-${i}`, "tax-21", `Line ${i}`, i + 1, 45292 + i];
}

/** A sheet "Lines" with the header at (top, left) and `count` demo rows below it. */
export function plainSheet(
  count: number,
  options: { top?: number; left?: number; headers?: (CellInput | null)[] } = {}
): { book: Book; sheet: Sheet; top: number; left: number } {
  const book = new Book();
  const sheet = book.addSheet("Lines");
  const top = options.top ?? 0;
  const left = options.left ?? 0;
  sheet.put(top, left, [
    options.headers ?? HEADERS,
    ...Array.from({ length: count }, (_, i) => demoRow(i)),
  ]);
  return { book, sheet, top, left };
}

/** Like {@link plainSheet}, with the header and rows made an Excel table "Lines1". */
export function tableSheet(count: number, options: { top?: number; left?: number } = {}) {
  const made = plainSheet(count, options);
  const table = made.book.addTable(
    "Lines1",
    made.sheet,
    rect(made.top, made.left, count + 1, HEADERS.length)
  );
  return { ...made, table };
}
