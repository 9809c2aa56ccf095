/**
 * The names behind ids, for the invoice template's `#…Name` columns (`=BILLING.CUSTOMERNAME(B2)`):
 * a controller sees whom and what a row bills. Each reads the service's list through the shared
 * client (cached with the other reference data) and gives `#N/A` with a message when no record has
 * the id. `options` carries the cell's AbortSignal, so Excel's cancel stops the request.
 */
import { tf, type FunctionMessageKey } from "../i18n";
import type { BillingClient, CallOptions } from "../api";
import { MatchError } from "./function-errors";

const sameId = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function nameOf<T extends { id: string }>(
  records: readonly T[],
  id: string,
  what: FunctionMessageKey & `fn.kind.${string}`,
  name: (record: T) => string
): string {
  const found = records.find((r) => sameId(r.id, id));
  if (!found)
    throw new MatchError(
      tf("fn.noneWithId", {
        what: (tf as (key: FunctionMessageKey) => string)(what),
        id: id.trim(),
      })
    );
  return name(found);
}

/** The name of the customer with this id. */
export async function findCustomerName(
  client: BillingClient,
  id: string,
  options: CallOptions = {}
): Promise<string> {
  // The interface has no GET of one customer; the filter without criteria lists them all.
  const customers = await client.filterCustomers({}, options);
  return nameOf(customers, id, "fn.kind.customer", (c) => c.name);
}

/** The name of the tax code with this id. */
export async function findTaxCodeName(
  client: BillingClient,
  id: string,
  options: CallOptions = {}
): Promise<string> {
  return nameOf(await client.getTaxCodes(options), id, "fn.kind.taxCode", (t) => t.name);
}

/** The name of the billing item with this id. */
export async function findBillingItemName(
  client: BillingClient,
  id: string,
  options: CallOptions = {}
): Promise<string> {
  return nameOf(await client.getBillingItems(options), id, "fn.kind.billingItem", (b) => b.name);
}

/** The bank account with this id as its IBAN and holder, "NL91ABNA0417164300 (Holder)". */
export async function findBankAccountName(
  client: BillingClient,
  id: string,
  options: CallOptions = {}
): Promise<string> {
  return nameOf(await client.getBankAccounts(options), id, "fn.kind.bankAccount", (b) =>
    b.accountHolder ? `${b.iban} (${b.accountHolder})` : b.iban
  );
}
