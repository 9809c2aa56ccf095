/**
 * The tariff history of a (product, billing item) pair by the cost rules (src/costs/tariff-history.ts):
 * generic and the contract's own periods, never another contract's, oldest first, the one
 * chooseTariff picks today marked, and an unpriceable period with its reason.
 */
import type { BillingTariff } from "../../../src/api";
import { tariffHistory } from "../../../src/costs";

const P = "00000000-0000-4000-8000-000000000001";
const B = "00000000-0000-4000-8000-000000000101";
const OWN = "00000000-0000-4000-8000-000000000201";
const OTHER = "00000000-0000-4000-8000-000000000202";
const THIRD = "00000000-0000-4000-8000-000000000203";

function tariff(
  id: string,
  start: string,
  end: string | null,
  unitTariff: string | undefined,
  contractId: string | null = null,
  calculationType: BillingTariff["calculationType"] = "unitprice"
): BillingTariff {
  return {
    id,
    productId: P,
    billingItemId: B,
    contractId,
    startDateTime: start,
    endDateTime: end,
    calculationType,
    unitTariff,
  };
}

const TARIFFS = [
  tariff("t3", "2027-01-01T00:00:00Z", null, "430"),
  tariff("t2", "2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "412.56"),
  tariff("t1", "2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z", "398.4"),
  tariff("own", "2026-01-01T00:00:00Z", null, "380", OWN),
  tariff("other", "2026-01-01T00:00:00Z", null, "1.00", OTHER),
  tariff("tiered", "2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z", undefined, null, "tiered"),
  { ...tariff("elsewhere", "2026-01-01T00:00:00Z", null, "9"), billingItemId: OTHER },
];

describe("tariffHistory", () => {
  it("lists the generic and the contract's own periods oldest first, marking today's", () => {
    const rows = tariffHistory(TARIFFS, {
      productId: P,
      billingItemId: B,
      contractId: OWN,
      today: new Date("2026-06-15T00:00:00Z"),
    });
    expect(
      rows.map((r) => [r.tariffId, r.source, r.unitTariff ?? r.reason, r.appliesToday])
    ).toEqual([
      [
        "tiered",
        "generic",
        "the tariff (tiered) is a tiered tariff, which this add-in cannot price",
        false,
      ],
      ["t1", "generic", "398.4", false],
      ["own", "contract", "380", true],
      ["t2", "generic", "412.56", false],
      ["t3", "generic", "430", false],
    ]);
  });

  it("without a contract: the generic periods only, today's the generic one", () => {
    const rows = tariffHistory(TARIFFS, {
      productId: P,
      billingItemId: B,
      today: new Date("2027-02-01T00:00:00Z"),
    });
    expect(rows.map((r) => r.tariffId)).toEqual(["tiered", "t1", "t2", "t3"]);
    expect(rows.filter((r) => r.appliesToday).map((r) => r.tariffId)).toEqual(["t3"]);
  });

  it("never shows another contract's tariff, and marks none when nothing applies today", () => {
    const rows = tariffHistory(TARIFFS, {
      productId: P,
      billingItemId: B,
      contractId: THIRD,
      today: new Date("2020-01-01T00:00:00Z"),
    });
    expect(rows.some((r) => r.tariffId === "other" || r.tariffId === "own")).toBe(false);
    expect(rows.some((r) => r.appliesToday)).toBe(false);
  });

  it("fails on a date the service sent that is not one, as the cost rules do", () => {
    const broken = [tariff("bad", "2026-01-01T00:00:00Z", "soon", "1")];
    expect(() =>
      tariffHistory(broken, { productId: P, billingItemId: B, today: new Date() })
    ).toThrow(/"soon" where a date was expected/);
  });
});
