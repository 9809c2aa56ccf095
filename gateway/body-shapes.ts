/**
 * The bodies the add-in sends, one JSON Schema per operation (the operations table names which),
 * checked with ajv before anything is forwarded. What the add-in never sends is refused: above all a
 * bulk request (approve, send, send by post, credit, mark as sent, and their `onlyValidate` dry
 * runs) names 1 to 100 exact invoice UUIDs and no broad filter — what the service does with a
 * missing or empty `includeOnlyIds` is to act on the whole tenant. Unknown fields are refused everywhere but in a
 * create, whose fields are the sheet's columns (the service checks them; the reference rules of
 * gateway/body-rules.ts apply).
 *
 * The shapes follow src/api (bulk-request.ts, invoice-actions.ts, invoices.ts, lookups.ts).
 */
import Ajv from "ajv";
import type { ErrorObject, ValidateFunction } from "ajv";

/**
 * Most ids in one bulk request: the add-in's chunk (src/api BULK_CHUNK_SIZE;
 * test/unit/gateway/body-rules.test.ts holds them equal).
 */
export const BULK_MAX_IDS = 100;
const BULK_CHUNK_SIZE = BULK_MAX_IDS;

/** Which body an operation takes. */
export type BodyShapeName =
  | "none"
  | "create"
  | "approveOne"
  | "bulkApprove"
  | "bulkAct"
  | "customerFilter"
  | "contractFilter"
  | "serviceLocationFilter"
  | "invoiceFilter";

/** Each shape in a few words (the roles table of docs/it/it-setup.md). */
export const BODY_SHAPE_TEXT: Record<BodyShapeName, string> = {
  none: "none",
  create: "the invoice (a JSON object; `externalReference` once, exactly so named)",
  approveOne: "`invoiceDate` only",
  bulkApprove: `1–${BULK_CHUNK_SIZE} invoice ids (\`queryParams.includeOnlyIds\`), \`onlyValidate\`, \`invoiceDate\``,
  bulkAct: `1–${BULK_CHUNK_SIZE} invoice ids (\`queryParams.includeOnlyIds\`), \`onlyValidate\``,
  customerFilter: "`flexSearch`, `nameContains`, `includeOnlyIds`",
  contractFilter: "`customerId`, `flexSearch`, `excludeTerminatedContracts`, `includeOnlyIds`",
  serviceLocationFilter: "`customerId` or `includeOnlyIds`",
  invoiceFilter:
    "`customerId`, `startDateTime`, `endDateTime`, `invoiceStatus`, `flexSearch`, `excludeIds`, `includeOnlyIds`",
};

const UUID = {
  type: "string",
  pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
} as const;
/** A search text or a date as the add-in writes it (ISO 8601). */
const TEXT = { type: "string", minLength: 1, maxLength: 1000 } as const;
const DATE = { type: "string", minLength: 1, maxLength: 64 } as const;
const STATUSES = {
  type: "array",
  maxItems: 20,
  items: { type: "string", pattern: "^[A-Za-z]{1,40}$" },
} as const;
const ID_LIST = { type: "array", items: UUID } as const;
/** Exactly 1–100 different invoice UUIDs: the one thing a bulk request may act on. */
const BULK_IDS = {
  type: "array",
  minItems: 1,
  maxItems: BULK_CHUNK_SIZE,
  uniqueItems: true,
  items: UUID,
} as const;
const BULK_QUERY = {
  type: "object",
  additionalProperties: false,
  required: ["includeOnlyIds"],
  properties: { includeOnlyIds: BULK_IDS, invoiceStatus: STATUSES },
} as const;

function closed(properties: Record<string, unknown>, required: string[] = []) {
  return { type: "object", additionalProperties: false, required, properties };
}

/** The schemas; `none` and `create` are not schemas (no body; gateway/body-rules.ts). */
const SCHEMAS: Record<Exclude<BodyShapeName, "none" | "create">, object> = {
  approveOne: closed({ invoiceDate: DATE }, ["invoiceDate"]),
  // A real approval names its date; the dry run (onlyValidate) may leave it out.
  bulkApprove: {
    ...closed({ invoiceDate: DATE, onlyValidate: { type: "boolean" }, queryParams: BULK_QUERY }, [
      "onlyValidate",
      "queryParams",
    ]),
    if: { properties: { onlyValidate: { const: false } } },
    then: { required: ["invoiceDate"] },
  },
  bulkAct: closed({ onlyValidate: { type: "boolean" }, queryParams: BULK_QUERY }, [
    "onlyValidate",
    "queryParams",
  ]),
  customerFilter: closed({ flexSearch: TEXT, nameContains: TEXT, includeOnlyIds: ID_LIST }),
  contractFilter: closed({
    customerId: UUID,
    flexSearch: TEXT,
    excludeTerminatedContracts: { type: "boolean" },
    includeOnlyIds: ID_LIST,
  }),
  serviceLocationFilter: closed({ customerId: UUID, includeOnlyIds: ID_LIST }),
  invoiceFilter: closed({
    customerId: UUID,
    startDateTime: DATE,
    endDateTime: DATE,
    invoiceStatus: STATUSES,
    flexSearch: TEXT,
    excludeIds: ID_LIST,
    includeOnlyIds: ID_LIST,
  }),
};

const ajv = new Ajv({ allErrors: false, strict: true, strictRequired: false });
const VALIDATORS = new Map<BodyShapeName, ValidateFunction>(
  Object.entries(SCHEMAS).map(([name, schema]) => [name as BodyShapeName, ajv.compile(schema)])
);

/** Result of {@link checkBodyShape}. */
export type ShapeCheck =
  { ok: true; value: unknown } | { ok: false; message: string; detail: string };

/** Where and which rule, never the value (it may be anything the caller sent). */
function describe(error: ErrorObject | undefined): string {
  if (error === undefined) return "shape";
  const where = error.instancePath === "" ? "body" : error.instancePath;
  const extra =
    error.keyword === "additionalProperties"
      ? ` ${String((error.params as { additionalProperty?: string }).additionalProperty).slice(0, 60)}`
      : error.keyword === "required"
        ? ` ${String((error.params as { missingProperty?: string }).missingProperty)}`
        : "";
  return `${where} ${error.keyword}${extra}`.replace(/[^\x20-\x7e]/g, "?");
}

/**
 * Checks a body (already parsed JSON) against the shape `name`. `none` and `create` pass anything
 * (their rules are the body limit and gateway/body-rules.ts).
 */
export function checkBodyShape(name: BodyShapeName, value: unknown): ShapeCheck {
  const validate = VALIDATORS.get(name);
  if (validate === undefined || validate(value)) return { ok: true, value };
  return {
    ok: false,
    message:
      name === "bulkApprove" || name === "bulkAct"
        ? `The company gateway forwards a bulk request only as the billing add-in sends it: 1 to ${BULK_CHUNK_SIZE} exact invoice ids (queryParams.includeOnlyIds) and nothing else.`
        : "The company gateway forwards only request bodies in the billing add-in's own shape; this one is not.",
    detail: describe(validate.errors?.[0]),
  };
}

/** A JSON member name followed by its colon, in the text as sent. */
const MEMBER_NAME = /"(?:[^"\\]|\\.)*"\s*:/g;

function membersIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + membersIn(v), 0);
  if (value === null || typeof value !== "object") return 0;
  let n = 0;
  for (const v of Object.values(value)) n += 1 + membersIn(v);
  return n;
}

/**
 * True when the JSON text names a member twice in one object: JSON.parse keeps the last, a service
 * may keep the first (`{"queryParams":{},"queryParams":{…ids}}` would then act on every invoice).
 * The text holds as many member names as the parsed value has members exactly when none repeats.
 */
export function namesAMemberTwice(text: string, parsed: unknown): boolean {
  return (text.match(MEMBER_NAME)?.length ?? 0) !== membersIn(parsed);
}

/** The invoice ids a bulk body acts on (after {@link checkBodyShape} passed it). */
export function bulkIds(value: unknown): string[] {
  return (value as { queryParams: { includeOnlyIds: string[] } }).queryParams.includeOnlyIds;
}
