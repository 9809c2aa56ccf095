import type { BillingItemKind } from "../api";
import { reasonText, type Language, type Reason } from "../i18n";
import type { TariffPeriod } from "./tariff-history";

/**
 * How a line counts: subscription = fixed, consumption = variable, every other item kind = other;
 * "unknown" for a component that cannot be resolved (its kind cannot be known, so it blocks both
 * totals); "none" for the one line of a contract with no product at the date.
 */
export type CostKind = "fixed" | "variable" | "other" | "unknown" | "none";

/** Why a line has no price. */
export type LineProblem =
  | "no-tariff"
  | "unpriceable"
  | "product-not-found"
  | "billing-item-not-found"
  | "no-billing-items"
  | "no-products";

/** One (product, billing item) pair of a contract at a date, priced or with the reason it is not. */
export interface CostLine {
  productId: string;
  productName?: string;
  billingItemId: string;
  /** The billing item's name. */
  name: string;
  kind: CostKind;
  /** The kind exactly as the service gave it (absent when the billing item could not be read). */
  itemKind?: BillingItemKind;
  /** Unit of measure of the billing item (`gj`, `kwh`, `m3`, ...) when present. */
  unit?: string;
  /** Unit tariff in EUR as the service sent it (per year for fixed, per unit for variable). */
  tariff?: string;
  tariffId?: string;
  source?: "contract" | "generic";
  validFrom?: string;
  validTo?: string | null;
  /** Set when the line cannot be priced. */
  problem?: LineProblem;
  /** Why the line cannot be priced, or why it is left out of the totals. */
  reason?: string;
}

/** Item kinds per docs/developers/rules.md#cost-rules: only these two count in the totals. */
export function costKindOf(kind: BillingItemKind): CostKind {
  if (kind === "subscription") return "fixed";
  if (kind === "consumption") return "variable";
  return "other";
}

/**
 * Each line's reason as a code and values (src/i18n reasons), beside its English `reason`: kept
 * apart from the line's fields, so a line reads (and compares) as it always has.
 */
const LINE_REASONS = new WeakMap<Explained, Reason>();

/** What has a reason: a cost line, a tariff period. */
type Explained = CostLine | TariffPeriod;

/** `line` with `why` as its reason: `reason` its English words, {@link lineReason} the reason. */
export function explained<L extends Explained>(line: L, why: Reason): L {
  const out = { ...line, reason: reasonText(why) };
  LINE_REASONS.set(out, why);
  return out;
}

/** The reason of a line made by {@link explained}, for saying it in another language. */
export function lineReason(line: Explained): Reason | undefined {
  return LINE_REASONS.get(line);
}

/**
 * The reason of a line or tariff period in `language` (a cost table's `reason` column): its
 * reason's words, else its own words as made, else empty.
 */
export function reasonIn(line: Explained, language: Language): string {
  const why = LINE_REASONS.get(line);
  return why === undefined ? (line.reason ?? "") : reasonText(why, language);
}
