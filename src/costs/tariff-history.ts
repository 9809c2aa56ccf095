import type { BillingTariff, CallOptions, TariffCalculationType } from "../api";
import { sameId } from "../api";
import { chooseTariff } from "./choose-tariff";
import { readContract } from "./contract-costs";
import type { CostSource } from "./cost-source";
import { parseServiceDate } from "./dates";
import { priceTariff } from "./price-tariff";
import { reason } from "../i18n";
import { explained } from "./cost-line";

/** One tariff period of a (product, billing item) pair. */
export interface TariffPeriod {
  tariffId: string;
  /** Start as the service sent it. */
  validFrom: string;
  /** End (exclusive) as sent; null = open-ended. */
  validTo: string | null;
  type: TariffCalculationType;
  /** "contract" = the contract's own tariff; "generic" = the product's. */
  source: "contract" | "generic";
  /** EUR per unit (per year for fixed items), decimal text exactly as sent, when it can be priced. */
  unitTariff?: string;
  /** Why it cannot be priced (a tiered tariff, no amount). */
  reason?: string;
  /** True on the one period the cost rules choose at `today` (none when nothing applies then). */
  appliesToday: boolean;
}

/** What a history is asked for: the pair, and the contract whose own tariffs count too. */
export interface TariffHistoryQuery {
  productId: string;
  billingItemId: string;
  contractId?: string;
  /** The instant "today" is (the caller's clock). */
  today: Date;
}

/**
 * Every tariff period that matters for (product, billing item): the generic ones, and with a contract
 * the contract's own; another contract's tariff never appears
 * (docs/developers/rules.md#tariff-choice). Oldest start first (on a tie the contract's own first,
 * then the lowest id, so the order does not depend on the service's). The period {@link
 * chooseTariff} picks at `today` is marked: exactly the one TARIFF and the cost functions use.
 * Pure.
 */
export function tariffHistory(
  tariffs: readonly BillingTariff[],
  query: TariffHistoryQuery
): TariffPeriod[] {
  const { productId, billingItemId, contractId, today } = query;
  const relevant = tariffs.filter(
    (t) =>
      sameId(t.productId, productId) &&
      sameId(t.billingItemId, billingItemId) &&
      (!t.contractId || (contractId !== undefined && sameId(t.contractId, contractId)))
  );
  const chosen = chooseTariff(relevant, { productId, billingItemId, contractId, date: today });
  return relevant
    .map((t) => ({ t, start: parseServiceDate(t.startDateTime) }))
    .sort(
      (a, b) =>
        a.start - b.start ||
        Number(!a.t.contractId) - Number(!b.t.contractId) ||
        (a.t.id.toLowerCase() < b.t.id.toLowerCase() ? -1 : 1)
    )
    .map(({ t }) => period(t, chosen?.tariff === t));
}

function period(t: BillingTariff, appliesToday: boolean): TariffPeriod {
  if (t.endDateTime) parseServiceDate(t.endDateTime); // a broken end fails as the cost rules do
  const out: TariffPeriod = {
    tariffId: t.id,
    validFrom: t.startDateTime,
    validTo: t.endDateTime,
    type: t.calculationType,
    source: t.contractId ? "contract" : "generic",
    appliesToday,
  };
  const price = priceTariff(t, reason("cost.which.period"));
  if (price.ok) out.unitTariff = price.unitTariff;
  else return explained(out, price.why);
  return out;
}

/**
 * Reads the tariffs of (product, billing item) and gives their history (see {@link tariffHistory});
 * with a contract, checks first that it exists (a CostError "contract-not-found" when not), as
 * TARIFF does, so that a mistyped contract id is not answered with the generic periods alone.
 */
export async function loadTariffHistory(
  source: CostSource,
  query: TariffHistoryQuery,
  options: CallOptions = {}
): Promise<TariffPeriod[]> {
  const [, tariffs] = await Promise.all([
    query.contractId ? readContract(source, query.contractId, options) : undefined,
    source.getBillingTariffs(query.productId, query.billingItemId, options),
  ]);
  return tariffHistory(tariffs, query);
}
