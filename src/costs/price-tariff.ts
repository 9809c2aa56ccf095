import type { BillingTariff, TariffCalculationType } from "../api";
import { isDecimalText } from "../api";
import { reason, reasonText, type Reason } from "../i18n";

/**
 * Tariff types whose parameters the interface does not show
 * (docs/developers/rules.md#what-cannot-be-worked-out, "A component that cannot be priced"): a
 * tariff of one of these types is never turned into a number.
 */
export const UNPRICEABLE_TARIFF_TYPES: readonly TariffCalculationType[] = [
  "tiered",
  "volume",
  "stairstep",
  "condition",
];

/** The unit price of a tariff, or the reason there is none. */
export type TariffPrice =
  { ok: true; unitTariff: string } | { ok: false; reason: string; why: Reason };

function refused(why: Reason): TariffPrice {
  return { ok: false, reason: reasonText(why), why };
}

/** Reads the unit price of a chosen tariff; anything but a unit-price tariff with an amount is refused. */
export function priceTariff(
  tariff: BillingTariff,
  which: Reason = reason("cost.which.applies")
): TariffPrice {
  if (tariff.calculationType !== "unitprice") {
    const kind = UNPRICEABLE_TARIFF_TYPES.includes(tariff.calculationType)
      ? reason("cost.kind.known", { type: tariff.calculationType })
      : reason("cost.kind.unknown");
    return refused(reason("cost.tariffKind", { which, tariff: tariff.id, kind }));
  }
  if (!isDecimalText(tariff.unitTariff)) {
    return refused(reason("cost.tariffNoAmount", { which, tariff: tariff.id }));
  }
  return { ok: true, unitTariff: tariff.unitTariff.trim() };
}
