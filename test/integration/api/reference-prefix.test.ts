/**
 * `findInvoicesByReferencePrefix`: `Invoices/filter` with `flexSearch` = a prefix and
 * `excludeIds`, every page; only invoices whose reference starts with the prefix come back, whatever
 * else the service's broad search matched.
 */
import { DEMO } from "../../../simulator/index";
import type { Simulator } from "../../../simulator/index";
import type { BillingClient } from "../../../src/api/index";
import { DIALECTS, clientFor, startSimulator } from "./sim-client";

describe.each(DIALECTS)("findInvoicesByReferencePrefix (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    sim = await startSimulator(dialect);
    client = clientFor(sim);
    const body = {
      customerId: DEMO.customers.jansen,
      companyBankAccountId: DEMO.bankAccounts.main,
      lines: [{ description: "Seal", quantity: 1, unitPrice: 10, taxCodeId: DEMO.taxCodes.vat21 }],
    };
    // Seven under the prefix (more than one page of the simulator's 4), one that merely contains it.
    for (const ref of ["1", "2", "3", "4", "5", "6", "7"].map((n) => `XL-aaaa0000${n}`))
      ids[ref] = (await client.createInvoice({ ...body, externalReference: ref })).id;
    ids.other = (await client.createInvoice({ ...body, externalReference: "ZZ-XL-aaaa0000" })).id;
  });
  afterAll(() => sim.close());

  it("finds every invoice whose reference starts with the prefix, over every page, and no other", async () => {
    const found = await client.findInvoicesByReferencePrefix!("XL-aaaa0000");
    expect(found.map((i) => i.externalReference).sort()).toEqual(
      ["1", "2", "3", "4", "5", "6", "7"].map((n) => `XL-aaaa0000${n}`)
    );
  });

  it("learns the service's page size from a list that went on to a next page (the live dialect pages)", async () => {
    const fresh = clientFor(sim);
    expect(fresh.listPageSize!()).toBeUndefined();
    // One page: nothing learnt (a page that ends the list may hold fewer than a page's worth).
    await fresh.getInvoicesByIds([ids["XL-aaaa00001"]]);
    expect(fresh.listPageSize!()).toBeUndefined();
    const all = await fresh.getInvoicesByIds(Object.values(ids));
    expect(all).toHaveLength(8);
    // sim-client.ts pages by 2; the interface dialect answers bare lists (no pages).
    expect(fresh.listPageSize!()).toBe(dialect === "live" ? 2 : undefined);
  });

  it("leaves out the ids excluded", async () => {
    const found = await client.findInvoicesByReferencePrefix!("XL-aaaa0000", {
      excludeIds: [ids["XL-aaaa00001"], ids["XL-aaaa00005"]],
    });
    expect(found.map((i) => i.id).sort()).toEqual(
      ["2", "3", "4", "6", "7"].map((n) => ids[`XL-aaaa0000${n}`]).sort()
    );
  });
});
