/**
 * The simulator's neutral in-memory model of the service's data. Routes render it in the live or the
 * interface dialect (simulator/dialect/*), so the data is written once.
 */

/** Billing item kinds of the live service (REAL-SERVICE.md, `billingCalculationType`). */
export type DataItemKind =
  "subscription" | "consumption" | "attribute" | "consumptionunit" | "customentityproperty";

/** Tariff calculation types, live spelling (lower case). */
export type DataCalculationType = "unitprice" | "tiered" | "volume" | "stairstep" | "condition";

/** A period; `endDateTime` null/absent = open-ended. ISO 8601 UTC. */
export interface DataPeriod {
  startDateTime?: string;
  endDateTime?: string | null;
}

/** A customer. */
export interface DataCustomer {
  id: string;
  name: string;
  customerNumber: string;
}

/** A service location of a customer. */
export interface DataServiceLocation {
  id: string;
  name: string;
  address: string;
  customerId: string;
}

/** A product reference of a contract, valid for a period. */
export interface DataContractProduct extends DataPeriod {
  productId: string;
}

/** A contract. */
export interface DataContract {
  id: string;
  contractNumber: string;
  customerId: string;
  /** Terminated contracts are left out by `excludeTerminatedContracts`. */
  terminated?: boolean;
  products: DataContractProduct[];
  serviceLocationIds: string[];
}

/** A billing item entry of a product, with its own optional period. */
export interface DataProductBillingItem extends DataPeriod {
  billingItemId: string;
  order: number;
  periodicityType: string;
}

/** A product. */
export interface DataProduct {
  id: string;
  name: string;
  billingItems: DataProductBillingItem[];
}

/** A billing item. */
export interface DataBillingItem {
  id: string;
  name: string;
  description: string;
  kind: DataItemKind;
  /** Lower-case unit: gj, kwh, m3, year, month, ... */
  unitOfMeasure: string;
}

/** A tier of a tiered tariff (the real parameter shape is not shown; this one is invented). */
export interface DataTier {
  from: number;
  to: number | null;
  unitTariff: number;
}

/** A billing tariff. */
export interface DataTariff {
  id: string;
  productId: string;
  billingItemId: string;
  contractId: string | null;
  startDateTime: string;
  endDateTime: string | null;
  calculationType: DataCalculationType;
  /** Only for `unitprice`. A JSON number with up to 4 decimals. */
  unitTariff?: number;
  /** Only for `tiered` (invented shape). */
  tiers?: DataTier[];
}

/** A tax rate period; `rate` in percent. */
export interface DataTaxRate {
  startDateTime: string;
  endDateTime: string | null;
  rate: number;
}

/** A tax code. */
export interface DataTaxCode {
  id: string;
  name: string;
  rates: DataTaxRate[];
}

/** A bank account of the organisation. */
export interface DataBankAccount {
  id: string;
  iban: string;
  accountHolder: string;
  bic: string;
  isDefault: boolean;
}

/** A property group billing configuration. */
export interface DataPropertyGroupConfig {
  propertyGroupId: string;
  companyBankAccountId: string;
}

/** Everything the simulator serves, besides invoices. */
export interface Dataset {
  customers: DataCustomer[];
  serviceLocations: DataServiceLocation[];
  contracts: DataContract[];
  products: DataProduct[];
  billingItems: DataBillingItem[];
  tariffs: DataTariff[];
  taxCodes: DataTaxCode[];
  bankAccounts: DataBankAccount[];
  propertyGroupConfigs: DataPropertyGroupConfig[];
}
