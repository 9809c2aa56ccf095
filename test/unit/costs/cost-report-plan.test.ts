import { planCostReport, type CostLine } from "../../../src/costs";

const line = (extra: Partial<CostLine>): CostLine => ({
  productId: "p1",
  productName: "Heating",
  billingItemId: "b1",
  name: "Standing charge",
  kind: "fixed",
  tariff: "0.1",
  source: "generic",
  validFrom: "2026-01-01T00:00:00Z",
  validTo: null,
  ...extra,
});

describe("planCostReport: the rows of the cost report sheet", () => {
  it("puts the contract on every line and sums fixed costs exactly, rounded to the cent once", () => {
    const plan = planCostReport([
      {
        contractId: "c1",
        contractNumber: "C-1001",
        lines: [
          line({ billingItemId: "b1", tariff: "0.1" }),
          line({ billingItemId: "b2", tariff: "0.2" }),
          line({ billingItemId: "b3", tariff: "0.0051" }),
          line({ billingItemId: "b4", kind: "variable", tariff: "40.125", unit: "gj" }),
        ],
      },
    ]);
    expect(plan.rows).toHaveLength(4);
    expect(plan.rows.every((r) => r[0] === "c1" && r[1] === "C-1001")).toBe(true);
    expect(plan.rows[3][8]).toBe(40.125);
    // 0.1 + 0.2 + 0.0051 = 0.3051 exactly → 0.31 (a float sum would give 0.30510000000000004).
    expect(plan.chartRows).toEqual([["C-1001 · Heating", 0.31, 40.125, ""]]);
    expect(plan.problems).toBe(0);
  });

  it("shows a contract that could not be read on its own row, with the reason, and no bar", () => {
    const plan = planCostReport([
      { contractId: "gone", error: "Contract gone was not found." },
      { contractId: "c2", lines: [line({})] },
    ]);
    expect(plan.rows[0]).toEqual([
      "gone",
      "",
      "",
      "",
      "",
      "",
      "error",
      "",
      "",
      "",
      "",
      "",
      "Contract gone was not found.",
    ]);
    expect(plan.chartRows.map((r) => r[0])).toEqual(["c2 · Heating"]);
    expect(plan.problems).toBe(1);
  });

  it("gives no fixed total for a product with an unpriced fixed line, and says why", () => {
    const plan = planCostReport([
      {
        contractId: "c3",
        lines: [
          line({ tariff: "12" }),
          line({
            billingItemId: "b2",
            tariff: undefined,
            problem: "no-tariff",
            reason: "no tariff on 2026-06-15",
          }),
          line({ billingItemId: "b3", kind: "variable", tariff: "0.0825" }),
        ],
      },
    ]);
    expect(plan.chartRows).toEqual([
      ["c3 · Heating", "", 0.0825, "fixed not priced: no tariff on 2026-06-15"],
    ]);
    expect(plan.problems).toBe(1);
  });
});
