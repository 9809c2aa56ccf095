/**
 * Deterministic UUIDs for the simulator's data: `KKKKKKKK-SSSS-4000-8000-NNNNNNNNNNNN`, where K is the
 * resource kind, S the dataset seed (0 for the demo data) and N a running number. Readable in logs and
 * valid for `isServiceId` (8-4-4-4-12 hex, version 4 / variant 8 nibbles).
 */

/** Resource kinds, one hex code each (the first id group). */
export const ID_KIND = {
  customer: 0x1,
  contract: 0x2,
  product: 0x3,
  billingItem: 0x4,
  tariff: 0x5,
  taxCode: 0x6,
  bankAccount: 0x7,
  propertyGroup: 0x8,
  serviceLocation: 0x9,
  invoice: 0xa,
} as const;

/** The name of a resource kind. */
export type IdKind = keyof typeof ID_KIND;

/** The deterministic UUID of resource number `n` of `kind` in the dataset with `seed`. */
export function simId(kind: IdKind, n: number, seed = 0): string {
  const k = ID_KIND[kind].toString(16).padStart(8, "0");
  const s = (seed & 0xffff).toString(16).padStart(4, "0");
  const num = n.toString(16).padStart(12, "0");
  return `${k}-${s}-4000-8000-${num}`;
}
