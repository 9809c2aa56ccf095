import type { BillingItemKind } from "../api/types";

/** How a billing item counts: subscription = fixed, consumption = variable, every other kind = other. */
export type CostKind = "fixed" | "variable" | "other";

/** Why a line has no price. */
export type LineProblem = "no-tariff" | "unpriceable";

/** One (product, billing item) pair of a contract at a date, priced or with the reason it is not. */
export interface CostLine {
  productId: string;
  productName?: string;
  billingItemId: string;
  /** The billing item's name. */
  name: string;
  kind: CostKind;
  /** The kind exactly as the service gave it. */
  itemKind: BillingItemKind;
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

/** Item kinds per DESIGN.md "Cost rules": only these two count in the totals. */
export function costKindOf(kind: BillingItemKind): CostKind {
  if (kind === "subscription") return "fixed";
  if (kind === "consumption") return "variable";
  return "other";
}
