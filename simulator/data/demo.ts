/**
 * The demo dataset: a small utility company with district heating (Gj), electricity (kWh) and water
 * (m³). Ids are deterministic (see ./ids.ts), so other tests can use `DEMO` below.
 *
 * Reference date for every figure in the comments: 2026-06-15T00:00:00Z (`DEMO.referenceDate`).
 * Fixed totals are EUR per year (sum of the chosen unit tariffs of the active subscription items,
 * one charge per product); variable tariffs are EUR per unit.
 */
import type { Dataset, DataCustomer, DataServiceLocation, DataTariff } from "./dataset-types";
import { simId } from "./ids";

const cu = (n: number) => simId("customer", n);
const ct = (n: number) => simId("contract", n);
const pr = (n: number) => simId("product", n);
const bi = (n: number) => simId("billingItem", n);
const tc = (n: number) => simId("taxCode", n);
const ba = (n: number) => simId("bankAccount", n);
const pg = (n: number) => simId("propertyGroup", n);
const sl = (n: number) => simId("serviceLocation", n);

/** Well-known ids of the demo dataset and the figures other tests can rely on. */
export const DEMO = {
  referenceDate: "2026-06-15T00:00:00Z",
  customers: {
    jansen: cu(1),
    deVries: cu(2),
    smit: cu(3),
    groenhorst: cu(4),
    oosterhout: cu(5),
    /** Pays by direct debit without an active mandate: approval refuses (MISSING_ACTIVE_MANDATE). */
    vandenBerg: cu(6),
    /** No postal address: sending by post is refused (USER_HAS_NO_POSTAL_ADDRESS). */
    mulder: cu(7),
    visser: cu(8),
  },
  contracts: {
    /**
     * C-1001, heating standard, generic tariffs only.
     * Fixed 2026-06-15: 412.56 (standing charge) + 79.10 (meter rental) + 145.20 (connection capacity)
     * = 636.86 (float sum drifts to 636.8599999999999). The winter surcharge (item period
     * 2025-10-01..2026-04-01) and the attribute item do not count.
     * Variable: heat 41.37 /Gj. (At 2025-06-15: standing charge 398.40, heat 39.85. At 2026-02-15 the
     * winter surcharge counts: 636.86 + 55.00 = 691.86.)
     */
    heatingGeneric: ct(1),
    /**
     * C-1002, heating standard with contract-specific tariffs.
     * Fixed 2026-06-15: 380.00 (own standing charge) + 79.10 + 145.20 = 604.30.
     * Variable: heat 40.125 /Gj (own tariff from 2026-03-01; at 2026-02-15 the generic 41.37).
     */
    heatingOwnTariffs: ct(2),
    /**
     * C-2001, electricity fixed. Fixed: 70.10 + 20.20 = 90.30 (float: 90.3).
     * Variable: normal 0.0825 /kWh (a newer unit price beats an older, still valid tiered tariff),
     * low 0.0671 /kWh.
     */
    electricity: ct(3),
    /**
     * C-2002, switched from "Electricity fixed" to "Electricity dynamic 2026" on 2026-04-01.
     * Fixed 2026-06-15: 62.40 (dynamic standing charge). Variable: normal 0.0910, low 0.0702,
     * solar feed-in 0.0450 /kWh. At 2026-02-15 (old product): fixed 90.30, normal 0.0825, low 0.0671.
     */
    electricitySwitched: ct(4),
    /**
     * C-3001, water with a contract-specific water tariff.
     * Fixed: 95.33 + 24.17 = 119.50. Variable: water 1.49 /m³ (own tariff; generic is 1.6142).
     */
    waterOwnTariff: ct(5),
    /**
     * C-4001, heating standard + water: meter rental counted once per product.
     * Fixed: 636.86 + 119.50 = 756.36 (float drifts to 756.3599999999999).
     * Variable: heat 41.37 /Gj, water 1.6142 /m³.
     */
    heatingAndWater: ct(6),
    /**
     * C-5001, cooling; its own cooling tariff is TIERED and current → the cooling item is unpriceable
     * (variable costs fail naming "Cooling energy"). Fixed: 199.99 (own connection capacity).
     */
    coolingTiered: ct(7),
    /**
     * C-5002, cooling on the same product as C-5001; C-5001's own tariffs must never be used here.
     * Fixed: 210.00. Variable: cooling 28.40 /Gj.
     */
    coolingShared: ct(8),
    /** C-9001, no products at all. */
    noProducts: ct(9),
    /** C-9002, only a product that has no billing items. */
    emptyProduct: ct(10),
    /**
     * C-6001, heat units: fixed 0.10 (service fee) + 0.20 (meter rental) = 0.30
     * (float: 0.30000000000000004). The consumptionunit item is "other". No variable items.
     */
    heatUnits: ct(11),
    /**
     * C-1003, heating green (Woonstichting Groenhorst). Fixed: 450.00 + 82.30 = 532.30.
     * Variable: heat 45.99 /Gj until 2026-07-01, 47.25 from then (future tariff); 44.00 in 2025.
     */
    heatingGreen: ct(12),
    /** C-3002, terminated water contract; its product period ended 2026-01-01 (no products now). */
    terminated: ct(13),
  },
  products: {
    heatingStandard: pr(1),
    heatingGreen: pr(2),
    electricityFixed: pr(3),
    electricityDynamic: pr(4),
    water: pr(5),
    cooling: pr(6),
    /** Has no billing items. */
    empty: pr(7),
    heatUnits: pr(8),
  },
  billingItems: {
    standingChargeHeat: bi(1),
    meterRental: bi(2),
    connectionCapacity: bi(3),
    heatGj: bi(4),
    electricityNormal: bi(5),
    electricityLow: bi(6),
    waterM3: bi(7),
    standingChargeElectricity: bi(8),
    standingChargeWater: bi(9),
    /** kind attribute. */
    meterSize: bi(10),
    coolingGj: bi(11),
    solarFeedIn: bi(12),
    serviceFee: bi(13),
    /** kind consumptionunit. */
    heatUnits: bi(14),
    /** In "heating standard" with its own item period 2025-10-01..2026-04-01. */
    winterSurcharge: bi(15),
  },
  taxCodes: { vat21: tc(1), vat9: tc(2), vat0: tc(3) },
  bankAccounts: { main: ba(1), secondary: ba(2) },
  propertyGroups: { north: pg(1), south: pg(2) },
  serviceLocations: {
    jansenMain: sl(1),
    jansenWarehouse: sl(2),
    deVries: sl(3),
    smit: sl(4),
    groenhorst: sl(5),
    oosterhoutHall: sl(6),
    oosterhoutPool: sl(7),
    vandenBerg: sl(8),
    mulder: sl(9),
    visser: sl(10),
  },
} as const;

const P = DEMO.products;
const B = DEMO.billingItems;
const C = DEMO.contracts;
const S = DEMO.serviceLocations;

const Y2024 = "2024-01-01T00:00:00Z";
const Y2025 = "2025-01-01T00:00:00Z";
const Y2026 = "2026-01-01T00:00:00Z";
const Y2027 = "2027-01-01T00:00:00Z";

let tariffNo = 0;
/** A unit-price tariff; `contractId` null = generic. */
function unit(
  productId: string,
  billingItemId: string,
  unitTariff: number,
  startDateTime: string,
  endDateTime: string | null = null,
  contractId: string | null = null
): DataTariff {
  tariffNo += 1;
  return {
    id: simId("tariff", tariffNo),
    productId,
    billingItemId,
    contractId,
    startDateTime,
    endDateTime,
    calculationType: "unitprice",
    unitTariff,
  };
}
/** A tiered tariff (closed period, as the live service requires). */
function tiered(
  productId: string,
  billingItemId: string,
  startDateTime: string,
  endDateTime: string,
  contractId: string | null = null
): DataTariff {
  tariffNo += 1;
  return {
    id: simId("tariff", tariffNo),
    productId,
    billingItemId,
    contractId,
    startDateTime,
    endDateTime,
    calculationType: "tiered",
    tiers: [
      { from: 0, to: 1000, unitTariff: 0.09 },
      { from: 1000, to: null, unitTariff: 0.07 },
    ],
  };
}

const tariffs: DataTariff[] = [
  // Heating standard: expired, current and future standing charge; C-1002 has its own.
  unit(P.heatingStandard, B.standingChargeHeat, 398.4, Y2025, Y2026),
  unit(P.heatingStandard, B.standingChargeHeat, 412.56, Y2026, Y2027),
  unit(P.heatingStandard, B.standingChargeHeat, 430, Y2027),
  unit(P.heatingStandard, B.standingChargeHeat, 380, Y2026, null, C.heatingOwnTariffs),
  unit(P.heatingStandard, B.meterRental, 79.1, Y2024),
  unit(P.heatingStandard, B.connectionCapacity, 145.2, "2025-07-01T00:00:00Z"),
  unit(P.heatingStandard, B.heatGj, 39.85, Y2025, Y2026),
  unit(P.heatingStandard, B.heatGj, 41.37, Y2026),
  unit(P.heatingStandard, B.heatGj, 40.125, "2026-03-01T00:00:00Z", null, C.heatingOwnTariffs),
  unit(P.heatingStandard, B.meterSize, 12, Y2024),
  unit(P.heatingStandard, B.winterSurcharge, 55, "2025-10-01T00:00:00Z"),
  // Heating green: expired, current and future heat tariffs.
  unit(P.heatingGreen, B.standingChargeHeat, 450, Y2026),
  unit(P.heatingGreen, B.meterRental, 82.3, Y2024),
  unit(P.heatingGreen, B.heatGj, 44, Y2025, Y2026),
  unit(P.heatingGreen, B.heatGj, 45.99, Y2026, "2026-07-01T00:00:00Z"),
  unit(P.heatingGreen, B.heatGj, 47.25, "2026-07-01T00:00:00Z"),
  // Electricity fixed: an older tiered tariff (still valid) loses to a newer unit price.
  unit(P.electricityFixed, B.standingChargeElectricity, 70.1, Y2025),
  unit(P.electricityFixed, B.meterRental, 20.2, Y2024),
  tiered(P.electricityFixed, B.electricityNormal, Y2025, "2026-12-31T00:00:00Z"),
  unit(P.electricityFixed, B.electricityNormal, 0.0825, Y2026),
  unit(P.electricityFixed, B.electricityLow, 0.0712, Y2025, Y2026),
  unit(P.electricityFixed, B.electricityLow, 0.0671, Y2026),
  // Electricity dynamic 2026.
  unit(P.electricityDynamic, B.standingChargeElectricity, 62.4, Y2026),
  unit(P.electricityDynamic, B.electricityNormal, 0.091, Y2026),
  unit(P.electricityDynamic, B.electricityLow, 0.0702, Y2026),
  unit(P.electricityDynamic, B.solarFeedIn, 0.045, Y2026),
  // Water: C-3001 has its own water tariff.
  unit(P.water, B.standingChargeWater, 95.33, Y2026),
  unit(P.water, B.standingChargeWater, 91.8, Y2025, Y2026),
  unit(P.water, B.meterRental, 24.17, Y2024),
  unit(P.water, B.waterM3, 1.6142, Y2026),
  unit(P.water, B.waterM3, 1.49, Y2026, null, C.waterOwnTariff),
  // Cooling, shared by C-5001 and C-5002; C-5001's own tariffs (one tiered) never apply to C-5002.
  unit(P.cooling, B.connectionCapacity, 210, Y2026),
  unit(P.cooling, B.connectionCapacity, 199.99, Y2026, null, C.coolingTiered),
  unit(P.cooling, B.coolingGj, 28.4, Y2026),
  tiered(P.cooling, B.coolingGj, Y2026, "2026-12-31T00:00:00Z", C.coolingTiered),
  // Heat units: 0.10 + 0.20 (the classic float drift).
  unit(P.heatUnits, B.serviceFee, 0.1, Y2026),
  unit(P.heatUnits, B.meterRental, 0.2, Y2026),
  unit(P.heatUnits, B.heatUnits, 0.5, Y2026),
];

/** A company customer; the service shows its company name as the short display name. */
function company(id: string, accountNumber: string, companyName: string): DataCustomer {
  return {
    id,
    accountNumber,
    customerType: "organization",
    companyName,
    shortDisplayName: companyName,
  };
}

/** A person customer. */
function person(
  id: string,
  accountNumber: string,
  firstName: string,
  lastName: string,
  shortDisplayName: string | null
): DataCustomer {
  return { id, accountNumber, customerType: "person", firstName, lastName, shortDisplayName };
}

/** A service location of customer `cu(customerNo)` in the Netherlands. */
function location(
  id: string,
  name: string,
  [streetName, streetNumber, postalCode, city]: [string, string, string, string],
  customerNo: number
): DataServiceLocation {
  return {
    id,
    name,
    address: { streetName, streetNumber, postalCode, city, country: "nld" },
    customerId: cu(customerNo),
  };
}

/** Builds a fresh copy of the demo dataset (callers may mutate it). */
export function demoDataset(): Dataset {
  return structuredClone(DEMO_DATASET);
}

const DEMO_DATASET: Dataset = {
  customers: [
    company(DEMO.customers.jansen, "CUST-0001", "Jansen Warmte BV"),
    company(DEMO.customers.deVries, "CUST-0002", "De Vries Appartementen"),
    company(DEMO.customers.smit, "CUST-0003", "Bakkerij Smit"),
    company(DEMO.customers.groenhorst, "CUST-0004", "Woonstichting Groenhorst"),
    company(DEMO.customers.oosterhout, "CUST-0005", "Gemeente Oosterhout"),
    // Pays by direct debit but its mandate has lapsed: approval refuses its direct-debit invoices.
    {
      ...company(DEMO.customers.vandenBerg, "CUST-0006", "Van den Berg Holding"),
      paymentMethod: "sdd",
      directDebitMandate: false,
    },
    // A person the service gave no short display name: clients fall back to first + last name.
    // No postal address on file: sending by post is refused.
    {
      ...person(DEMO.customers.mulder, "CUST-0007", "Jan", "Mulder", null),
      hasPostalAddress: false,
    },
    person(DEMO.customers.visser, "CUST-0008", "Petra", "Visser", "P. Visser"),
  ],
  serviceLocations: [
    location(S.jansenMain, "Jansen main building", ["Stationsweg", "1", "4811 AA", "Breda"], 1),
    location(S.jansenWarehouse, "Jansen warehouse", ["Havenstraat", "12", "4817 KA", "Breda"], 1),
    location(S.deVries, "Apartments De Vries", ["Kerkplein", "4", "5038 TA", "Tilburg"], 2),
    location(S.smit, "Bakery", ["Markt", "9", "4901 EP", "Oosterhout"], 3),
    location(S.groenhorst, "Groenhorst flats", ["Groenhorstlaan", "2", "3544 AB", "Utrecht"], 4),
    location(S.oosterhoutHall, "Town hall", ["Slotjesveld", "1", "4902 HA", "Oosterhout"], 5),
    location(
      S.oosterhoutPool,
      "Swimming pool",
      ["Wilhelminalaan", "30", "4904 SM", "Oosterhout"],
      5
    ),
    location(S.vandenBerg, "Data centre", ["Industrieweg", "77", "4872 LB", "Etten-Leur"], 6),
    location(S.mulder, "Workshop", ["Dorpsstraat", "3", "5101 AA", "Dongen"], 7),
    location(S.visser, "Care home", ["Parklaan", "21", "5126 BA", "Gilze"], 8),
  ],
  contracts: [
    {
      id: C.heatingGeneric,
      contractNumber: "C-1001",
      customerId: DEMO.customers.jansen,
      products: [{ productId: P.heatingStandard, startDateTime: Y2024, endDateTime: null }],
      serviceLocationIds: [S.jansenMain],
    },
    {
      id: C.heatingOwnTariffs,
      contractNumber: "C-1002",
      customerId: DEMO.customers.deVries,
      products: [{ productId: P.heatingStandard, startDateTime: Y2025, endDateTime: null }],
      serviceLocationIds: [S.deVries],
    },
    {
      id: C.electricity,
      contractNumber: "C-2001",
      customerId: DEMO.customers.smit,
      products: [{ productId: P.electricityFixed, startDateTime: Y2025, endDateTime: null }],
      serviceLocationIds: [S.smit],
    },
    {
      id: C.electricitySwitched,
      contractNumber: "C-2002",
      customerId: DEMO.customers.smit,
      products: [
        {
          productId: P.electricityFixed,
          startDateTime: Y2025,
          endDateTime: "2026-04-01T00:00:00Z",
        },
        {
          productId: P.electricityDynamic,
          startDateTime: "2026-04-01T00:00:00Z",
          endDateTime: null,
        },
      ],
      serviceLocationIds: [S.smit],
    },
    {
      id: C.waterOwnTariff,
      contractNumber: "C-3001",
      customerId: DEMO.customers.oosterhout,
      products: [{ productId: P.water, startDateTime: Y2024, endDateTime: null }],
      serviceLocationIds: [S.oosterhoutPool],
    },
    {
      id: C.heatingAndWater,
      contractNumber: "C-4001",
      customerId: DEMO.customers.oosterhout,
      products: [
        { productId: P.heatingStandard, startDateTime: Y2024, endDateTime: null },
        { productId: P.water, startDateTime: Y2024, endDateTime: null },
      ],
      serviceLocationIds: [S.oosterhoutHall, S.oosterhoutPool],
    },
    {
      id: C.coolingTiered,
      contractNumber: "C-5001",
      customerId: DEMO.customers.vandenBerg,
      products: [{ productId: P.cooling, startDateTime: Y2026, endDateTime: null }],
      serviceLocationIds: [S.vandenBerg],
    },
    {
      id: C.coolingShared,
      contractNumber: "C-5002",
      customerId: DEMO.customers.mulder,
      products: [{ productId: P.cooling, startDateTime: Y2026, endDateTime: null }],
      serviceLocationIds: [S.mulder],
    },
    {
      id: C.noProducts,
      contractNumber: "C-9001",
      customerId: DEMO.customers.mulder,
      products: [],
      serviceLocationIds: [S.mulder],
    },
    {
      id: C.emptyProduct,
      contractNumber: "C-9002",
      customerId: DEMO.customers.mulder,
      products: [{ productId: P.empty, startDateTime: Y2025, endDateTime: null }],
      serviceLocationIds: [],
    },
    {
      id: C.heatUnits,
      contractNumber: "C-6001",
      customerId: DEMO.customers.visser,
      products: [{ productId: P.heatUnits, startDateTime: Y2026, endDateTime: null }],
      serviceLocationIds: [S.visser],
    },
    {
      id: C.heatingGreen,
      contractNumber: "C-1003",
      customerId: DEMO.customers.groenhorst,
      products: [{ productId: P.heatingGreen, startDateTime: Y2025, endDateTime: null }],
      serviceLocationIds: [S.groenhorst],
    },
    {
      id: C.terminated,
      contractNumber: "C-3002",
      customerId: DEMO.customers.jansen,
      terminated: true,
      products: [{ productId: P.water, startDateTime: Y2024, endDateTime: Y2026 }],
      serviceLocationIds: [S.jansenWarehouse],
    },
  ],
  products: [
    {
      id: P.heatingStandard,
      name: "District heating standard",
      billingItems: [
        { billingItemId: B.standingChargeHeat, order: 1, periodicityType: "regular" },
        { billingItemId: B.meterRental, order: 2, periodicityType: "regular" },
        { billingItemId: B.connectionCapacity, order: 3, periodicityType: "regular" },
        { billingItemId: B.heatGj, order: 4, periodicityType: "regular" },
        { billingItemId: B.meterSize, order: 5, periodicityType: "regular" },
        {
          billingItemId: B.winterSurcharge,
          order: 6,
          periodicityType: "regular",
          startDateTime: "2025-10-01T00:00:00Z",
          endDateTime: "2026-04-01T00:00:00Z",
        },
      ],
    },
    {
      id: P.heatingGreen,
      name: "District heating green",
      billingItems: [
        { billingItemId: B.standingChargeHeat, order: 1, periodicityType: "regular" },
        { billingItemId: B.meterRental, order: 2, periodicityType: "regular" },
        { billingItemId: B.heatGj, order: 3, periodicityType: "regular" },
      ],
    },
    {
      id: P.electricityFixed,
      name: "Electricity fixed",
      billingItems: [
        { billingItemId: B.standingChargeElectricity, order: 1, periodicityType: "regular" },
        { billingItemId: B.meterRental, order: 2, periodicityType: "regular" },
        { billingItemId: B.electricityNormal, order: 3, periodicityType: "regular" },
        { billingItemId: B.electricityLow, order: 4, periodicityType: "regular" },
      ],
    },
    {
      id: P.electricityDynamic,
      name: "Electricity dynamic 2026",
      billingItems: [
        { billingItemId: B.standingChargeElectricity, order: 1, periodicityType: "regular" },
        { billingItemId: B.electricityNormal, order: 2, periodicityType: "regular" },
        { billingItemId: B.electricityLow, order: 3, periodicityType: "regular" },
        { billingItemId: B.solarFeedIn, order: 4, periodicityType: "regular" },
      ],
    },
    {
      id: P.water,
      name: "Water",
      billingItems: [
        { billingItemId: B.standingChargeWater, order: 1, periodicityType: "regular" },
        { billingItemId: B.meterRental, order: 2, periodicityType: "regular" },
        { billingItemId: B.waterM3, order: 3, periodicityType: "fixedduration" },
      ],
    },
    {
      id: P.cooling,
      name: "Cooling",
      billingItems: [
        { billingItemId: B.connectionCapacity, order: 1, periodicityType: "regular" },
        { billingItemId: B.coolingGj, order: 2, periodicityType: "regular" },
      ],
    },
    { id: P.empty, name: "Placeholder product", billingItems: [] },
    {
      id: P.heatUnits,
      name: "Heat units",
      billingItems: [
        { billingItemId: B.serviceFee, order: 1, periodicityType: "regular" },
        { billingItemId: B.meterRental, order: 2, periodicityType: "regular" },
        { billingItemId: B.heatUnits, order: 3, periodicityType: "regular" },
      ],
    },
  ],
  billingItems: [
    {
      id: B.standingChargeHeat,
      name: "Standing charge heat",
      description: "Yearly standing charge for district heating",
      kind: "subscription",
      unitOfMeasure: "year",
    },
    {
      id: B.meterRental,
      name: "Meter rental",
      description: "Yearly meter rental",
      kind: "subscription",
      unitOfMeasure: "year",
    },
    {
      id: B.connectionCapacity,
      name: "Connection capacity",
      description: "Yearly charge for the connection capacity",
      kind: "subscription",
      unitOfMeasure: "year",
    },
    {
      id: B.heatGj,
      name: "Heat",
      description: "Heat delivered",
      kind: "consumption",
      unitOfMeasure: "gj",
    },
    {
      id: B.electricityNormal,
      name: "Electricity normal",
      description: "Electricity, normal rate",
      kind: "consumption",
      unitOfMeasure: "kwh",
    },
    {
      id: B.electricityLow,
      name: "Electricity low",
      description: "Electricity, low rate",
      kind: "consumption",
      unitOfMeasure: "kwh",
    },
    {
      id: B.waterM3,
      name: "Water",
      description: "Drinking water delivered",
      kind: "consumption",
      unitOfMeasure: "m3",
    },
    {
      id: B.standingChargeElectricity,
      name: "Standing charge electricity",
      description: "Yearly standing charge for electricity",
      kind: "subscription",
      unitOfMeasure: "year",
    },
    {
      id: B.standingChargeWater,
      name: "Standing charge water",
      description: "Yearly standing charge for water",
      kind: "subscription",
      unitOfMeasure: "year",
    },
    {
      id: B.meterSize,
      name: "Meter size",
      description: "Size class of the heat meter",
      kind: "attribute",
      unitOfMeasure: "month",
    },
    {
      id: B.coolingGj,
      name: "Cooling energy",
      description: "Cooling delivered",
      kind: "consumption",
      unitOfMeasure: "gj",
    },
    {
      id: B.solarFeedIn,
      name: "Solar feed-in",
      description: "Compensation for electricity fed back",
      kind: "consumption",
      unitOfMeasure: "kwh",
    },
    {
      id: B.serviceFee,
      name: "Service fee",
      description: "Yearly fee for reading the heat cost allocators",
      kind: "subscription",
      unitOfMeasure: "year",
    },
    {
      id: B.heatUnits,
      name: "Heat units",
      description: "Heat cost allocator units",
      kind: "consumptionunit",
      unitOfMeasure: "gj",
    },
    {
      id: B.winterSurcharge,
      name: "Winter surcharge",
      description: "Surcharge in the 2025/26 winter",
      kind: "subscription",
      unitOfMeasure: "year",
    },
  ],
  tariffs,
  taxCodes: [
    {
      id: DEMO.taxCodes.vat21,
      name: "VAT 21%",
      rates: [{ startDateTime: "2012-10-01T00:00:00Z", endDateTime: null, rate: 21 }],
    },
    {
      id: DEMO.taxCodes.vat9,
      name: "VAT 9%",
      rates: [
        { startDateTime: "2012-10-01T00:00:00Z", endDateTime: "2019-01-01T00:00:00Z", rate: 6 },
        { startDateTime: "2019-01-01T00:00:00Z", endDateTime: null, rate: 9 },
      ],
    },
    {
      id: DEMO.taxCodes.vat0,
      name: "VAT 0%",
      rates: [{ startDateTime: "2012-10-01T00:00:00Z", endDateTime: null, rate: 0 }],
    },
  ],
  bankAccounts: [
    {
      id: DEMO.bankAccounts.main,
      iban: "NL91ABNA0417164300",
      accountHolder: "Demo Utility BV",
      bic: "ABNANL2A",
      isDefault: true,
    },
    {
      id: DEMO.bankAccounts.secondary,
      iban: "NL20INGB0001234567",
      accountHolder: "Demo Utility BV (collections)",
      bic: "INGBNL2A",
      isDefault: false,
    },
  ],
  propertyGroupConfigs: [
    { propertyGroupId: DEMO.propertyGroups.north, companyBankAccountId: DEMO.bankAccounts.main },
    {
      propertyGroupId: DEMO.propertyGroups.south,
      companyBankAccountId: DEMO.bankAccounts.secondary,
    },
  ],
};
