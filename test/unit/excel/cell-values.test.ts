import { asTextCell, toCellValue } from "../../../src/excel/cell-values";
import { checkHeaderRow } from "../../../src/excel/header-check";
import { findResultColumns } from "../../../src/excel/result-columns";
import { uniqueSheetName, uniqueTableName } from "../../../src/excel/template-layout";
import { statusStyle } from "../../../src/excel/status-style";

describe("toCellValue", () => {
  it.each([
    ["", "Empty", null],
    ["#DIV/0!", "Error", "#DIV/0!"],
    [45306, "Double", 45306],
    [true, "Boolean", true],
    ["  text ", "String", "  text "],
    [{ type: "Entity" }, "RichValue", "[object Object]"],
  ])("%p of type %s becomes %p", (value, type, expected) => {
    expect(toCellValue(value, type)).toEqual(expected);
  });
});

describe("asTextCell", () => {
  it("prefixes an apostrophe only to text Excel would take for a formula", () => {
    expect(["=1+1", "+31 20", "-5", "@x", "plain", "a=b"].map(asTextCell)).toEqual([
      "'=1+1",
      "'+31 20",
      "'-5",
      "'@x",
      "plain",
      "a=b",
    ]);
  });
});

describe("checkHeaderRow", () => {
  const place = { rowNumber: 3, firstColumn: 1, isTable: false };
  it("returns trimmed names", () => {
    expect(checkHeaderRow([" a ", "b"], ["String", "String"], place)).toEqual(["a", "b"]);
  });
  it("takes a date-like or number-like text for data in a plain range but accepts it in a table", () => {
    expect(() => checkHeaderRow(["a", "2024-01-31"], ["String", "String"], place)).toThrow(/C3/);
    expect(
      checkHeaderRow(["a", "2024"], ["String", "String"], { ...place, isTable: true })
    ).toEqual(["a", "2024"]);
  });
});

describe("findResultColumns", () => {
  it("maps found columns to worksheet indexes and lists the rest in order", () => {
    expect(findResultColumns(["x", "MESSAGE", "invoiceid"], 10)).toEqual({
      found: { message: 11, invoiceId: 12 },
      missing: [
        "status",
        "invoiceNum",
        "externalReference",
        "totalAmountExclVAT",
        "totalAmountInclVAT",
      ],
    });
  });
});

describe("names and colours", () => {
  it("numbers sheet and table names past the taken ones", () => {
    expect(uniqueSheetName("Invoices", ["invoices", "Invoices (2)"])).toBe("Invoices (3)");
    expect(uniqueTableName("InvoiceLines", ["InvoiceLines"])).toBe("InvoiceLines2");
  });
  it("shows a status it does not know as neutral", () => {
    expect(statusStyle("weird")).toEqual(statusStyle("pending"));
  });
});
