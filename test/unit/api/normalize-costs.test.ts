import {
  normalizeBillingItem,
  normalizeContract,
  normalizeProduct,
  normalizeTariff,
} from "../../../src/api/normalize-costs";
import { isResponseFormatError } from "../../../src/api/errors";

const CONTRACT_ID = "11111111-1111-4111-8111-111111111111";
const PRODUCT_ID = "22222222-2222-4222-8222-222222222222";
const ITEM_ID = "33333333-3333-4333-8333-333333333333";

function expectMalformed(fn: () => unknown, field: RegExp): void {
  try {
    fn();
  } catch (e) {
    expect(isResponseFormatError(e)).toBe(true);
    expect((e as Error).message).toMatch(field);
    return;
  }
  throw new Error("expected a ResponseFormatError");
}

describe("normalizeContract", () => {
  const live = {
    id: CONTRACT_ID,
    contractNumber: "C-1001",
    contractor: { customerId: "cust-1" },
    billingDetails: {
      products: [
        {
          productId: PRODUCT_ID,
          productName: "Heating",
          startDateTime: "2024-01-01T00:00:00Z",
          endDateTime: null,
        },
      ],
    },
    serviceLocations: [
      {
        id: "sl-1",
        address: { streetName: "Main", streetNumber: 1, postalCode: "1234AB", city: "Breda" },
      },
    ],
  };
  const interfaceDialect = {
    Id: CONTRACT_ID,
    ContractNumber: "C-1001",
    CustomerId: "cust-1",
    BillingDetails: {
      Products: [
        {
          ProductId: PRODUCT_ID,
          StartDate: "2024-01-01T00:00:00Z",
          EndDate: "2025-01-01T00:00:00Z",
        },
      ],
    },
    ServiceLocations: [{ ServiceLocationId: "sl-1", Name: "Main building" }],
  };

  it("reads the live dialect", () => {
    expect(normalizeContract(live)).toEqual({
      id: CONTRACT_ID,
      contractNumber: "C-1001",
      customerId: "cust-1",
      products: [
        {
          productId: PRODUCT_ID,
          productName: "Heating",
          startDateTime: "2024-01-01T00:00:00Z",
          endDateTime: null,
        },
      ],
      serviceLocations: [{ id: "sl-1", name: "Main 1, 1234AB Breda" }],
    });
  });

  it("reads the interface document's dialect with StartDate/EndDate", () => {
    expect(normalizeContract(interfaceDialect)).toEqual({
      id: CONTRACT_ID,
      contractNumber: "C-1001",
      customerId: "cust-1",
      products: [
        {
          productId: PRODUCT_ID,
          startDateTime: "2024-01-01T00:00:00Z",
          endDateTime: "2025-01-01T00:00:00Z",
        },
      ],
      serviceLocations: [{ id: "sl-1", name: "Main building" }],
    });
  });

  it("uses the requested id when the body has none, and empty lists when there are no products", () => {
    expect(normalizeContract({ contractNumber: "C-9" }, CONTRACT_ID)).toEqual({
      id: CONTRACT_ID,
      contractNumber: "C-9",
      products: [],
      serviceLocations: [],
    });
  });

  it("accepts service locations given as bare ids", () => {
    expect(normalizeContract({ id: "c", serviceLocations: ["sl-9"] }).serviceLocations).toEqual([
      { id: "sl-9" },
    ]);
  });

  it.each([
    ["not an object", [], /contract should be an object/],
    ["no id at all", { contractNumber: "x" }, /contract\.id is missing/],
    [
      "products not a list",
      { id: "c", billingDetails: { products: {} } },
      /products should be a list/,
    ],
    [
      "billingDetails not an object",
      { id: "c", billingDetails: "x" },
      /billingDetails should be an object/,
    ],
    [
      "a product without productId",
      { id: "c", billingDetails: { products: [{ startDateTime: "2024" }] } },
      /products\[0\]\.productId is missing/,
    ],
    [
      "a numeric start date",
      { id: "c", billingDetails: { products: [{ productId: "p", startDateTime: 2024 }] } },
      /startDateTime should be a date-time/,
    ],
    ["an id of the wrong type", { id: { x: 1 } }, /contract\.id should be text/],
  ])("rejects a contract with %s", (_what, raw, message) => {
    expectMalformed(() => normalizeContract(raw), message);
  });
});

describe("normalizeProduct", () => {
  it("reads the live dialect with item periods and periodicity", () => {
    const raw = {
      id: PRODUCT_ID,
      name: "Heating",
      billingItems: [
        {
          billingItemId: ITEM_ID,
          order: 1,
          periodicityParameters: { periodicityType: "Yearly" },
          startDateTime: "2025-10-01T00:00:00Z",
          endDateTime: "2026-04-01T00:00:00Z",
        },
      ],
    };
    expect(normalizeProduct(raw)).toEqual({
      id: PRODUCT_ID,
      name: "Heating",
      billingItems: [
        {
          billingItemId: ITEM_ID,
          order: 1,
          periodicityType: "yearly",
          startDateTime: "2025-10-01T00:00:00Z",
          endDateTime: "2026-04-01T00:00:00Z",
        },
      ],
    });
  });

  it("reads the interface dialect (BillingItems[].BillingItemId, PeriodicityParameters)", () => {
    const raw = {
      Id: PRODUCT_ID,
      BillingItems: [{ BillingItemId: ITEM_ID, PeriodicityParameters: { Type: "Monthly" } }],
    };
    expect(normalizeProduct(raw)).toEqual({
      id: PRODUCT_ID,
      billingItems: [{ billingItemId: ITEM_ID, periodicityType: "monthly" }],
    });
  });

  it.each([
    ["billing items not a list", { id: "p", billingItems: "x" }, /billingItems should be a list/],
    [
      "an item without id",
      { id: "p", billingItems: [{ order: 1 }] },
      /billingItems\[0\]\.billingItemId is missing/,
    ],
    [
      "an order that is not a number",
      { id: "p", billingItems: [{ billingItemId: "b", order: "first" }] },
      /order should be a number/,
    ],
    [
      "an item that is not an object",
      { id: "p", billingItems: [null] },
      /billingItems\[0\] should be an object/,
    ],
  ])("rejects a product with %s", (_what, raw, message) => {
    expectMalformed(() => normalizeProduct(raw), message);
  });
});

describe("normalizeBillingItem", () => {
  it("reads the live dialect: name, description, billingCalculationType, unitOfMeasure", () => {
    const raw = {
      id: ITEM_ID,
      name: "Heat",
      description: "Heat delivered",
      calculationParameters: { billingCalculationType: "consumption", unitOfMeasure: "GJ" },
    };
    expect(normalizeBillingItem(raw)).toEqual({
      id: ITEM_ID,
      name: "Heat",
      description: "Heat delivered",
      kind: "consumption",
      unitOfMeasure: "gj",
    });
  });

  it("reads the interface dialect with NameDescription as text", () => {
    const raw = {
      Id: ITEM_ID,
      NameDescription: "Standing charge",
      CalculationParameters: { type: "subscription" },
    };
    expect(normalizeBillingItem(raw)).toEqual({
      id: ITEM_ID,
      name: "Standing charge",
      kind: "subscription",
    });
  });

  it("reads NameDescription as an object with name and description", () => {
    const raw = {
      id: ITEM_ID,
      nameDescription: { Name: "Water", Description: "Per m³" },
      calculationParameters: { Type: "Consumption", UnitOfMeasure: "m3" },
    };
    expect(normalizeBillingItem(raw)).toEqual({
      id: ITEM_ID,
      name: "Water",
      description: "Per m³",
      kind: "consumption",
      unitOfMeasure: "m3",
    });
  });

  it.each([
    ["attribute", "attribute"],
    ["ConsumptionUnit", "consumptionunit"],
    ["customEntityProperty", "customentityproperty"],
    ["something-new", "unknown"],
  ])("maps the kind %s to %s", (sent, kind) => {
    expect(
      normalizeBillingItem({
        id: "b",
        name: "x",
        calculationParameters: { billingCalculationType: sent },
      }).kind
    ).toBe(kind);
  });

  it("gives kind unknown and an empty name when the item says neither", () => {
    expect(normalizeBillingItem({ id: "b" })).toEqual({ id: "b", name: "", kind: "unknown" });
  });

  it.each([
    [
      "calculationParameters as text",
      { id: "b", calculationParameters: "subscription" },
      /calculationParameters should be an object/,
    ],
    [
      "NameDescription as a number",
      { id: "b", NameDescription: 5 },
      /nameDescription should be text or an object/,
    ],
    ["a name that is a list", { id: "b", name: ["x"] }, /name should be text/],
    ["no id", { name: "x" }, /billingItem\.id is missing/],
  ])("rejects a billing item with %s", (_what, raw, message) => {
    expectMalformed(() => normalizeBillingItem(raw), message);
  });
});

describe("normalizeTariff", () => {
  const query = { productId: PRODUCT_ID, billingItemId: ITEM_ID };

  it("reads the live dialect (calculationType lower case) keeping unitTariff as decimal text", () => {
    const raw = {
      id: "t1",
      productId: PRODUCT_ID,
      billingItemId: ITEM_ID,
      contractId: null,
      startDateTime: "2026-01-01T00:00:00Z",
      endDateTime: null,
      calculationParameters: { calculationType: "unitprice", unitTariff: 41.37 },
    };
    expect(normalizeTariff(raw, query)).toEqual({
      id: "t1",
      productId: PRODUCT_ID,
      billingItemId: ITEM_ID,
      contractId: null,
      startDateTime: "2026-01-01T00:00:00Z",
      endDateTime: null,
      calculationType: "unitprice",
      unitTariff: "41.37",
    });
  });

  it("reads the interface dialect (type unitPrice, contract-specific)", () => {
    const raw = {
      Id: "t2",
      ProductId: PRODUCT_ID,
      BillingItemId: ITEM_ID,
      ContractId: CONTRACT_ID,
      StartDateTime: "2026-03-01T00:00:00Z",
      EndDateTime: "2027-01-01T00:00:00Z",
      CalculationParameters: { type: "unitPrice", UnitTariff: "40.125" },
    };
    expect(normalizeTariff(raw, query)).toEqual({
      id: "t2",
      productId: PRODUCT_ID,
      billingItemId: ITEM_ID,
      contractId: CONTRACT_ID,
      startDateTime: "2026-03-01T00:00:00Z",
      endDateTime: "2027-01-01T00:00:00Z",
      calculationType: "unitprice",
      unitTariff: "40.125",
    });
  });

  it.each([
    ["stairStep", "stairstep"],
    ["Tiered", "tiered"],
    ["volume", "volume"],
    ["condition", "condition"],
    ["bogus", "unknown"],
  ])("maps the tariff type %s to %s and keeps no unitTariff", (sent, type) => {
    const t = normalizeTariff(
      {
        id: "t",
        startDateTime: "2026-01-01",
        calculationParameters: { type: sent, unitTariff: 5 },
      },
      query
    );
    expect(t.calculationType).toBe(type);
    expect(t.unitTariff).toBeUndefined();
  });

  it("fills product and billing item from the query, and treats an empty contractId as generic", () => {
    const t = normalizeTariff(
      {
        id: "t",
        contractId: "",
        startDateTime: "2026-01-01",
        calculationParameters: { type: "unitPrice", unitTariff: 1 },
      },
      query
    );
    expect([t.productId, t.billingItemId, t.contractId, t.endDateTime]).toEqual([
      PRODUCT_ID,
      ITEM_ID,
      null,
      null,
    ]);
  });

  it("keeps the decimal text of numbers exactly as String(number) gives it", () => {
    const amounts: [unknown, string][] = [
      [0.1, "0.1"],
      [79.1, "79.1"],
      [1e21, "1e+21"],
      [" 12.50 ", "12.50"],
      ["-3", "-3"],
      [0, "0"],
    ];
    for (const [sent, text] of amounts) {
      const t = normalizeTariff(
        {
          id: "t",
          startDateTime: "2026",
          calculationParameters: { type: "unitprice", unitTariff: sent },
        },
        query
      );
      expect(t.unitTariff).toBe(text);
    }
  });

  it("leaves unitTariff undefined when a unit price tariff does not send one", () => {
    expect(
      normalizeTariff(
        { id: "t", startDateTime: "2026", calculationParameters: { type: "unitprice" } },
        query
      ).unitTariff
    ).toBeUndefined();
  });

  it.each([
    ["a garbage unitTariff", { unitTariff: "12,50 EUR" }, /unitTariff is not a decimal number/],
    ["a NaN-like unitTariff", { unitTariff: "NaN" }, /unitTariff is not a decimal number/],
    ["an Infinity unitTariff", { unitTariff: Infinity }, /unitTariff is not a finite number/],
    ["a boolean unitTariff", { unitTariff: true }, /unitTariff should be a decimal number/],
  ])("rejects %s", (_what, params, message) => {
    expectMalformed(
      () =>
        normalizeTariff(
          {
            id: "t",
            startDateTime: "2026",
            calculationParameters: { type: "unitPrice", ...params },
          },
          query
        ),
      message
    );
  });

  it.each([
    ["no id", { startDateTime: "2026" }, query, /\]\.id is missing/],
    ["no start", { id: "t" }, query, /startDateTime is missing/],
    [
      "no product id and none asked",
      { id: "t", startDateTime: "2026" },
      { billingItemId: "b" },
      /productId is missing/,
    ],
    [
      "no billing item id and none asked",
      { id: "t", startDateTime: "2026" },
      { productId: "p" },
      /billingItemId is missing/,
    ],
  ])("rejects a tariff with %s", (_what, raw, q, message) => {
    expectMalformed(() => normalizeTariff(raw, q), message);
  });
});
