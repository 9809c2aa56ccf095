import Big from "big.js";
import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { get, invoiceBody, post, startSimulator } from "./helpers";

describe("the service's own amounts: computed from the lines with each tax code's rate, exact to the cent", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  async function create(lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
    const a = await post(sim, "/api/bill/Invoices", { ...invoiceBody(extra), lines });
    expect(a.status).toBe(200);
    return a.body.data;
  }

  it("rounds each line half-up to the cent and sums the rounded lines", async () => {
    const inv = await create([
      // 3 × 0.1 = 0.3 exactly (no float drift); 21 % → 0.063 → 0.06
      { taxCodeId: DEMO.taxCodes.vat21, quantity: 3, unitPrice: 0.1, description: "a" },
      // 0.005 VAT tie: 0.50 × 1 at 21 % = 0.105 → 0.11 (half-up)
      { taxCodeId: DEMO.taxCodes.vat21, quantity: 1, unitPrice: 0.5, description: "b" },
      // 9 % in 2026; amount given directly
      {
        taxCodeId: DEMO.taxCodes.vat9,
        amountExclVAT: 1234.565,
        description: "c",
        startDateTime: "2026-03-01T00:00:00Z",
        endDateTime: "2026-04-01T00:00:00Z",
      },
      // 9 % code before 2019 was 6 %
      {
        taxCodeId: DEMO.taxCodes.vat9,
        quantity: 2,
        unitPrice: 10,
        description: "d",
        startDateTime: "2018-03-01T00:00:00Z",
        endDateTime: "2018-04-01T00:00:00Z",
      },
      // only the amount incl. VAT: excl. = 121 / 1.21 = 100
      { taxCodeId: DEMO.taxCodes.vat21, amountInclVAT: 121, description: "e" },
      { taxCodeId: DEMO.taxCodes.vat0, quantity: 1, unitPrice: 99.99, description: "f" },
    ]);
    const figures = inv.lines.map((l: any) => [l.amountExclVAT, l.taxRate, l.vat, l.amountInclVAT]);
    expect(figures).toEqual([
      [0.3, 21, 0.06, 0.36],
      [0.5, 21, 0.11, 0.61],
      [1234.57, 9, 111.11, 1345.68],
      [20, 6, 1.2, 21.2],
      [100, 21, 21, 121],
      [99.99, 0, 0, 99.99],
    ]);
    const sum = (k: string) =>
      inv.lines.reduce((s: Big, l: any) => s.plus(String(l[k])), new Big(0)).toFixed(2);
    expect(String(inv.totalAmountExclVAT)).toBe(sum("amountExclVAT"));
    expect(String(inv.totalAmountInclVAT)).toBe(sum("amountInclVAT"));
    expect(inv.totalAmountExclVAT).toBe(1455.36);
    expect(inv.totalAmountInclVAT).toBe(1588.84);
    // Every amount is written with at most two decimals.
    for (const l of inv.lines)
      for (const k of ["amountExclVAT", "vat", "amountInclVAT"])
        expect(String(l[k])).toMatch(/^-?\d+(\.\d{1,2})?$/);
  });

  it("shows the same figures when read back, in the interface dialect too", async () => {
    const inv = await create([{ taxCodeId: DEMO.taxCodes.vat21, quantity: 7, unitPrice: 41.37 }]);
    const read = await get(sim, `/api/bill/Invoices/${inv.id}`);
    expect(read.body.data.totalAmountInclVAT).toBe(350.4); // 289.59 + (60.8139 → 60.81)
    sim.setOptions({ dialect: "interface" });
    try {
      const bare = await get(sim, `/api/bill/Invoices/${inv.id}`);
      expect(bare.body).toMatchObject({ totalAmountExclVAT: 289.59, totalAmountInclVAT: 350.4 });
      expect(bare.body.lines[0]).toMatchObject({ amountExclVAT: 289.59, vat: 60.81, taxRate: 21 });
    } finally {
      sim.setOptions({ dialect: "live" });
    }
  });

  it("takes no VAT on a line with disableVATCalculation", async () => {
    const inv = await create([
      { taxCodeId: DEMO.taxCodes.vat21, quantity: 1, unitPrice: 50, disableVATCalculation: true },
    ]);
    expect(inv.lines[0]).toMatchObject({ amountExclVAT: 50, vat: 0, amountInclVAT: 50 });
  });
});
