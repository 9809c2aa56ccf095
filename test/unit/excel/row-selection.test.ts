import { packBlocks, pickBodyRows, toRuns } from "../../../src/excel/row-selection";

const body = { rowIndex: 5, columnIndex: 2, rowCount: 10, columnCount: 4 }; // header at row index 4

describe("pickBodyRows", () => {
  it("picks each selected row once, ascending, leaving the header row out", () => {
    const areas = [
      { rowIndex: 8, columnIndex: 3, rowCount: 3, columnCount: 1 },
      { rowIndex: 4, columnIndex: 2, rowCount: 3, columnCount: 1 },
      { rowIndex: 9, columnIndex: 5, rowCount: 1, columnCount: 1 },
    ];
    expect(pickBodyRows(areas, 4, body)).toEqual([5, 6, 8, 9, 10]);
  });

  it("picks all body rows for a header-only selection", () => {
    expect(
      pickBodyRows([{ rowIndex: 4, columnIndex: 3, rowCount: 1, columnCount: 1 }], 4, body)
    ).toHaveLength(10);
  });

  it("refuses an area left of the block", () => {
    expect(() =>
      pickBodyRows([{ rowIndex: 6, columnIndex: 0, rowCount: 1, columnCount: 2 }], 4, body)
    ).toThrow(expect.objectContaining({ code: "outside-data" }));
  });
});

describe("toRuns and packBlocks", () => {
  it("cuts runs into blocks of at most the block size, keeping every row", () => {
    const runs = toRuns([1, 2, 3, 4, 5, 9, 10, 20]);
    expect(runs).toEqual([
      { start: 1, count: 5 },
      { start: 9, count: 2 },
      { start: 20, count: 1 },
    ]);
    expect(packBlocks(runs, 3)).toEqual([
      [{ start: 1, count: 3 }],
      [
        { start: 4, count: 2 },
        { start: 9, count: 1 },
      ],
      [
        { start: 10, count: 1 },
        { start: 20, count: 1 },
      ],
    ]);
  });
});
