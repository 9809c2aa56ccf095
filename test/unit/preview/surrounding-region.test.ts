/**
 * The preview host's current region (`getSurroundingRegion`, Ctrl+*), which reading a plain block
 * of invoice rows relies on: grown while any non-empty cell touches it, diagonals included.
 */
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";

function bookWith(cells: [number, number][]) {
  const book = new WorkbookModel(["Sheet1"]);
  const sheet = book.sheets[0];
  for (const [row, col] of cells) book.writeInput(sheet, row, col, "x");
  return { book, sheet };
}

const one = (row: number, col: number) => ({ row, col, rowCount: 1, colCount: 1 });

describe("WorkbookModel.surroundingRegion", () => {
  it("grows over touching cells, diagonals included, and stops at an empty row and column", () => {
    // B2:C3 block, D4 touching diagonally, F2 beyond an empty column, B6 beyond an empty row.
    const { book, sheet } = bookWith([
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
      [3, 3],
      [1, 5],
      [5, 1],
    ]);
    expect(book.surroundingRegion(sheet, one(1, 1))).toEqual({
      row: 1,
      col: 1,
      rowCount: 3,
      colCount: 3,
    });
  });

  it("returns a single empty cell with nothing around it unchanged", () => {
    const { book, sheet } = bookWith([[10, 10]]);
    expect(book.surroundingRegion(sheet, one(0, 0))).toEqual(one(0, 0));
  });

  it("finds a block of 10,000 rows from a cell in its middle, ignoring a cleared cell", () => {
    const cells: [number, number][] = [];
    for (let r = 0; r < 10_000; r++) for (let c = 0; c < 3; c++) cells.push([r, c]);
    const { book, sheet } = bookWith(cells);
    book.writeInput(sheet, 10_000, 0, "");
    expect(book.surroundingRegion(sheet, one(5_000, 1))).toEqual({
      row: 0,
      col: 0,
      rowCount: 10_000,
      colCount: 3,
    });
  });
});
