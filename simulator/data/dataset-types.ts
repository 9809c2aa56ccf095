/**
 * The simulator's neutral in-memory model of the service's data. Routes render it in the live or the
 * interface dialect (simulator/dialect/*), so the data is written once.
 */

/**
 * Billing item kinds of the live service (docs/developers/live-service.md#dialects,
 * `billingCalculationType`).
 */
export type DataItemKind =
  "subscription" | "consumption" | "attribute" | "consumptionunit" | "customentityproperty";

/** Tariff calculation types, live spelling (lower case). */
export type DataCalculationType = "unitprice" | "tiered" | "volume" | "stairstep" | "condition";

/** A period; `endDateTime` null/absent = open-ended. ISO 8601 UTC. */
export interface DataPeriod {
  startDateTime?: string;
  endDateTime?: string | null;
}

/** A customer: a company or a person (the vendor's `CustomerDTO`, `customerType`). */
export interface DataCustomer {
  id: string;
  accountNumber: string;
  customerType: "organization" | "person";
  /** Companies only. */
  companyName?: string;
  /** Persons only. */
  firstName?: string;
  lastName?: string;
  /** The service's short display name; null when it left it empty (clients fall back). */
  shortDisplayName: string | null;
  /** How the customer pays by default: direct debit (`sdd`) or bank transfer (`sct`, default). */
  paymentMethod?: "sdd" | "sct";
  /** false = no active direct-debit mandate: a direct-debit invoice is refused at approval. */
  directDebitMandate?: boolean;
  /** false = no postal address: sending by post is refused (`USER_HAS_NO_POSTAL_ADDRESS`). */
  hasPostalAddress?: boolean;
}

/** A postal address (the vendor's `AddressDTO`; `country` is its lower-case ISO 3166 alpha-3). */
export interface DataAddress {
  streetName: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  country: string;
}

/** A service location of a customer (its owner, in the vendor's `managementRelations`). */
export interface DataServiceLocation {
  id: string;
  /** Shown by the interface dialect only; the vendor's service location has no name. */
  name: string;
  address: DataAddress;
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

/** The vendor's `ProductItemPeriodicityType`. */
export type DataPeriodicityType =
  "regular" | "onmovein" | "onmoveout" | "fixedamount" | "fixedduration";

/** A billing item entry of a product, with its own optional period. */
export interface DataProductBillingItem extends DataPeriod {
  billingItemId: string;
  order: number;
  periodicityType: DataPeriodicityType;
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
  /** Lower-case unit of the vendor's `UnitOfMeasure`: gj, kwh, m3, year, month, ... */
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
