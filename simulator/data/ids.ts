/**
 * Deterministic UUIDs for the simulator's data: `TTTTNNNN-SSSS-4000-8000-NNNNNNNNNNNN`, where T is the
 * resource kind's tag, N the running number (its last four hex digits again in the first group), S the
 * dataset seed (0 for the demo data). The live service's ids are UUIDs (`format: uuid` in
 * contracts/openapi/), so these are too — valid for `isServiceId` (8-4-4-4-12 hex, version 4 /
 * variant 8 nibbles) — but unlike random ones a customer id and a contract id differ at a glance, in
 * their first characters (`cccc0003-…` is customer 3, `aaaa0001-…` contract 1), in a demo, a log
 * or a sheet.
 */

/**
 * Resource kinds, each with a four-hex-digit tag (the start of the first id group). Every kind starts
 * with a different character, where hex allows the kind's initial or a look-alike: cccc customer,
 * aaaa contract (agreement), dddd product, bbbb billing item, fee0 tariff, 7777 tax code (T),
 * 8888 bank account (B), 9999 property group (G), 5555 service location (S), 1111 invoice (I).
 */
export const ID_KIND = {
  customer: "cccc",
  contract: "aaaa",
  product: "dddd",
  billingItem: "bbbb",
  tariff: "fee0",
  taxCode: "7777",
  bankAccount: "8888",
  propertyGroup: "9999",
  serviceLocation: "5555",
  invoice: "1111",
} as const;

/** The name of a resource kind. */
export type IdKind = keyof typeof ID_KIND;

/** The deterministic UUID of resource number `n` of `kind` in the dataset with `seed`. */
export function simId(kind: IdKind, n: number, seed = 0): string {
  const short = (n & 0xffff).toString(16).padStart(4, "0");
  const s = (seed & 0xffff).toString(16).padStart(4, "0");
  const num = n.toString(16).padStart(12, "0");
  return `${ID_KIND[kind]}${short}-${s}-4000-8000-${num}`;
}
