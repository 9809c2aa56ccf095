/**
 * Public types of the billing service simulator.
 */
import type { Dataset } from "./data/dataset-types";
import type { RequestLog } from "./request-log";
import type { SimulatorStore } from "./store";

/**
 * Which way the simulator speaks (docs/developers/rules.md#cost-rules;
 * docs/developers/live-service.md#dialects).
 */
export type Dialect = "live" | "interface";

/** Credentials every /api call must carry when set; each field is checked only when given. */
export interface SimulatorAuth {
  /** Expected `Authorization: Bearer <token>`. */
  bearerToken?: string;
  /** Expected `apim-sub` header (or `subscription-key` query parameter). */
  apiKey?: string;
  /** Expected `zf-tuuid` header. */
  tenantId?: string;
  /** Expected `zf-ouuid` header. */
  organisationId?: string;
  /**
   * Clients of the local token endpoint (`POST /{tenant}/oauth2/v2.0/token`, simulator/token.ts);
   * when set, the tokens it issued are accepted as bearer tokens too, until they expire.
   */
  clients?: { clientId: string; clientSecret: string }[];
  /** Lifetime of issued tokens in seconds (3599, as Entra ID). */
  tokenLifetimeSeconds?: number;
  /** Key signing issued tokens; changing it revokes every token issued before. */
  tokenSigningKey?: string;
}

/**
 * A 429 fault: more than `maxRequests` within `windowMs` are refused — or, with `by: "count"`,
 * after every `maxRequests` requests the service refuses every request for `retryAfterSeconds`
 * from its first refusal, then counts again: the limit bites at a known request whatever the
 * machine's speed (the tests' way; a busy machine may never reach 40 requests in a second).
 */
export interface RateLimitFault {
  maxRequests: number;
  windowMs: number;
  /** "time" (the default): a window of `windowMs`; "count": see above (`windowMs` unused). */
  by?: "time" | "count";
  retryAfterSeconds: number;
  /** The header carrying the wait: the standard one or the live gateway's variant. */
  header: "retry-after" | "x-retry-after-seconds";
}

/** Approval failures: invoices of these customers, or with a line description containing the marker. */
export interface FailApprovalFault {
  customerIds?: string[];
  /** Share (0..1) of approvals that fail, decided by the seeded PRNG at approve time. */
  rate?: number;
  /** Text that, found in any line's `description`, makes approval fail ("FAIL-APPROVAL" by default). */
  descriptionMarker?: string;
}

/**
 * Failures of the next `count` invoice creates: `503` answers 503 without storing; `drop-after-store`
 * stores the invoice and then cuts the connection (the unknown-outcome case); `drop-before-store`
 * cuts the connection without storing.
 */
export interface CreateFailuresFault {
  mode: "503" | "drop-after-store" | "drop-before-store";
  count: number;
}

/** Switchable faults. */
export interface Faults {
  /** Extra latency in ms on every request (besides `SimulatorOptions.latencyMs`). */
  latencyMs: number;
  /** Share (0..1) of GET requests answered 503, decided by a seeded PRNG (`seed`). */
  get503Rate: number;
  /** Every n-th GET request is answered 503 (0 = off). */
  get503Every: number;
  /** Seed of the PRNG behind `get503Rate`. */
  seed: number;
  rateLimit: RateLimitFault | null;
  failApproval: FailApprovalFault;
  createFailures: CreateFailuresFault | null;
  /** Share (0..1) of POST requests answered 503 without acting, by the seeded PRNG. */
  post503Rate: number;
  /** Shares (0..1) of creates failing in each way, by the seeded PRNG (see {@link CreateFaultRates}). */
  createFaultRates: CreateFaultRates;
  /** Share (0..1) of approves carried out but answered with a cut connection. */
  approveDropRate: number;
  /** Share (0..1) of email sends that end `failed` (`FAILED_SENDING_EMAIL`), seeded. */
  sendFailureRate: number;
  /** Per action, the share (0..1, seeded) carried out and then answered with a cut connection. */
  actionDropRates: Partial<Record<InvoiceAction, number>>;
  /** Per action, how many of the next calls are carried out and then cut (deterministic). */
  actionDropNext: Partial<Record<InvoiceAction, number>>;
  /**
   * Per action, how many of the next calls are carried out and then answered 503 (deterministic):
   * a 5xx whose request did act, which the caller must settle by reading back.
   */
  action503Next: Partial<Record<InvoiceAction, number>>;
  /**
   * Creates are stored even when another invoice carries their `externalReference` (no 409
   * INVOICE_ALREADY_EXISTS): a service without that check, or two of its servers racing past it.
   */
  duplicateReferences: boolean;
}

/** The invoice actions whose answers can be cut after acting (`actionDropRates`, `actionDropNext`). */
export type InvoiceAction =
  | "bulkApprove"
  | "send"
  | "sendViaPostal"
  | "bulkSend"
  | "bulkSendViaPostal"
  | "credit"
  | "bulkCredit"
  /** DELETE of a draft (Discard drafts). */
  | "delete"
  /** Marking as sent: `Invoices/{id}/marksent`, `Invoices/bulk/marksent`. */
  | "markSent"
  | "bulkMarkSent";

/**
 * Random create failures: `dropBeforeStore` cuts the connection without storing;
 * `dropAfterStore` stores the invoice, then cuts; `storeTwice` stores it twice and answers with
 * the second (what a browser's own resend of a POST on a dead kept-alive connection leaves).
 */
export interface CreateFaultRates {
  dropBeforeStore?: number;
  dropAfterStore?: number;
  storeTwice?: number;
}

/** Options of `createSimulator`. */
export interface SimulatorOptions {
  /** 0 = an ephemeral port (tests). */
  port: number;
  host: string;
  dialect: Dialect;
  /** Page size of paged lists (live dialect). */
  pageSize: number;
  /** Added to every request. */
  latencyMs: number;
  /** Time from approve to `approved`. */
  approvalDelayMs: number;
  /** Time from `approved` to the invoice number appearing. */
  numberDelayMs: number;
  /** Time from send to `sent` (or `failed`). */
  sendDelayMs: number;
  dataset: Dataset;
  auth: SimulatorAuth | null;
  /** Allowed CORS origin(s); "*" = any. */
  corsOrigin: string | string[];
  faults: Partial<Faults>;
}

/** A running simulator. */
export interface Simulator {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  port: number;
  /** Stops the server and closes every connection, keep-alive ones too. */
  close(): Promise<void>;
  log: RequestLog;
  setFaults(faults: Partial<Faults>): void;
  setOptions(options: Partial<Omit<SimulatorOptions, "port" | "host">>): void;
  /** The mutable data and the invoices. */
  store: SimulatorStore;
}
