import type { BillingTariff } from "../api";
import { isActiveAt, parseServiceDate } from "./dates";
import { sameId } from "../api";

/** What a tariff is chosen for. `contractId` undefined = only generic tariffs may apply. */
export interface TariffQuery {
  productId: string;
  billingItemId: string;
  contractId?: string;
  date: Date;
}

/** The tariff that applies, and whether it is the contract's own or the product's generic one. */
export interface ChosenTariff {
  tariff: BillingTariff;
  source: "contract" | "generic";
}

/**
 * Chooses the tariff for (product, billing item) on a contract at a date
 * (docs/developers/rules.md#tariff-choice): only tariffs valid at the date; one with the contract's
 * id beats a generic one (contractId null); another contract's tariff is never used; among equals
 * the latest start wins (on an exact tie the lowest id, so the answer does not depend on the order
 * the service lists them in). Returns undefined when no tariff applies.
 */
export function chooseTariff(
  tariffs: readonly BillingTariff[],
  query: TariffQuery
): ChosenTariff | undefined {
  const valid = tariffs.filter(
    (t) =>
      sameId(t.productId, query.productId) &&
      sameId(t.billingItemId, query.billingItemId) &&
      isActiveAt(t, query.date)
  );
  const own = query.contractId ? valid.filter((t) => sameId(t.contractId, query.contractId)) : [];
  if (own.length > 0) return { tariff: latest(own), source: "contract" };
  const generic = valid.filter((t) => !t.contractId);
  if (generic.length > 0) return { tariff: latest(generic), source: "generic" };
  return undefined;
}

function latest(tariffs: readonly BillingTariff[]): BillingTariff {
  return tariffs.reduce((best, t) => {
    const diff = startOf(t) - startOf(best);
    if (diff !== 0) return diff > 0 ? t : best;
    return t.id.toLowerCase() < best.id.toLowerCase() ? t : best;
  });
}

function startOf(t: BillingTariff): number {
  return t.startDateTime ? parseServiceDate(t.startDateTime) : Number.NEGATIVE_INFINITY;
}
