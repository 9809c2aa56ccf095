import {
  cellToNumber,
  dateCultureOf,
  planInvoices,
  type SheetCulture,
} from "../../../src/invoices";
import { TODAY, line, sheet } from "./fixtures";

/** Excel's cultureInfo of a Dutch workbook (nl-NL) and of an English one (en-US). */
const DUTCH: SheetCulture = {
  name: "nl-NL",
  number: { decimalSeparator: ",", groupSeparator: "." },
  date: dateCultureOf("d-M-yyyy"),
};
const ENGLISH: SheetCulture = {
  name: "en-US",
  number: { decimalSeparator: ".", groupSeparator: "," },
  date: dateCultureOf("M/d/yyyy"),
};

const plan = (extra: Record<string, string | number>, culture: SheetCulture) =>
  planInvoices({ ...sheet([line(extra)]), culture }, { today: TODAY });
const lineOf = (extra: Record<string, string | number>, culture: SheetCulture) =>
  plan(extra, culture).invoices[0]?.body.lines[0];
const problemsOf = (extra: Record<string, string | number>, culture: SheetCulture) =>
  plan(extra, culture).rowProblems.get(2) ?? [];

describe("numbers typed as text, read with the workbook's own separators", () => {
  it('reads "12,50" as 12.5 and "1.250,00" as 1250 in a Dutch workbook', () => {
    expect(lineOf({ quantity: "12,50", amountExclVAT: "1.250,00" }, DUTCH)).toMatchObject({
      quantity: 12.5,
      amountExclVAT: 1250,
    });
    expect(lineOf({ quantity: "0,5", unitPrice: "1.234.567,0825" }, DUTCH)).toMatchObject({
      quantity: 0.5,
      unitPrice: 1234567.0825,
    });
    // Thousands groups without a decimal part are certain once there are two of them.
    expect(cellToNumber("1.250.000", DUTCH.number)).toEqual({ ok: true, value: 1250000 });
    expect(cellToNumber("-0,5", DUTCH.number)).toEqual({ ok: true, value: -0.5 });
  });

  it('still refuses "12,50" in an English workbook, as before', () => {
    expect(problemsOf({ quantity: "12,50" }, ENGLISH)).toEqual([
      'quantity "12,50" in E2 contains a comma; write numbers with a dot for decimals and without thousands separators (for example 1234.5)',
    ]);
    expect(lineOf({ quantity: "12.50" }, ENGLISH)).toMatchObject({ quantity: 12.5 });
  });

  it("refuses an ambiguous text in a Dutch workbook, naming the cell and what to type", () => {
    expect(problemsOf({ quantity: "12.50" }, DUTCH)).toEqual([
      'quantity "12.50" in E2 uses "." as the decimal point, but this workbook writes decimals with ","; write 12,50',
    ]);
    expect(problemsOf({ quantity: "1,250" }, DUTCH)).toEqual([
      `quantity "1,250" in E2 is ambiguous: "," is this workbook's decimal separator, but 1,250 reads as thousands elsewhere; write 1,2500 for the decimal number, or 1250 for the whole number`,
    ]);
    expect(problemsOf({ quantity: "1.250" }, DUTCH)).toEqual([
      `quantity "1.250" in E2 is ambiguous: "." separates thousands in this workbook, but reads as a decimal point elsewhere; write 1250 without the separator (or 1.250,00)`,
    ]);
    expect(problemsOf({ quantity: "12,5,0" }, DUTCH)[0]).toBe(
      'quantity "12,5,0" in E2 is not a number (for example 1250,5 or 12,50)'
    );
    expect(problemsOf({ quantity: "1.25.0,00" }, DUTCH)).toHaveLength(1);
  });

  it("keeps money exact to the cent with Dutch text", () => {
    expect(lineOf({ amountExclVAT: "0,10" }, DUTCH)).toMatchObject({ amountExclVAT: 0.1 });
    expect(problemsOf({ amountExclVAT: "12,345" }, DUTCH)[0]).toMatch(/is ambiguous/);
    expect(problemsOf({ amountExclVAT: "12,3456" }, DUTCH)[0]).toMatch(/more than 2 decimals/);
  });

  it("reads a date typed as text in the workbook's order; ISO is always accepted", () => {
    const dutch = plan({ invoiceDate: "01-03-2026", startDateTime: "2026-02-01" }, DUTCH);
    expect(dutch.invoices[0]?.invoiceDate).toBe("2026-03-01T00:00:00+00:00");
    expect(dutch.invoices[0]?.body.lines[0]).toMatchObject({
      startDateTime: "2026-02-01T00:00:00+00:00",
    });
    expect(lineOf({ startDateTime: "1-2-2026" }, DUTCH)).toMatchObject({
      startDateTime: "2026-02-01T00:00:00+00:00",
    });
    const english = plan({ invoiceDate: "3/1/2026" }, ENGLISH);
    expect(english.invoices[0]?.invoiceDate).toBe("2026-03-01T00:00:00+00:00");
    expect(problemsOf({ invoiceDate: "31-02-2026" }, DUTCH)).toEqual([
      'invoiceDate "31-02-2026" in G2 is not a date the add-in can read; write it as 01-03-2026 (this workbook\'s order, nl-NL) or as an ISO date such as 2026-03-01, or enter it as an Excel date',
    ]);
    // Without the workbook's pattern, day/month text is refused as before.
    expect(problemsOf({ invoiceDate: "01-03-2026" }, {})[0]).toMatch(/write it as an ISO date/);
  });

  it("reads the short date patterns Excel reports", () => {
    expect(dateCultureOf("d-M-yyyy")).toEqual({ order: "dmy", separator: "-" });
    expect(dateCultureOf("M/d/yyyy")).toEqual({ order: "mdy", separator: "/" });
    expect(dateCultureOf("yyyy.MM.dd")).toEqual({ order: "ymd", separator: "." });
    expect(dateCultureOf("dddd, d MMMM yyyy")).toBeUndefined();
    expect(dateCultureOf(undefined)).toBeUndefined();
  });
});
