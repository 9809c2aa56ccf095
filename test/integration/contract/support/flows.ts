/**
 * What the add-in does against a service, as one script: every client function, the cost rules on
 * contracts found through the lookups, an invoice run with approval and polling, and the search that
 * recognises an invoice by its externalReference. Run through the validating proxy, it shows the
 * documents every request and answer of the add-in.
 *
 * Ids are discovered through the lookups (not taken from the simulator's demo data), so the same
 * script runs against a company's own tenant (`npm run test:conformance`, see README).
 */
import { nextDay, startOfDayInZone } from "../../../../src/api";
import type { BillingClient } from "../../../../src/api";
import { contractCosts } from "../../../../src/costs";
import { planInvoices, runInvoices } from "../../../../src/invoices";
import type { RunSummary } from "../../../../src/invoices";
import { MemorySheet, TEST_RUN } from "../../invoices/helpers";

/** What the read flows found, for assertions and for the invoice run. */
export interface ReadFindings {
  customers: number;
  contracts: number;
  costLines: number;
  tariffs: number;
  customerId: string;
  bankAccountId: string;
  taxCodeId: string;
  billingItemId?: string;
  serviceLocationId?: string;
}

/** The reading flows: lookups, contracts, products, billing items, tariffs and the cost rules. */
export async function readFlows(client: BillingClient, date: Date): Promise<ReadFindings> {
  const customers = await client.filterCustomers({});
  if (customers.length === 0) throw new Error("The service lists no customers.");
  await client.filterCustomers({ nameContains: customers[0].name.slice(0, 4) });
  const contracts = await client.filterContracts({ excludeTerminatedContracts: true });
  await client.filterContracts({ customerId: customers[0].id });
  const bankAccounts = await client.getBankAccounts();
  const taxCodes = await client.getTaxCodes();
  const billingItems = await client.getBillingItems();
  if (bankAccounts.length === 0 || taxCodes.length === 0)
    throw new Error("The service lists no bank account or no tax code.");

  let costLines = 0;
  let tariffs = 0;
  for (const summary of contracts.slice(0, 6)) {
    const contract = await client.getContract(summary.id);
    // The cost rules read the product, its billing items and their tariffs through the client.
    costLines += (await contractCosts(client, contract.id, date)).length;
    for (const ref of contract.products) {
      const product = await client.getProduct(ref.productId);
      for (const item of product.billingItems) {
        await client.getBillingItem(item.billingItemId);
        tariffs += (await client.getBillingTariffs(product.id, item.billingItemId)).length;
      }
    }
  }
  const customerId = contracts[0]?.customerId ?? customers[0].id;
  const locations = await client.filterServiceLocations({ customerId });
  return {
    customers: customers.length,
    contracts: contracts.length,
    costLines,
    tariffs,
    customerId,
    bankAccountId: (bankAccounts.find((b) => b.isDefault) ?? bankAccounts[0]).id,
    taxCodeId: taxCodes[0].id,
    billingItemId: billingItems[0]?.id,
    serviceLocationId: locations[0]?.id,
  };
}

/** Reads a property group's billing configuration (the sheet's `propertyGroupId` column). */
export async function propertyGroupFlow(client: BillingClient, propertyGroupId: string) {
  return client.getPropertyGroupBillingConfiguration(propertyGroupId);
}

/**
 * An invoice run (create, approve, poll until numbered) of two invoices — three when
 * `failingDescription` names a line text the service fails approval for — then the recognition
 * search by externalReference for each.
 */
export async function invoiceFlow(
  client: BillingClient,
  found: ReadFindings,
  today: Date,
  options: { failingDescription?: string } = {}
): Promise<{
  summary: RunSummary;
  sheet: MemorySheet;
  recognised: number;
  listed: number;
  listedAll: number;
}> {
  const line = {
    customerId: found.customerId,
    companyBankAccountId: found.bankAccountId,
    taxCodeId: found.taxCodeId,
    description: "Conformance check",
    quantity: 1,
    unitPrice: 12.5,
  };
  const rows = [
    { ...line, invoiceRef: "A" },
    { ...line, invoiceRef: "A", billingItemId: found.billingItemId ?? null, quantity: 2 },
    { ...line, invoiceRef: "B", serviceLocationId: found.serviceLocationId ?? null },
  ];
  if (options.failingDescription)
    rows.push({ ...line, invoiceRef: "C", description: options.failingDescription });
  const sheet = new MemorySheet(rows);
  const plan = planInvoices(sheet.snapshot(), { today });
  // References derived within a sheet, as the pane runs: the reference check is then the
  // gathered prefix search (`flexSearch` + `excludeIds`), checked against the documents.
  const summary = await runInvoices(client, plan, {
    ...TEST_RUN,
    referenceScope: `Conformance ${today.toISOString()}.xlsx/Invoices`,
    onRowUpdates: sheet.apply,
  });
  let recognised = 0;
  const refs = new Set(sheet.rows.map((r) => String(sheet.cell(r.rowNumber, "externalReference"))));
  for (const ref of refs) recognised += (await client.findInvoicesByExternalReference(ref)).length;
  // The one-by-one path (a service without bulk approval: one approve per invoice) and a single
  // invoice read, so that they meet the documents too.
  const single = new MemorySheet([{ ...line, invoiceRef: "D" }]);
  await runInvoices(client, planInvoices(single.snapshot(), { today }), {
    ...TEST_RUN,
    bulkApprove: false,
    onRowUpdates: single.apply,
  });
  await client.getInvoice(String(single.cell(single.rows[0].rowNumber, "invoiceId")));
  // BILLING.INVOICES's search: the customer's invoices by invoice date and status.
  const listed = await client.filterInvoices({
    customerId: found.customerId,
    from: new Date(today.getTime() - 86_400_000).toISOString(),
    to: new Date(today.getTime() + 86_400_000).toISOString(),
    statuses: ["created", "approvalinprogress", "approved"],
  });
  // BILLING.INVOICES without a customer: every customer's invoices of a period (days of the
  // company's zone, sent with their offsets) and status, each with its payment state if any.
  const listedAll = await client.filterInvoices({
    from: startOfDayInZone(today.toISOString().slice(0, 10), "Europe/Amsterdam"),
    to: startOfDayInZone(nextDay(today.toISOString().slice(0, 10)), "Europe/Amsterdam"),
    statuses: ["approved"],
  });
  return { summary, sheet, recognised, listed: listed.length, listedAll: listedAll.length };
}
