/**
 * Normalised shapes of the billing service's resources, as the client hands them to the layers above.
 *
 * The service speaks two dialects (docs/developers/rules.md#the-chain;
 * docs/developers/live-service.md#dialects): the interface document's (PascalCase, bare DTOs,
 * `type` discriminators, `unitPrice`) and the live one's (camelCase, envelopes, paging,
 * `calculationType` / `billingCalculationType`, lower-case enums). `src/api/normalize-*.ts` turn
 * both into these types, so nothing above the client ever sees a dialect.
 *
 * Dates are ISO 8601 strings exactly as the service sent them (or undefined/null when absent).
 * Money (`unitTariff`) is kept as the decimal text of the number the service sent, so that the cost
 * rules can sum it exactly (see src/costs).
 */
import type { BulkOutcome, SendChannel } from "./invoice-actions";
import type { RateLimitState } from "./rate-governor";

/**
 * A product reference of a contract, valid for a period
 * (docs/developers/rules.md#which-dates-count).
 */
export interface ContractProduct {
  productId: string;
  productName?: string;
  /** Start of the period; absent = no lower bound. */
  startDateTime?: string;
  /** End of the period (exclusive); absent/null = open-ended. */
  endDateTime?: string | null;
}

export interface ServiceLocationRef {
  id: string;
  name?: string;
}

export interface Contract {
  id: string;
  contractNumber?: string;
  customerId?: string;
  products: ContractProduct[];
  serviceLocations: ServiceLocationRef[];
}

/** A billing item entry of a product (docs/developers/rules.md#which-dates-count). */
export interface ProductBillingItem {
  billingItemId: string;
  order?: number;
  periodicityType?: string;
  startDateTime?: string;
  endDateTime?: string | null;
}

export interface Product {
  id: string;
  name?: string;
  billingItems: ProductBillingItem[];
}

/** Kinds of billing item. `subscription` = fixed, `consumption` = variable, the rest are "other". */
export type BillingItemKind =
  | "subscription"
  | "consumption"
  | "attribute"
  | "consumptionunit"
  | "customentityproperty"
  | "unknown";

export interface BillingItem {
  id: string;
  /** `name` (live) or `NameDescription` (interface document). */
  name: string;
  description?: string;
  kind: BillingItemKind;
  /** Lower-case unit as sent (`gj`, `kwh`, `m3`, `month`, ...), when present. */
  unitOfMeasure?: string;
}

/** Tariff calculation types, lower-cased (`unitPrice` → `unitprice`, `stairStep` → `stairstep`). */
export type TariffCalculationType =
  "unitprice" | "tiered" | "volume" | "stairstep" | "condition" | "unknown";

export interface BillingTariff {
  id: string;
  productId: string;
  billingItemId: string;
  /** null = generic (product-level) tariff. */
  contractId: string | null;
  startDateTime: string;
  endDateTime: string | null;
  calculationType: TariffCalculationType;
  /** Decimal text of `unitTariff` for unit-price tariffs, e.g. "12.34"; undefined for other types. */
  unitTariff?: string;
}

export interface Customer {
  id: string;
  name: string;
  customerNumber?: string;
}

export interface ContractSummary {
  id: string;
  contractNumber: string;
  customerId?: string;
}

export interface BankAccount {
  id: string;
  iban: string;
  accountHolder?: string;
  bic?: string;
  isDefault?: boolean;
}

export interface TaxRate {
  startDateTime?: string;
  endDateTime?: string | null;
  rate: number;
}

export interface TaxCode {
  id: string;
  name: string;
  rates: TaxRate[];
}

export interface BillingItemSummary {
  id: string;
  name: string;
  kind: BillingItemKind;
  unitOfMeasure?: string;
}

export interface ServiceLocation {
  id: string;
  name?: string;
  address?: string;
  customerId?: string;
}

export interface PropertyGroupBillingConfiguration {
  propertyGroupId: string;
  companyBankAccountId?: string;
}

/** An error entry of the service (`LocalisedErrorDTO`: key, message, ...). */
export interface ServiceErrorEntry {
  key?: string;
  message?: string;
  correlationId?: string;
  /** The texts of `messageValues[].value` (a bulk refusal names its invoice there). */
  values?: string[];
}

export type InvoiceStatus =
  | "created"
  | "approvalinprogress"
  | "approved"
  | "settled"
  | "generated"
  | "generationfailed"
  | string;

/**
 * The invoices of a search, and how many pages the answer took. A list read over several pages may
 * miss an invoice when others delete from it meanwhile (the pages shift under the reader), so a
 * decision that rests on what a search did not show (a draft alone under its reference) is taken
 * only on a one-page answer (src/invoices/actions/reference-claim.ts).
 */
export type SearchedInvoices = Invoice[] & { pages?: number };

export interface Invoice {
  id: string;
  /** Lower-cased status. */
  status: InvoiceStatus;
  invoiceNum?: string;
  externalReference?: string;
  /**
   * When the service stored it (ISO 8601, the vendor's `createdDateTime`), as sent. Orders the
   * invoices that carry one reference: the oldest is the one kept (src/invoices/engine/reference-keeper.ts).
   */
  createdDateTime?: string;
  customerId?: string;
  errors: ServiceErrorEntry[];
  /** The service's own total excluding VAT, exact decimal text ("1234.56"), when it sends one. */
  totalAmountExclVAT?: string;
  /** The service's own total including VAT, exact decimal text, when it sends one. */
  totalAmountInclVAT?: string;
  /** Lower-cased `InvoiceType` (`invoice`, `creditnote`, `incidentalnote`, ...). */
  type?: string;
  /** Lower-cased `SentStatus`: notsent, sending, printing, skipped, sent, failed. */
  sent?: InvoiceSentStatus;
  /** On an invoice that was credited: its credit note's id. */
  creditedByInvoiceId?: string;
  /** On a credit note: the id of the invoice it credits. */
  creditedInvoiceId?: string;
  /** The invoice date as the service sent it (ISO 8601), when it sends one. */
  invoiceDate?: string;
  /** The company bank account the service stored on it, when it says. */
  companyBankAccountId?: string;
  /**
   * Its lines as the service stores them (the vendor's `InvoiceLineDTO`, keys as sent), when the
   * answer carries them: what a found invoice is compared with before a row takes it
   * (src/invoices/engine/row-match.ts).
   */
  lines?: Record<string, unknown>[];
  /**
   * The payment state (`paymentDetails.currentPaymentStatus` of the vendor's `InvoiceDTO`,
   * lower-cased: waitingforpayment, paid, paymentrejected, …; `paid` when only `paid` is true).
   */
  paymentState?: string;
}

/** The invoice statuses of the vendor's `InvoiceStatus` enum (Billing OpenAPI), lower-cased. */
export const INVOICE_STATUSES = [
  "created",
  "approvalinprogress",
  "approved",
  "settled",
  "generated",
  "generationfailed",
] as const;

/**
 * A search of one customer's invoices (Billing OpenAPI `GetInvoicesQueryParams`): `customerId`,
 * the invoice date from `from` (inclusive) to `to` (exclusive) as `startDateTime` / `endDateTime`,
 * and `invoiceStatus`. Every page is read.
 */
export interface InvoiceQuery {
  /** Absent = the invoices of every customer (bound by period and status). */
  customerId?: string;
  /** ISO 8601 date-time with offset; absent = no lower bound. */
  from?: string;
  /** ISO 8601 date-time with offset (exclusive); absent = no upper bound. */
  to?: string;
  /** Lower-cased statuses (one of {@link INVOICE_STATUSES}); absent = any. */
  statuses?: readonly string[];
}

/** The vendor's `SentStatus`, lower-cased (other values pass through). */
export type InvoiceSentStatus =
  "notsent" | "sending" | "printing" | "skipped" | "sent" | "failed" | string;

/** One invoice line as sent; known fields typed, every other sheet column passes through. */
export interface InvoiceLineRequest {
  taxCodeId: string;
  billingItemId?: string;
  serviceLocationId?: string;
  startDateTime?: string;
  endDateTime?: string;
  disableVATCalculation?: boolean;
  [field: string]: unknown;
}

export interface CreateInvoiceRequest {
  customerId: string;
  contractId?: string;
  contractNumber?: string;
  companyBankAccountId: string;
  invoiceNum?: string;
  externalReference?: string;
  lines: InvoiceLineRequest[];
  [field: string]: unknown;
}

/** Connection settings: one object, read by the task pane and the custom functions alike. */
export type Credential =
  | { kind: "none" }
  | { kind: "bearer"; token: string }
  /**
   * The company's gateway: it adds the service's credentials and lets in only signed-in
   * users, so every request carries the user's token. `signIn` is absent in settings saved before
   * sign-in existed: the add-in then asks for it (nothing is sent without a token).
   */
  | { kind: "gateway"; signIn?: SignInSettings };

/**
 * Where and how the add-in signs its user in (Microsoft Entra ID, or the local identity provider).
 * None of it is secret (the add-in is a public client); kept in the add-in's storage, never in the
 * workbook.
 */
export interface SignInSettings {
  /**
   * The directory (tenant) id or domain (→ `https://login.microsoftonline.com/<directory>`), or a
   * full https authority URL (another OpenID provider, e.g. the local one: its issuer URL).
   */
  directory: string;
  /** The add-in's application (client) id. */
  clientId: string;
  /** The gateway's delegated scope, e.g. `api://<gateway app id>/access_as_user`. */
  scope: string;
}

export interface ConnectionSettings {
  /** Scheme + host (+ port), no path, no trailing slash, e.g. `https://billing.example.com`. */
  baseUrl: string;
  /** Extra headers sent on every call (`zf-tuuid`, `zf-ouuid`, `apim-sub`, ...). */
  headers: Record<string, string>;
  /** Names (any case) of headers whose values are secret, besides the built-in secret-looking ones. */
  secretHeaders?: string[];
  credential: Credential;
  /**
   * The company's time zone (an IANA name such as Europe/Amsterdam): the zone in which invoice
   * dates are days (src/api/time-zone.ts). Absent = the machine's zone.
   */
  timeZone?: string;
}

/** Per-call options of the client's reads. */
export interface CallOptions {
  /**
   * Cancels the call: a request waiting for a slot leaves the queue, one in flight is aborted (a
   * read shared with other callers only once all of them have cancelled); the call rejects with a
   * CancelledError at once.
   */
  signal?: AbortSignal;
}

/**
 * The typed client: one function per endpoint of the interface (plus a recognition search). With a
 * cache, the four cost resources (contract, product, billing item, tariff list) are shared frozen by
 * every caller (read-only; src/api/reference-cache.ts); other cached values are copies.
 */
export interface BillingClient {
  getContract(contractId: string, options?: CallOptions): Promise<Contract>;
  getProduct(productId: string, options?: CallOptions): Promise<Product>;
  getBillingItem(billingItemId: string, options?: CallOptions): Promise<BillingItem>;
  getBillingTariffs(
    productId: string,
    billingItemId: string,
    options?: CallOptions
  ): Promise<BillingTariff[]>;
  /**
   * POST /api/md/Customers/filter; `includeOnlyIds` (Masterdata OpenAPI `GetCustomersQueryParams`)
   * reads just those customers in one call — ids the service does not hold are left out.
   */
  filterCustomers(
    query: { flexSearch?: string; nameContains?: string; includeOnlyIds?: readonly string[] },
    options?: CallOptions
  ): Promise<Customer[]>;
  filterContracts(
    query: {
      customerId?: string;
      flexSearch?: string;
      excludeTerminatedContracts?: boolean;
      /** Masterdata OpenAPI `GetContractsQueryParams.includeOnlyIds`: just these contracts. */
      includeOnlyIds?: readonly string[];
    },
    options?: CallOptions
  ): Promise<ContractSummary[]>;
  getBankAccounts(options?: CallOptions): Promise<BankAccount[]>;
  getPropertyGroupBillingConfiguration(
    propertyGroupId: string
  ): Promise<PropertyGroupBillingConfiguration>;
  getTaxCodes(options?: CallOptions): Promise<TaxCode[]>;
  getBillingItems(options?: CallOptions): Promise<BillingItemSummary[]>;
  /**
   * POST /api/md/ServiceLocations/filter: a customer's locations, or with `includeOnlyIds`
   * (Masterdata OpenAPI `GetServiceLocationsQueryParams`) just those locations, of any customer.
   */
  filterServiceLocations(
    /** `customerId` is required unless `includeOnlyIds` is given. */
    query: { customerId?: string; includeOnlyIds?: readonly string[] },
    options?: CallOptions
  ): Promise<ServiceLocation[]>;
  /** POST /api/bill/Invoices — never retried once it may have reached the server. */
  createInvoice(body: CreateInvoiceRequest): Promise<Invoice>;
  /** POST /api/bill/Invoices/{id}/approve with `{ invoiceDate }` (ISO 8601 with offset). */
  approveInvoice(invoiceId: string, invoiceDate: string): Promise<void>;
  getInvoice(invoiceId: string): Promise<Invoice>;
  /** POST /api/bill/Invoices/filter (live service) — finds invoices carrying a client reference. */
  findInvoicesByExternalReference(externalReference: string): Promise<SearchedInvoices>;
  /**
   * POST /api/bill/Invoices/filter with `flexSearch: prefix` and `excludeIds` (Billing OpenAPI
   * `GetInvoicesQueryParams`), every page: the invoices whose `externalReference` starts with
   * `prefix`, less the ids excluded (the batched reference check). Only invoices whose
   * reference starts with the prefix are returned, whatever else the service's search matched.
   * Optional: a client without it (a test double) is searched one reference at a time.
   */
  findInvoicesByReferencePrefix?(
    prefix: string,
    options?: { excludeIds?: readonly string[] }
  ): Promise<SearchedInvoices>;
  /**
   * POST /api/bill/Invoices/filter with `includeOnlyIds` (Billing OpenAPI `GetInvoicesQueryParams`):
   * many invoices read in one call (and its pages). Ids the service does not hold are left out.
   */
  getInvoicesByIds(invoiceIds: readonly string[], options?: CallOptions): Promise<Invoice[]>;
  /**
   * POST /api/bill/Invoices/filter with `customerId` (and the invoice date and status bounds): a
   * customer's invoices, every page, oldest invoice date first. Identical searches in flight at
   * once share one read (many cells asking the same); nothing is kept after it (invoices change).
   */
  filterInvoices(query: InvoiceQuery, options?: CallOptions): Promise<Invoice[]>;
  /** DELETE /api/bill/Invoices/{id} (Billing OpenAPI `delete-invoices-invoiceuuid`). */
  deleteInvoice(invoiceId: string): Promise<void>;
  /**
   * POST /api/bill/Invoices/bulk/approve with `onlyValidate: true`, `invoiceStatus: ["created"]` and
   * exactly these ids (chunks of 100): the service's verdict, nothing approved. Rejects before
   * sending when the id list is empty; on 404/405 rejects with an error `isBulkNotOffered` accepts.
   */
  validateApproval(
    invoiceIds: readonly string[],
    invoiceDate?: string,
    options?: CallOptions
  ): Promise<BulkOutcome>;
  /** POST /api/bill/Invoices/bulk/approve: approves exactly these drafts (chunks of 100). */
  bulkApprove(
    invoiceIds: readonly string[],
    invoiceDate: string,
    options?: CallOptions
  ): Promise<BulkOutcome>;
  /** POST /api/bill/Invoices/{id}/preview: the invoice as HTML (show it sandboxed: no script). */
  previewHtml(invoiceId: string, options?: CallOptions): Promise<string>;
  /** POST /api/bill/Invoices/{id}/previewpdf: the invoice as PDF bytes. */
  previewPdf(invoiceId: string, options?: CallOptions): Promise<Uint8Array>;
  /** POST /api/bill/Invoices/{id}/send (email) or /sendviapostal (post); the invoice as answered. */
  send(invoiceId: string, channel: SendChannel): Promise<Invoice>;
  /** POST /api/bill/Invoices/bulk/send or /bulk/sendviapostal with exactly these ids. */
  bulkSend(
    invoiceIds: readonly string[],
    channel: SendChannel,
    onlyValidate: boolean,
    options?: CallOptions
  ): Promise<BulkOutcome>;
  /** POST /api/bill/Invoices/{id}/credit (no body): the invoice answered (the credit note). */
  credit(invoiceId: string): Promise<Invoice>;
  /** POST /api/bill/Invoices/bulk/credit with exactly these ids. */
  bulkCredit(invoiceIds: readonly string[], options?: CallOptions): Promise<BulkOutcome>;
  /**
   * POST /api/bill/Invoices/{id}/marksent (no body): the invoice is recorded as sent without the
   * service sending it (handed over by hand or from the controller's own mailbox); answers it.
   */
  markSent(invoiceId: string): Promise<Invoice>;
  /** POST /api/bill/Invoices/bulk/marksent with exactly these ids (chunks of 100). */
  bulkMarkSent(invoiceIds: readonly string[], options?: CallOptions): Promise<BulkOutcome>;
  /** Forget cached reference data (the Refresh command). */
  clearCache(): void;
  /**
   * What the service's rate governor knows now: a pause after a 429 and the learnt rate
   * (src/api/rate-governor.ts). Optional so that test doubles need not have it.
   */
  rateLimit?(): RateLimitState | undefined;
  /**
   * Requests waiting for one of the client's connections now (the cells' admission paces itself
   * by it, src/functions/admission.ts). Optional so that test doubles need not have it.
   */
  requestsWaiting?(): number;
  /**
   * The service's page size as the client has seen it: the most items one page of a list held
   * when another page followed (undefined until a list went on to a second page). The documents
   * name no page size (docs/developers/live-service.md#lists). Optional so that test doubles need
   * not have it.
   */
  listPageSize?(): number | undefined;
}
