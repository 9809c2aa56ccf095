import { quoteShort } from "../api";
import { tf } from "../i18n";
import type { BillingClient, CallOptions } from "../api";
import { ArgumentError, MatchError } from "./function-errors";
import { describeValue } from "./read-arguments";
import { sameName, singleMatch } from "./single-match";

/** The id of the one customer with this name. */
export async function findCustomerId(
  client: BillingClient,
  name: string,
  options: CallOptions = {}
): Promise<string> {
  const customers = await client.filterCustomers({ nameContains: name }, options);
  return singleMatch(
    customers,
    (c) => sameName(c.name, name),
    tf("fn.what.customerNamed", { name: quoteShort(name) })
  );
}

/** The id of the one contract with this contract number. */
export async function findContractId(
  client: BillingClient,
  contractNumber: string,
  options: CallOptions = {}
): Promise<string> {
  const contracts = await client.filterContracts({ flexSearch: contractNumber }, options);
  return singleMatch(
    contracts,
    (c) => sameName(c.contractNumber, contractNumber),
    tf("fn.what.contractNumbered", { number: quoteShort(contractNumber) })
  );
}

/** The id of the one tax code with this name. */
export async function findTaxCodeId(
  client: BillingClient,
  name: string,
  options: CallOptions = {}
): Promise<string> {
  const taxCodes = await client.getTaxCodes(options);
  return singleMatch(
    taxCodes,
    (t) => sameName(t.name, name),
    tf("fn.what.taxCodeNamed", { name: quoteShort(name) })
  );
}

/** The id of the one billing item with this name. */
export async function findBillingItemId(
  client: BillingClient,
  name: string,
  options: CallOptions = {}
): Promise<string> {
  const items = await client.getBillingItems(options);
  return singleMatch(
    items,
    (i) => sameName(i.name, name),
    tf("fn.what.billingItemNamed", { name: quoteShort(name) })
  );
}

/** The id of the one bank account with this IBAN (spaces and case ignored). */
export async function findBankAccountId(
  client: BillingClient,
  iban: string,
  options: CallOptions = {}
): Promise<string> {
  const wanted = normaliseIban(iban);
  const accounts = await client.getBankAccounts(options);
  return singleMatch(
    accounts,
    (a) => normaliseIban(a.iban) === wanted,
    tf("fn.what.bankAccountIban", { iban: wanted })
  );
}

/** The ids of the customer's service locations, in the service's order. */
export async function findServiceLocationIds(
  client: BillingClient,
  customerId: string,
  options: CallOptions = {}
): Promise<string[]> {
  const locations = await client.filterServiceLocations({ customerId }, options);
  const ids = [...new Set(locations.map((l) => l.id))];
  if (ids.length === 0) {
    throw new MatchError(tf("fn.noServiceLocation", { customer: customerId }));
  }
  return ids;
}

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** An IBAN without spaces, upper case. */
export function normaliseIban(iban: string): string {
  return iban.replace(/\s+/g, "").toUpperCase();
}

/**
 * Checks an IBAN's shape and check digits (ISO 13616, mod 97) before any request is made, so a typo
 * gives `#VALUE!` with the reason instead of "not found". Returns it normalised.
 */
export function readIban(text: string): string {
  const iban = normaliseIban(text);
  if (!IBAN_SHAPE.test(iban)) {
    throw new ArgumentError(tf("fn.iban.shape", { value: describeValue(text) }));
  }
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  const remainder = [...digits].reduce((r, d) => (r * 10 + Number(d)) % 97, 0);
  if (remainder !== 1) {
    throw new ArgumentError(tf("fn.iban.check", { value: describeValue(text) }));
  }
  return iban;
}
