import { rowAddresses } from "../../../src/excel/select-rows";

describe("rowAddresses", () => {
  it("joins consecutive 1-based rows into one Excel row range", () => {
    expect(rowAddresses([3, 2, 4])).toEqual(["2:4"]);
  });

  it("keeps separate runs apart and drops repeats", () => {
    expect(rowAddresses([2, 5, 3, 5, 9])).toEqual(["2:3", "5:5", "9:9"]);
  });

  it("gives nothing for no rows", () => {
    expect(rowAddresses([])).toEqual([]);
  });
});
