/**
 * The allow-list: exactly the operations the add-in makes (the `endpoint` strings of src/api), each
 * with the app role it needs. Anything not in this table is refused, whoever asks. A later issue
 * adds an operation (bulk approve, preview, send, credit) as one row here.
 *
 * Templates are written as the add-in's client names them. `{id}` is one path segment holding a
 * service id (a UUID, src/api/ids.ts: the add-in checks the shape before it sends), so that a sibling
 * route such as `POST /api/bill/Invoices/bulk/approve` can never pass for `{id}/approve`. Literal
 * segments match in any letter case, as the service's routing does.
 */
import { BILLING_ROLES, isServiceId } from "../src/api";
import type { BodyShapeName } from "./body-shapes";

/** An app role of the gateway API (Entra app roles, the token's `roles`). */
export type BillingRole = (typeof BILLING_ROLES)[keyof typeof BILLING_ROLES];

/** One operation the gateway forwards. */
export interface Operation {
  method: "GET" | "POST" | "DELETE";
  /** The path as the add-in's client names it, e.g. `/api/bill/Invoices/{id}/approve`. */
  template: string;
  /** The role it needs; `Billing.Invoice` includes everything `Billing.Read` may do. */
  role: BillingRole;
  /** What it does, in the words of a refusal: "Your account may read but not {action}". */
  action: string;
  /** The audit log's name for the `{id}` segment (e.g. `invoiceId`), when it has one. */
  idField?: string;
  /** Read `externalReference` from the JSON body for the audit log (a create). */
  auditExternalReference?: true;
  /** Largest body accepted, in bytes (0: no body at all); larger ones get 413, nothing forwarded. */
  bodyLimit: number;
  /**
   * The body the add-in sends (gateway/body-shapes.ts): anything else is refused, nothing
   * forwarded. `none` goes with a `bodyLimit` of 0.
   */
  body: BodyShapeName;
  /** A bulk operation: the ids of `queryParams.includeOnlyIds` go to the audit line (`invoiceIds`). */
  auditBulkIds?: true;
  /** A create: the new invoice's id (the service's answer) goes to the outcome line (`invoiceId`). */
  auditCreatedId?: true;
}

/** No body (GET, DELETE). */
export const NO_BODY = 0;
/**
 * A filter, a bulk id list, an approve/send/credit/preview request: the largest the add-in sends is
 * a bulk request naming 100 ids (BULK_CHUNK_SIZE, about 4 KB); 64 KiB leaves a 16-fold margin.
 */
export const SMALL_BODY = 64 * 1024;
/**
 * An invoice create. The largest real one measured (test/unit/gateway/body-rules.test.ts): 1,000
 * lines, each with every field the sheet fills and a 1,000-character text (the add-in's cap per cell,
 * src/invoices/line-rules.ts) in two-byte characters — about 2.4 MB (1.4 MB with ASCII texts).
 * 4 MiB leaves a margin of 1.7.
 */
export const CREATE_BODY = 4 * 1024 * 1024;
/** The largest of the limits (fastify's own ceiling). */
export const LARGEST_BODY = CREATE_BODY;

const READ = BILLING_ROLES.read;
const INVOICE = BILLING_ROLES.invoice;

/** The table (src/api/costs.ts, lookups.ts, invoices.ts). */
export const OPERATIONS: readonly Operation[] = [
  // Costs (src/api/costs.ts).
  {
    method: "GET",
    template: "/api/md/Contracts/{id}",
    role: READ,
    action: "read contracts",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "contractId",
  },
  {
    method: "GET",
    template: "/api/cfg/Products/{id}",
    role: READ,
    action: "read products",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "productId",
  },
  {
    method: "GET",
    template: "/api/cfg/BillingItems/{id}",
    role: READ,
    action: "read billing items",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "billingItemId",
  },
  {
    method: "GET",
    template: "/api/cfg/BillingTariffs",
    role: READ,
    action: "read tariffs",
    bodyLimit: NO_BODY,
    body: "none",
  },
  // Lookups (src/api/lookups.ts).
  {
    method: "POST",
    template: "/api/md/Customers/filter",
    role: READ,
    action: "look up customers",
    bodyLimit: SMALL_BODY,
    body: "customerFilter",
  },
  {
    method: "POST",
    template: "/api/md/Contracts/filter",
    role: READ,
    action: "look up contracts",
    bodyLimit: SMALL_BODY,
    body: "contractFilter",
  },
  {
    method: "POST",
    template: "/api/md/ServiceLocations/filter",
    role: READ,
    action: "look up service locations",
    bodyLimit: SMALL_BODY,
    body: "serviceLocationFilter",
  },
  {
    method: "GET",
    template: "/api/cfg/BankAccounts",
    role: READ,
    action: "look up bank accounts",
    bodyLimit: NO_BODY,
    body: "none",
  },
  {
    method: "GET",
    template: "/api/cfg/TaxCodes",
    role: READ,
    action: "look up tax codes",
    bodyLimit: NO_BODY,
    body: "none",
  },
  {
    method: "GET",
    template: "/api/cfg/BillingItems",
    role: READ,
    action: "look up billing items",
    bodyLimit: NO_BODY,
    body: "none",
  },
  // The vendor's documents name the singular path, the interface document the plural: the client
  // tries both (src/api/lookups.ts).
  {
    method: "GET",
    template: "/api/bill/PropertyGroupBillingConfiguration/{id}",
    role: READ,
    action: "read property group configurations",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "propertyGroupId",
  },
  {
    method: "GET",
    template: "/api/bill/PropertyGroupBillingConfigurations/{id}",
    role: READ,
    action: "read property group configurations",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "propertyGroupId",
  },
  // Invoices (src/api/invoices.ts).
  {
    method: "POST",
    template: "/api/bill/Invoices/filter",
    role: READ,
    action: "search invoices",
    bodyLimit: SMALL_BODY,
    body: "invoiceFilter",
  },
  {
    method: "GET",
    template: "/api/bill/Invoices/{id}",
    role: READ,
    action: "read invoices",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "invoiceId",
  },
  {
    method: "POST",
    template: "/api/bill/Invoices",
    role: INVOICE,
    action: "create invoices",
    bodyLimit: CREATE_BODY,
    body: "create",
    auditCreatedId: true,
    auditExternalReference: true,
  },
  {
    method: "POST",
    template: "/api/bill/Invoices/{id}/approve",
    role: INVOICE,
    action: "approve invoices",
    bodyLimit: SMALL_BODY,
    body: "approveOne",
    idField: "invoiceId",
  },
  // A run removes the duplicate draft it made (src/invoices).
  {
    method: "DELETE",
    template: "/api/bill/Invoices/{id}",
    role: INVOICE,
    action: "delete draft invoices",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "invoiceId",
  },
  // After approval (src/api/invoice-actions.ts). The preview shows an invoice, so
  // a reader may see it; everything that approves, sends or credits needs Billing.Invoice. The bulk
  // paths are literal segments, so no `{id}` row can ever match them (ids are UUIDs).
  {
    method: "POST",
    template: "/api/bill/Invoices/{id}/preview",
    role: READ,
    action: "preview invoices",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "invoiceId",
  },
  {
    method: "POST",
    template: "/api/bill/Invoices/{id}/previewpdf",
    role: READ,
    action: "preview invoices",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "invoiceId",
  },
  {
    method: "POST",
    template: "/api/bill/Invoices/bulk/approve",
    role: INVOICE,
    action: "approve invoices",
    bodyLimit: SMALL_BODY,
    body: "bulkApprove",
    auditBulkIds: true,
  },
  {
    method: "POST",
    template: "/api/bill/Invoices/{id}/send",
    role: INVOICE,
    action: "send invoices",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "invoiceId",
  },
  {
    method: "POST",
    template: "/api/bill/Invoices/{id}/sendviapostal",
    role: INVOICE,
    action: "send invoices",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "invoiceId",
  },
  {
    method: "POST",
    template: "/api/bill/Invoices/bulk/send",
    role: INVOICE,
    action: "send invoices",
    bodyLimit: SMALL_BODY,
    body: "bulkAct",
    auditBulkIds: true,
  },
  {
    method: "POST",
    template: "/api/bill/Invoices/bulk/sendviapostal",
    role: INVOICE,
    action: "send invoices",
    bodyLimit: SMALL_BODY,
    body: "bulkAct",
    auditBulkIds: true,
  },
  {
    method: "POST",
    template: "/api/bill/Invoices/{id}/credit",
    role: INVOICE,
    action: "credit invoices",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "invoiceId",
  },
  {
    method: "POST",
    template: "/api/bill/Invoices/bulk/credit",
    role: INVOICE,
    action: "credit invoices",
    bodyLimit: SMALL_BODY,
    body: "bulkAct",
    auditBulkIds: true,
  },
  // Mark as sent: an invoice handed over outside the service; the role that may send.
  {
    method: "POST",
    template: "/api/bill/Invoices/{id}/marksent",
    role: INVOICE,
    action: "mark invoices as sent",
    bodyLimit: NO_BODY,
    body: "none",
    idField: "invoiceId",
  },
  {
    method: "POST",
    template: "/api/bill/Invoices/bulk/marksent",
    role: INVOICE,
    action: "mark invoices as sent",
    bodyLimit: SMALL_BODY,
    body: "bulkAct",
    auditBulkIds: true,
  },
];

/** The methods of the table (CORS allows these and no other). */
export const OPERATION_METHODS: readonly string[] = [...new Set(OPERATIONS.map((o) => o.method))];

/** An operation matched to a request. */
export interface MatchedOperation {
  operation: Operation;
  /** The decoded `{id}` segment, when the template has one. */
  id?: string;
}

interface Compiled {
  operation: Operation;
  /** Lower-case literal segments; `undefined` stands for `{id}`. */
  segments: (string | undefined)[];
}

const PARAM = /^\{[A-Za-z]+\}$/;

const COMPILED: readonly Compiled[] = OPERATIONS.map((operation) => ({
  operation,
  segments: operation.template
    .split("/")
    .slice(1)
    .map((s) => (PARAM.test(s) ? undefined : s.toLowerCase())),
}));

/**
 * The operation `method` + `path` is, or undefined. `path` is the gateway's normalised path
 * (gateway/normalise-path.ts: no dot or empty segments, each segment percent-encoded).
 */
export function matchOperation(method: string, path: string): MatchedOperation | undefined {
  const parts = path.split("/").slice(1);
  for (const { operation, segments } of COMPILED) {
    if (operation.method !== method || segments.length !== parts.length) continue;
    let id: string | undefined;
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const want = segments[i];
      const got = decodeURIComponent(parts[i]);
      if (want === undefined) {
        id = got;
        ok = isServiceId(got);
      } else ok = got.toLowerCase() === want;
    }
    if (ok) return id === undefined ? { operation } : { operation, id };
  }
  return undefined;
}

/** True when `roles` (the token's) allow `operation`; `Billing.Invoice` also reads. */
export function roleAllows(roles: readonly string[], operation: Operation): boolean {
  if (roles.includes(INVOICE)) return true;
  return operation.role === READ && roles.includes(READ);
}

/** The plain-words refusal of a user whose roles do not allow `operation`. */
export function roleRefusal(roles: readonly string[], operation: Operation): string {
  if (roles.includes(READ)) {
    return `Your account may read but not ${operation.action}; ask IT for ${operation.role}.`;
  }
  return `Your account has no role for Billing for Excel, so it may not ${operation.action}; ask IT for ${operation.role}.`;
}
