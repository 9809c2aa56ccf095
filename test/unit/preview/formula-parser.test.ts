import { FormulaSyntaxError, parseFormula } from "../../../preview/formula-parser";

describe("preview formula parser", () => {
  it("reads a namespaced call with text, number, boolean, reference, range and omitted arguments", () => {
    expect(parseFormula('=billing.Tariff("a ""q"" b", 1.5, TRUE, $B$2, A1:C3, )')).toEqual({
      namespace: "BILLING",
      name: "TARIFF",
      args: [
        { kind: "string", value: 'a "q" b' },
        { kind: "number", value: 1.5 },
        { kind: "boolean", value: true },
        { kind: "reference", rect: { row: 1, col: 1, rowCount: 1, colCount: 1 }, text: "$B$2" },
        { kind: "reference", rect: { row: 0, col: 0, rowCount: 3, colCount: 3 }, text: "A1:C3" },
        { kind: "omitted" },
      ],
    });
  });

  it("keeps commas inside text arguments", () => {
    expect(parseFormula('=BILLING.CUSTOMERID("Mulder, Zonen")').args).toEqual([
      { kind: "string", value: "Mulder, Zonen" },
    ]);
  });

  it("refuses formulas it cannot evaluate", () => {
    expect(() => parseFormula("=SUM(A1:A3)")).toThrow(FormulaSyntaxError);
    expect(() => parseFormula('=BILLING.X("open')).toThrow(FormulaSyntaxError);
    expect(() => parseFormula("=BILLING.X(1+2)")).toThrow(FormulaSyntaxError);
  });
});
