import { blockRowCount, BYTES_PER_CELL, MAX_BLOCK_ROWS } from "../../../src/excel/block-size";
import { readSelection } from "../../../src/excel/read-selection";
import { installExcel, rect } from "./book";
import { HEADERS, tableSheet } from "./fixtures";

/** Half of Excel on the web's 5 MB payload limit: what one read block may estimate at most. */
const HALF_OF_EXCEL_LIMIT = 2_500_000;

/** Setup syncs of readSelection: the selection, then the table or region with its header. */
const SETUP_SYNCS = 2;

describe("readSelection of a large selection", () => {
  it("reads in blocks of blockRowCount rows, one sync per block, every row once", async () => {
    const rows = 12_345;
    const { book, sheet } = tableSheet(rows);
    book.select(sheet, rect(1, 0, rows, 1));
    installExcel(book);

    const read = await readSelection();

    const blockSize = blockRowCount(HEADERS.length);
    expect(read.snapshot.rows).toHaveLength(rows);
    expect(read.snapshot.rows[rows - 1].rowNumber).toBe(rows + 1);
    expect(book.syncs).toBe(SETUP_SYNCS + Math.ceil(rows / blockSize));
    const biggest = Math.max(...book.syncLog.map((s) => s.cellsRead));
    // values + valueTypes: two properties per cell, which BYTES_PER_CELL covers together
    expect(biggest).toBe(2 * blockSize * HEADERS.length);
    expect((biggest / 2) * BYTES_PER_CELL).toBeLessThanOrEqual(HALF_OF_EXCEL_LIMIT);
  });

  it("packs the rows of several small areas into one block", async () => {
    const { book, sheet } = tableSheet(100);
    book.select(sheet, rect(1, 0, 10, 1), rect(50, 0, 10, 1), rect(90, 2, 5, 1));
    installExcel(book);

    const read = await readSelection();

    expect(read.snapshot.rows).toHaveLength(25);
    expect(book.syncs).toBe(SETUP_SYNCS + 1);
  });
});

describe("blockRowCount", () => {
  it("keeps a block near half of the 5 MB limit and between 1 and 5,000 rows", () => {
    expect(blockRowCount(25)).toBe(1000);
    expect(blockRowCount(1)).toBe(MAX_BLOCK_ROWS);
    expect(blockRowCount(0)).toBe(MAX_BLOCK_ROWS);
    expect(blockRowCount(16_384)).toBe(1);
  });
});
