import type { BillingTariff, TariffCalculationType } from "../api";
import { isDecimalText } from "../api";

/**
 * Tariff types whose parameters the interface does not show (DESIGN.md "A component that cannot be
 * priced"): a tariff of one of these types is never turned into a number.
 */
export const UNPRICEABLE_TARIFF_TYPES: readonly TariffCalculationType[] = [
  "tiered",
  "volume",
  "stairstep",
  "condition",
];

/** The unit price of a tariff, or the reason there is none. */
export type TariffPrice = { ok: true; unitTariff: string } | { ok: false; reason: string };

/** Reads the unit price of a chosen tariff; anything but a unit-price tariff with an amount is refused. */
export function priceTariff(tariff: BillingTariff): TariffPrice {
  if (tariff.calculationType !== "unitprice") {
    const kind = UNPRICEABLE_TARIFF_TYPES.includes(tariff.calculationType)
      ? `a ${tariff.calculationType} tariff`
      : "a tariff of an unknown type";
    return {
      ok: false,
      reason: `the tariff that applies (${tariff.id}) is ${kind}, which this add-in cannot price`,
    };
  }
  if (!isDecimalText(tariff.unitTariff)) {
    return { ok: false, reason: `the tariff that applies (${tariff.id}) has no unitTariff amount` };
  }
  return { ok: true, unitTariff: tariff.unitTariff.trim() };
}
