import { applicableTariff, CostError } from "../../../src/costs";
import { contract, fakeSource, MAY_2024, tariff } from "./helpers/fake-source";

describe("applicableTariff: the unit tariff that applies to one (product, billing item)", () => {
  const tariffs = [
    tariff({ productId: "p1", billingItemId: "b1", unitTariff: "0.3120" }),
    tariff({ productId: "p1", billingItemId: "b1", unitTariff: "0.2950", contractId: "c1" }),
    tariff({ productId: "p1", billingItemId: "b1", unitTariff: "9", contractId: "c2" }),
  ];
  const source = () => fakeSource({ contracts: [contract("c1", []), contract("c3", [])], tariffs });

  it("gives the contract's own tariff as sent when the contract has one", async () => {
    expect(await applicableTariff(source(), "p1", "b1", "c1", MAY_2024)).toBe("0.2950");
  });

  it("gives the generic tariff without a contract, or for a contract without its own", async () => {
    expect(await applicableTariff(source(), "p1", "b1", undefined, MAY_2024)).toBe("0.3120");
    expect(await applicableTariff(source(), "p1", "b1", "c3", MAY_2024)).toBe("0.3120");
  });

  it("asks only for the tariff list when no contract is given", async () => {
    const s = source();
    await applicableTariff(s, "p1", "b1", undefined, MAY_2024);
    expect(s.calls).toEqual(["getBillingTariffs p1 b1"]);
  });

  it("reports an unknown contract", async () => {
    const error = (await applicableTariff(source(), "p1", "b1", "c-gone", MAY_2024).catch(
      (e: unknown) => e
    )) as CostError;
    expect(error).toBeInstanceOf(CostError);
    expect(error.code).toBe("contract-not-found");
  });

  it("reports a date before any tariff", async () => {
    const error = (await applicableTariff(
      source(),
      "p1",
      "b1",
      "c1",
      new Date("2019-12-31T00:00:00Z")
    ).catch((e: unknown) => e)) as CostError;
    expect(error.code).toBe("no-tariff");
    expect(error.message).toBe(
      "No tariff of billing item b1 of product p1 is valid on 2019-12-31 (neither for contract c1 nor generic)."
    );
  });

  it("reports an unpriceable tariff", async () => {
    const s = fakeSource({
      tariffs: [
        tariff({
          productId: "p1",
          billingItemId: "b1",
          calculationType: "condition",
          unitTariff: undefined,
        }),
      ],
    });
    await expect(applicableTariff(s, "p1", "b1", undefined, MAY_2024)).rejects.toThrow(
      /condition tariff/
    );
  });
});
