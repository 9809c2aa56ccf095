/**
 * One product of a contract is gone from the service: CONTRACTCOSTS keeps every other row and shows
 * that one with its reason; the totals are an error naming it
 * (docs/developers/rules.md#cost-rules).
 */
import { FakeErrorCode, excelErrorOf } from "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { createSimulator, DEMO, demoDataset } from "../../../simulator";
import type { Simulator } from "../../../simulator";

const REF = "2026-06-15";
const C = DEMO.contracts;
const P = DEMO.products;

describe("a contract whose water product is missing from the service", () => {
  let sim: Simulator;

  beforeAll(async () => {
    const dataset = demoDataset();
    dataset.products = dataset.products.filter((p) => p.id !== P.water);
    sim = await createSimulator({ port: 0, dataset });
    configureConnection({
      loadSettings: async () => ({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } }),
    });
  });
  afterAll(async () => {
    configureConnection();
    await sim.close();
  });

  it("CONTRACTCOSTS lists the heating rows and one row for the missing product", async () => {
    const table = await F.contractCostsFunction(C.heatingAndWater, REF);
    const heating = table.slice(1).filter((row) => row[0] === P.heatingStandard);
    expect(heating.length).toBeGreaterThan(0);
    expect(heating.every((row) => row[3] !== "unknown")).toBe(true);
    expect(table.slice(1).filter((row) => row[0] === P.water)).toEqual([
      [P.water, "", "", "unknown", "", "", "", "", "", `product ${P.water} was not found`],
    ]);
  });

  it("CONTRACTFIXEDCOSTS and CONTRACTVARIABLECOSTS are #N/A naming the product", async () => {
    const message = `Cannot work out the costs of contract ${C.heatingAndWater}: product ${P.water} was not found.`;
    for (const call of [
      () => F.contractFixedCostsFunction(C.heatingAndWater, REF),
      () => F.contractVariableCostsFunction(C.heatingAndWater, REF),
    ]) {
      const error = await excelErrorOf(call());
      expect(error.code).toBe(FakeErrorCode.notAvailable);
      expect(error.message).toBe(message);
    }
  });

  it("other contracts are not affected", async () => {
    expect(await F.contractFixedCostsFunction(C.heatingGeneric, REF)).toBe(636.86);
  });
});
