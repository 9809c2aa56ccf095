/**
 * Enum values of both dialects, lower-cased (`unitPrice` → `unitprice`, `stairStep` → `stairstep`).
 */
import type { BillingItemKind, TariffCalculationType } from "./types";

const ITEM_KINDS: readonly BillingItemKind[] = [
  "subscription",
  "consumption",
  "attribute",
  "consumptionunit",
  "customentityproperty",
];

const TARIFF_TYPES: readonly TariffCalculationType[] = [
  "unitprice",
  "tiered",
  "volume",
  "stairstep",
  "condition",
];

/** Lower-cased text, or undefined when `value` is not text. */
export function lowerText(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : undefined;
}

/** The billing item kind named by `value` (any case); "unknown" for anything else. */
export function toItemKind(value: unknown): BillingItemKind {
  const lower = lowerText(value);
  return ITEM_KINDS.find((k) => k === lower) ?? "unknown";
}

/** The tariff calculation type named by `value` (any case); "unknown" for anything else. */
export function toTariffType(value: unknown): TariffCalculationType {
  const lower = lowerText(value);
  return TARIFF_TYPES.find((t) => t === lower) ?? "unknown";
}
