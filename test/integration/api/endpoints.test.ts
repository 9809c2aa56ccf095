import { DEMO } from "../../../simulator/index";
import type { Simulator } from "../../../simulator/index";
import { isNotFoundError, isValidationError } from "../../../src/api/index";
import type { BillingClient } from "../../../src/api/index";
import { DIALECTS, clientFor, startSimulator } from "./sim-client";

describe.each(DIALECTS)("every client function against the simulator (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;

  beforeAll(async () => {
    sim = await startSimulator(dialect);
    client = clientFor(sim);
  });
  afterAll(async () => {
    await sim.close();
  });

  it("getContract reads the products with their periods and the service locations", async () => {
    const contract = await client.getContract(DEMO.contracts.heatingGeneric);
    expect(contract.id).toBe(DEMO.contracts.heatingGeneric);
    expect(contract.contractNumber).toBe("C-1001");
    expect(contract.customerId).toBe(DEMO.customers.jansen);
    expect(contract.products.map((p) => p.productId)).toEqual([DEMO.products.heatingStandard]);
    expect(contract.products[0].startDateTime).toBe("2024-01-01T00:00:00Z");
    expect(contract.serviceLocations.map((s) => s.id)).toEqual([DEMO.serviceLocations.jansenMain]);
  });

  it("getContract of a switched contract lists both product periods", async () => {
    const contract = await client.getContract(DEMO.contracts.electricitySwitched);
    expect(contract.products.map((p) => p.productId).sort()).toEqual(
      [DEMO.products.electricityFixed, DEMO.products.electricityDynamic].sort()
    );
    const ended = contract.products.find((p) => p.productId === DEMO.products.electricityFixed);
    expect(ended?.endDateTime).toBe("2026-04-01T00:00:00Z");
  });

  it("getProduct lists the billing items", async () => {
    const product = await client.getProduct(DEMO.products.heatingStandard);
    expect(product.id).toBe(DEMO.products.heatingStandard);
    const ids = product.billingItems.map((b) => b.billingItemId);
    expect(ids).toEqual(
      expect.arrayContaining([DEMO.billingItems.standingChargeHeat, DEMO.billingItems.heatGj])
    );
  });

  it("getBillingItem reads the name, the kind and the unit", async () => {
    const heat = await client.getBillingItem(DEMO.billingItems.heatGj);
    expect(heat).toMatchObject({
      id: DEMO.billingItems.heatGj,
      name: "Heat",
      kind: "consumption",
      unitOfMeasure: "gj",
    });
    const standing = await client.getBillingItem(DEMO.billingItems.standingChargeHeat);
    expect(standing.kind).toBe("subscription");
  });

  it("getBillingTariffs follows every page and keeps unitTariff as decimal text", async () => {
    const tariffs = await client.getBillingTariffs(
      DEMO.products.heatingStandard,
      DEMO.billingItems.heatGj
    );
    expect(tariffs.length).toBeGreaterThan(2);
    expect(
      tariffs.every(
        (t) =>
          t.productId === DEMO.products.heatingStandard &&
          t.billingItemId === DEMO.billingItems.heatGj
      )
    ).toBe(true);
    const generic2026 = tariffs.find(
      (t) => t.contractId === null && t.startDateTime === "2026-01-01T00:00:00Z"
    );
    expect(generic2026).toMatchObject({
      calculationType: "unitprice",
      unitTariff: "41.37",
      endDateTime: null,
    });
    const own = tariffs.find((t) => t.contractId === DEMO.contracts.heatingOwnTariffs);
    expect(own?.unitTariff).toBe("40.125");
    expect(new Set(tariffs.map((t) => t.id)).size).toBe(tariffs.length);
  });

  it("getBillingTariffs shows the tiered tariff as such", async () => {
    const tariffs = await client.getBillingTariffs(
      DEMO.products.cooling,
      DEMO.billingItems.coolingGj
    );
    const tiered = tariffs.find((t) => t.contractId === DEMO.contracts.coolingTiered);
    expect(tiered?.calculationType).toBe("tiered");
    expect(tiered?.unitTariff).toBeUndefined();
  });

  it("filterCustomers follows every page", async () => {
    const all = await client.filterCustomers({});
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining(Object.values(DEMO.customers)));
    const jansen = await client.filterCustomers({ nameContains: "jansen" });
    expect(jansen.map((c) => c.id)).toEqual([DEMO.customers.jansen]);
  });

  it("filterContracts finds a customer's contracts with their numbers", async () => {
    const contracts = await client.filterContracts({ customerId: DEMO.customers.jansen });
    expect(contracts.map((c) => c.contractNumber)).toContain("C-1001");
    expect(contracts.every((c) => c.customerId === DEMO.customers.jansen)).toBe(true);
    const byNumber = await client.filterContracts({ flexSearch: "C-2001" });
    expect(byNumber.map((c) => c.id)).toEqual([DEMO.contracts.electricity]);
  });

  it("getBankAccounts lists the organisation's accounts", async () => {
    const accounts = await client.getBankAccounts();
    expect(accounts.map((a) => a.id).sort()).toEqual(
      [DEMO.bankAccounts.main, DEMO.bankAccounts.secondary].sort()
    );
    expect(accounts.find((a) => a.id === DEMO.bankAccounts.main)?.iban).toBe("NL91ABNA0417164300");
  });

  it("getPropertyGroupBillingConfiguration gives the bank account", async () => {
    const config = await client.getPropertyGroupBillingConfiguration(DEMO.propertyGroups.north);
    expect(config).toEqual({
      propertyGroupId: DEMO.propertyGroups.north,
      companyBankAccountId: DEMO.bankAccounts.main,
    });
    expect(sim.log.count("GET", /PropertyGroupBillingConfiguration\//)).toBeGreaterThan(0);
  });

  it("getTaxCodes lists the codes with rates", async () => {
    const codes = await client.getTaxCodes();
    expect(codes.map((c) => c.id)).toEqual(expect.arrayContaining(Object.values(DEMO.taxCodes)));
    expect(codes.find((c) => c.id === DEMO.taxCodes.vat21)?.rates.some((r) => r.rate === 21)).toBe(
      true
    );
  });

  it("getBillingItems follows every page of the billing item list", async () => {
    const items = await client.getBillingItems();
    expect(items.map((i) => i.id).sort()).toEqual(Object.values(DEMO.billingItems).sort());
    // Live: 15 items in pages of 2 = 8 requests; interface: one bare array.
    const pages = Math.ceil(Object.values(DEMO.billingItems).length / 2);
    expect(sim.log.count("GET", /^\/api\/cfg\/BillingItems$/)).toBe(dialect === "live" ? pages : 1);
  });

  it("filterServiceLocations lists a customer's locations", async () => {
    const locations = await client.filterServiceLocations({ customerId: DEMO.customers.jansen });
    expect(locations.map((l) => l.id).sort()).toEqual(
      [DEMO.serviceLocations.jansenMain, DEMO.serviceLocations.jansenWarehouse].sort()
    );
  });

  it("creates, approves and reads an invoice, and finds it by its reference", async () => {
    const ref = `it-${dialect}-${Date.now()}`;
    const created = await client.createInvoice({
      customerId: DEMO.customers.jansen,
      companyBankAccountId: DEMO.bankAccounts.main,
      externalReference: ref,
      lines: [
        { taxCodeId: DEMO.taxCodes.vat21, description: "Meter repair", quantity: 1, unitPrice: 50 },
      ],
    });
    expect(created.status).toBe("created");
    expect(created.invoiceNum).toBeUndefined();
    await client.approveInvoice(created.id, "2026-06-15T00:00:00+02:00");
    let invoice = await client.getInvoice(created.id);
    for (let i = 0; i < 50 && !(invoice.status === "approved" && invoice.invoiceNum); i++) {
      await new Promise((r) => setTimeout(r, 50));
      invoice = await client.getInvoice(created.id);
    }
    expect(invoice.status).toBe("approved");
    expect(invoice.invoiceNum).toMatch(/\S/);
    const found = await client.findInvoicesByExternalReference(ref);
    expect(found.map((f) => f.id)).toEqual([created.id]);
    expect(await client.findInvoicesByExternalReference(`${ref}-other`)).toEqual([]);
  });

  it("a refused create is a ValidationError with the service's entries", async () => {
    const error = await client
      .createInvoice({
        customerId: DEMO.customers.jansen,
        companyBankAccountId: DEMO.bankAccounts.main,
        lines: [],
      })
      .catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    expect((error as { entries: unknown[] }).entries.length).toBeGreaterThan(0);
  });

  it("an unknown contract is a NotFoundError naming the endpoint", async () => {
    const error = await client
      .getContract("00000000-0000-4000-8000-0000000000ff")
      .catch((e: unknown) => e);
    expect(isNotFoundError(error)).toBe(true);
    expect((error as Error).message).toContain(
      "GET /api/md/Contracts/00000000-0000-4000-8000-0000000000ff"
    );
  });

  it("an unknown invoice is a NotFoundError", async () => {
    await expect(client.getInvoice("00000000-0000-4000-8000-0000000000ff")).rejects.toMatchObject({
      name: "NotFoundError",
      status: 404,
    });
  });
});
