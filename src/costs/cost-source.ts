import type { BillingClient } from "../api";

/** What the cost rules read from the service: the four calls of the costs chain. */
export type CostSource = Pick<
  BillingClient,
  "getContract" | "getProduct" | "getBillingItem" | "getBillingTariffs"
>;
