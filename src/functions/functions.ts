/*
 * The BILLING.* custom functions: thin wrappers over the cost rules (src/costs) and the lookups.
 * Each checks its arguments (no request for a bad one), calls the domain code with the shared client
 * and lets `settle` turn any failure into one Excel error. Every function that calls the service is
 * `@cancelable`: Excel's cancellation (and the time-out) aborts its requests through `settle`'s
 * signal. The metadata plugin reads the JSDoc below
 * to generate functions.json and the associate calls; the Excel names are fixed in the tags. Each
 * `@helpurl` opens the function's section of docs/controllers/functions.md as the add-in serves it
 * (help/functions.html, scripts/help-page.js); the build writes the deployment's address there.
 */
import {
  applicableTariff,
  contractCosts,
  contractFixedCosts,
  contractSummary,
  contractVariableCosts,
  loadTariffHistory,
  readContract,
} from "../costs";
import type { BillingClient, CallOptions } from "../api";
import { currentTimeZone, getClient } from "./connection";
import { contractCard, dataTypesSupported } from "./contract-card";
import type { ContractCard } from "./contract-card";
import { contractCostsTable, tariffHistoryTable, variableCostsTable } from "./cost-tables";
import { numberFormatSupport } from "./formatted-values";
import { toExcelError } from "./to-excel-error";
import { isValuePreview, previewAnswer } from "./value-preview";
import {
  findBankAccountId,
  findBillingItemId,
  findContractId,
  findCustomerId,
  findServiceLocationIds,
  findTaxCodeId,
  readIban,
} from "./lookups";
import {
  findBankAccountName,
  findBillingItemName,
  findCustomerName,
  findTaxCodeName,
} from "./name-lookups";
import { isMatchError } from "./function-errors";
import { isBlank, readId, readOptionalId, readText } from "./read-arguments";
import { readDate } from "./read-date";
import { settle } from "./settle";
import { checkTariffSubject } from "./tariff-subject";
import { boundSpill } from "./spill-bound";
import { tf } from "../i18n";
import { speakOfficeLanguage } from "./display-language";

// Messages (errors) in Office's display language: Dutch for nl-…, English otherwise.
speakOfficeLanguage();

/** A spilled table within Excel's limits (./spill-bound.ts), cut with a note to ask for less. */
const bounded = <T>(table: T[][]) => boundSpill(table, tf("fn.spill.narrow"));

/**
 * The body of the contract functions: the contract id and the date are read first (no request for a
 * bad one), then `compute` runs with the shared client and the call's cancellation signal.
 */
async function onContract<T>(
  name: string,
  contractId: string,
  date: number | string | undefined,
  invocation: CustomFunctions.CancelableInvocation | undefined,
  compute: (
    client: BillingClient,
    id: string,
    at: Date,
    options: { signal: AbortSignal }
  ) => Promise<T>
): Promise<T> {
  return settle(
    async (signal) => {
      const id = readId(contractId, "contractId");
      const at = readDate(date);
      return compute(await getClient(), id, at, { signal });
    },
    invocation,
    { name, args: [contractId, date] }
  );
}

/**
 * Total fixed (subscription) costs of a contract in EUR per year, to the cent. Example: =BILLING.CONTRACTFIXEDCOSTS(A2) or =BILLING.CONTRACTFIXEDCOSTS(A2, "2024-01-01")
 * @customfunction CONTRACTFIXEDCOSTS
 * @helpurl https://localhost:3000/help/functions.html#cost-functions
 * @cancelable
 * @param contractId The contract's id (a text such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301).
 * @param [date] The date the costs apply at: a date cell or a text such as 2024-01-01. Empty means today.
 * @returns EUR per year.
 */
export async function contractFixedCostsFunction(
  contractId: string,
  date?: number | string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<number> {
  return onContract(
    "CONTRACTFIXEDCOSTS",
    contractId,
    date,
    invocation,
    async (client, id, at, options) => {
      const { total } = await contractFixedCosts(client, id, at, options);
      return Number(total);
    }
  );
}

/**
 * The variable (consumption) costs of a contract: one row per billing item with its name, unit and EUR per unit. Example: =BILLING.CONTRACTVARIABLECOSTS(A2)
 * @customfunction CONTRACTVARIABLECOSTS
 * @helpurl https://localhost:3000/help/functions.html#cost-functions
 * @cancelable
 * @param contractId The contract's id (a text such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301).
 * @param [date] The date the tariffs apply at: a date cell or a text such as 2024-01-01. Empty means today.
 * @returns A table: billing item name, unit, EUR per unit.
 */
export async function contractVariableCostsFunction(
  contractId: string,
  date?: number | string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<any[][]> {
  return onContract(
    "CONTRACTVARIABLECOSTS",
    contractId,
    date,
    invocation,
    async (client, id, at, options) =>
      bounded(variableCostsTable(await contractVariableCosts(client, id, at, options)))
  );
}

/**
 * Every cost line of a contract with its tariff and where it comes from, or why it cannot be priced. Example: =BILLING.CONTRACTCOSTS(A2, "2024-01-01")
 * @customfunction CONTRACTCOSTS
 * @helpurl https://localhost:3000/help/functions.html#cost-functions
 * @cancelable
 * @param contractId The contract's id (a text such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301).
 * @param [date] The date the costs apply at: a date cell or a text such as 2024-01-01. Empty means today.
 * @returns A table with a header row: productId, billingItemId, name, kind, unit, tariff, source, validFrom, validTo, reason. Dates show as dates and tariffs with two decimals where Excel supports formatted numbers (ExcelApi 1.16).
 */
export async function contractCostsFunction(
  contractId: string,
  date?: number | string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<any[][]> {
  return onContract(
    "CONTRACTCOSTS",
    contractId,
    date,
    invocation,
    async (client, id, at, options) =>
      bounded(
        contractCostsTable(await contractCosts(client, id, at, options), numberFormatSupport())
      )
  );
}

/**
 * The unit tariff in EUR that applies to a billing item of a product: the contract's own tariff when it has one, else the generic one. Example: =BILLING.TARIFF(B2, C2, A2)
 * @customfunction TARIFF
 * @helpurl https://localhost:3000/help/functions.html#cost-functions
 * @cancelable
 * @param productId The product's id.
 * @param billingItemId The billing item's id.
 * @param [contractId] The contract's id. Empty means the generic tariff.
 * @param [date] The date the tariff applies at: a date cell or a text such as 2024-01-01. Empty means today.
 * @returns EUR per year (fixed items) or per unit (variable items).
 */
export async function tariffFunction(
  productId: string,
  billingItemId: string,
  contractId?: string,
  date?: number | string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<number> {
  return settle(
    async (signal) => {
      const product = readId(productId, "productId");
      const item = readId(billingItemId, "billingItemId");
      const contract = readOptionalId(contractId, "contractId");
      const at = readDate(date);
      const client = await getClient();
      return Number(await applicableTariff(client, product, item, contract, at, { signal }));
    },
    invocation,
    { name: "TARIFF", args: [productId, billingItemId, contractId, date] }
  );
}

/**
 * The id of the customer with this exact name. Example: =BILLING.CUSTOMERID("Jansen Holding BV")
 * @customfunction CUSTOMERID
 * @helpurl https://localhost:3000/help/functions.html#lookups
 * @cancelable
 * @param name The customer's full name (case does not matter).
 * @returns The customer's id.
 */
export async function customerIdFunction(
  name: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string> {
  return settle(
    async (signal) => findCustomerId(await getClient(), readText(name, "name"), { signal }),
    invocation,
    { name: "CUSTOMERID", args: [name] }
  );
}

/**
 * The id of the contract with this contract number. Example: =BILLING.CONTRACTID("C-100234")
 * @customfunction CONTRACTID
 * @helpurl https://localhost:3000/help/functions.html#lookups
 * @cancelable
 * @param contractNumber The contract number.
 * @returns The contract's id.
 */
export async function contractIdFunction(
  contractNumber: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string> {
  return settle(
    async (signal) => {
      const text = readText(contractNumber, "contractNumber", { allowNumber: true });
      return findContractId(await getClient(), text, { signal });
    },
    invocation,
    { name: "CONTRACTID", args: [contractNumber] }
  );
}

/**
 * The id of the tax code with this exact name. Example: =BILLING.TAXCODEID("VAT 21%")
 * @customfunction TAXCODEID
 * @helpurl https://localhost:3000/help/functions.html#lookups
 * @cancelable
 * @param name The tax code's name (case does not matter).
 * @returns The tax code's id.
 */
export async function taxCodeIdFunction(
  name: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string> {
  return settle(
    async (signal) => findTaxCodeId(await getClient(), readText(name, "name"), { signal }),
    invocation,
    { name: "TAXCODEID", args: [name] }
  );
}

/**
 * The id of the organisation's bank account with this IBAN. Example: =BILLING.BANKACCOUNTID("NL91 ABNA 0417 1643 00")
 * @customfunction BANKACCOUNTID
 * @helpurl https://localhost:3000/help/functions.html#lookups
 * @cancelable
 * @param iban The IBAN (spaces and case do not matter).
 * @returns The bank account's id.
 */
export async function bankAccountIdFunction(
  iban: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string> {
  return settle(
    async (signal) => {
      const wanted = readIban(readText(iban, "iban"));
      return findBankAccountId(await getClient(), wanted, { signal });
    },
    invocation,
    { name: "BANKACCOUNTID", args: [iban] }
  );
}

/**
 * The id of the billing item with this exact name. Example: =BILLING.BILLINGITEMID("Vastrecht warmte")
 * @customfunction BILLINGITEMID
 * @helpurl https://localhost:3000/help/functions.html#lookups
 * @cancelable
 * @param name The billing item's name (case does not matter).
 * @returns The billing item's id.
 */
export async function billingItemIdFunction(
  name: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string> {
  return settle(
    async (signal) => findBillingItemId(await getClient(), readText(name, "name"), { signal }),
    invocation,
    { name: "BILLINGITEMID", args: [name] }
  );
}

/**
 * The ids of a customer's service locations, one per row. Example: =BILLING.SERVICELOCATIONIDS(A2)
 * @customfunction SERVICELOCATIONIDS
 * @helpurl https://localhost:3000/help/functions.html#lookups
 * @cancelable
 * @param customerId The customer's id.
 * @returns A column of service location ids.
 */
export async function serviceLocationIdsFunction(
  customerId: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string[][]> {
  return settle(
    async (signal) => {
      const id = readId(customerId, "customerId");
      const ids = await findServiceLocationIds(await getClient(), id, { signal });
      return bounded(ids.map((locationId) => [locationId]));
    },
    invocation,
    { name: "SERVICELOCATIONIDS", args: [customerId] }
  );
}

/** The name behind an id, or empty text for an empty cell (a template row not filled in yet). */
async function nameOrBlank(
  id: unknown,
  label: string,
  find: (client: BillingClient, id: string, options: CallOptions) => Promise<string>,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string> {
  return settle(
    async (signal) => (isBlank(id) ? "" : find(await getClient(), readId(id, label), { signal })),
    invocation,
    { name: `name of ${label}`, args: [id] }
  );
}

/**
 * The name of the customer with this id; empty when the id cell is empty. The invoice template shows it beside customerId. Example: =BILLING.CUSTOMERNAME(B2)
 * @customfunction CUSTOMERNAME
 * @helpurl https://localhost:3000/help/functions.html#names-behind-ids-the-invoice-templates-name-columns
 * @cancelable
 * @param customerId The customer's id (a text such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301).
 * @returns The customer's name.
 */
export async function customerNameFunction(
  customerId: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string> {
  return nameOrBlank(customerId, "customerId", findCustomerName, invocation);
}

/**
 * The IBAN and holder of the organisation's bank account with this id; empty when the id cell is empty. Example: =BILLING.BANKACCOUNTNAME(F2)
 * @customfunction BANKACCOUNTNAME
 * @helpurl https://localhost:3000/help/functions.html#names-behind-ids-the-invoice-templates-name-columns
 * @cancelable
 * @param bankAccountId The bank account's id (the invoice's companyBankAccountId).
 * @returns The IBAN, with the account holder in brackets.
 */
export async function bankAccountNameFunction(
  bankAccountId: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string> {
  return nameOrBlank(bankAccountId, "bankAccountId", findBankAccountName, invocation);
}

/**
 * The name of the tax code with this id; empty when the id cell is empty. Example: =BILLING.TAXCODENAME(J2)
 * @customfunction TAXCODENAME
 * @helpurl https://localhost:3000/help/functions.html#names-behind-ids-the-invoice-templates-name-columns
 * @cancelable
 * @param taxCodeId The tax code's id.
 * @returns The tax code's name, such as VAT 21%.
 */
export async function taxCodeNameFunction(
  taxCodeId: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string> {
  return nameOrBlank(taxCodeId, "taxCodeId", findTaxCodeName, invocation);
}

/**
 * The name of the billing item with this id; empty when the id cell is empty. Example: =BILLING.BILLINGITEMNAME(L2)
 * @customfunction BILLINGITEMNAME
 * @helpurl https://localhost:3000/help/functions.html#names-behind-ids-the-invoice-templates-name-columns
 * @cancelable
 * @param billingItemId The billing item's id.
 * @returns The billing item's name.
 */
export async function billingItemNameFunction(
  billingItemId: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<string> {
  return nameOrBlank(billingItemId, "billingItemId", findBillingItemName, invocation);
}

/**
 * A customer's invoices, or without a customer every invoice of a period and status: one row per invoice with its number, date, status, totals, sending, credit links, customer and payment state, oldest first. Example: =BILLING.INVOICES(A2, "2026-01-01", "2026-12-31", "approved") or =BILLING.INVOICES(, "2026-03-01", "2026-03-31", "approved")
 * @customfunction INVOICES
 * @helpurl https://localhost:3000/help/functions.html#invoices
 * @cancelable
 * @param [customerId] The customer's id. Empty means every customer (give a period or a status then).
 * @param [from] The first invoice date included: a date cell or a text such as 2026-01-01 (a day in the company's time zone). Empty means no lower bound.
 * @param [to] The last invoice date included (the whole day). Empty means no upper bound. With either bound, drafts (no invoice date yet) are left out.
 * @param [status] Only invoices in this status: created, approvalinprogress, approved, settled, generated or generationfailed (several separated by commas). Empty means any.
 * @returns A table with a header row: invoiceId, invoiceNum, invoiceDate, status, totalExclVAT, totalInclVAT, sent, creditNoteNum, creditsInvoiceNum, customerId, paymentState.
 */
export async function invoicesFunction(
  customerId?: string,
  from?: number | string,
  to?: number | string,
  status?: string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<any[][]> {
  return settle(
    async (signal) => {
      // The invoice list is a chunk of its own, loaded on the first INVOICES (the functions'
      // bundle stays within its budget); its arguments are still read before any request.
      const { loadInvoiceTable, readInvoiceSearch } = await import(
        /* webpackChunkName: "invoice-list" */ "./invoice-list"
      );
      const search = readInvoiceSearch(customerId, from, to, status);
      const client = await getClient();
      // Invoice dates are days in the company's time zone (its setting, else this machine's).
      search.timeZone = currentTimeZone();
      const table = await loadInvoiceTable(client, search, numberFormatSupport(), { signal });
      return boundSpill(table, tf("fn.spill.narrowInvoices"));
    },
    invocation,
    { name: "INVOICES", args: [customerId, from, to, status] }
  );
}

/**
 * Every tariff period of a billing item of a product, oldest first: the generic ones and, with a contract, the contract's own; the one that applies on the date (today when empty) is marked. Example: =BILLING.TARIFFHISTORY(B2, C2, A2, TODAY())
 * @customfunction TARIFFHISTORY
 * @helpurl https://localhost:3000/help/functions.html#tariffhistory
 * @cancelable
 * @param productId The product's id.
 * @param billingItemId The billing item's id.
 * @param [contractId] The contract's id. Empty means the generic tariffs only.
 * @param [date] The date whose period is marked: a date cell or a text such as 2026-01-01. Empty means today (give TODAY() to have it recalculated each day).
 * @returns A table with a header row: validFrom, validTo, type, unitTariff (or why it cannot be priced), source, appliesOnDate, tariffId.
 */
export async function tariffHistoryFunction(
  productId: string,
  billingItemId: string,
  contractId?: string,
  date?: number | string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<any[][]> {
  return settle(
    async (signal) => {
      const query = {
        productId: readId(productId, "productId"),
        billingItemId: readId(billingItemId, "billingItemId"),
        contractId: readOptionalId(contractId, "contractId"),
        today: readDate(date),
      };
      const client = await getClient();
      // The product and item are checked beside the tariffs' read: a mistyped id is #N/A naming it.
      const [, periods] = await Promise.all([
        checkTariffSubject(client, query.productId, query.billingItemId, { signal }),
        loadTariffHistory(client, query, { signal }),
      ]);
      return bounded(tariffHistoryTable(periods, query, numberFormatSupport()));
    },
    invocation,
    { name: "TARIFFHISTORY", args: [productId, billingItemId, contractId, date] }
  );
}

/**
 * The status of an invoice, kept up to date while it is approved or sent (with its number once it has one); it stops once the invoice is final. Example: =BILLING.INVOICESTATUS(A2)
 * @customfunction INVOICESTATUS
 * @helpurl https://localhost:3000/help/functions.html#invoicestatus
 * @streaming
 * @cancelable
 * @param invoiceId The invoice's id.
 * @returns The status, then the number and the sending state, such as "approved 2026-000123, sent".
 */
export function invoiceStatusFunction(
  invoiceId: string,
  invocation: CustomFunctions.StreamingInvocation<string>
): void {
  // The formula bar's value preview: the last status this session showed, or the placeholder, at
  // once; nothing is loaded, watched or read.
  if (isValuePreview(invocation)) {
    try {
      invocation.setResult(previewAnswer<string>({ name: "INVOICESTATUS", args: [invoiceId] }));
    } catch (error) {
      invocation.setResult(toExcelError(error) as unknown as string);
    }
    return;
  }
  // The status and its poller are a chunk of their own, loaded on the first INVOICESTATUS (the
  // functions' bundle stays within its budget). A cell cancelled while it loads follows nothing.
  let cancelled = false;
  invocation.onCanceled = () => {
    cancelled = true;
  };
  import(/* webpackChunkName: "invoice-status" */ "./invoice-status").then(
    ({ followInvoiceStatus }) => {
      if (!cancelled) followInvoiceStatus(invoiceId, invocation);
    },
    (error: unknown) => {
      if (!cancelled) invocation.setResult(toExcelError(error) as unknown as string);
    }
  );
}

/**
 * A contract at a glance: a card with its number, customer, products, fixed costs and variable tariffs (fields such as =A2.FixedCosts); the contract number as text where Excel has no data types. Example: =BILLING.CONTRACT(A2)
 * @customfunction CONTRACT
 * @helpurl https://localhost:3000/help/functions.html#contract
 * @cancelable
 * @param contractId The contract's id.
 * @param [date] The date the costs apply at: a date cell or a text such as 2024-01-01. Empty means today.
 * @returns An entity value (a card) where Excel supports data types, else the contract number.
 */
export async function contractFunction(
  contractId: string,
  date?: number | string,
  invocation?: CustomFunctions.CancelableInvocation
): Promise<any> {
  return onContract("CONTRACT", contractId, date, invocation, async (client, id, at, options) => {
    if (!dataTypesSupported()) {
      const contract = await readContract(client, id, options);
      return contract.contractNumber ?? contract.id;
    }
    return loadContractCard(client, id, at, options);
  });
}

/** The card of a contract at `at`; a customer the service does not hold is named by its id. */
async function loadContractCard(
  client: BillingClient,
  id: string,
  at: Date,
  options: CallOptions
): Promise<ContractCard> {
  const summary = await contractSummary(client, id, at, options);
  const customerId = summary.contract.customerId;
  let customer = "";
  if (customerId) {
    customer = await findCustomerName(client, customerId, options).catch((e: unknown) => {
      if (isMatchError(e)) return `customer ${customerId} (not found)`;
      throw e;
    });
  }
  return contractCard(summary, customer, numberFormatSupport());
}
