import { reason, reasonText, type Reason } from "../../i18n";
import type { ServiceErrorEntry } from "../types";

/** The names of every error class of the client, for guards that work across module copies. */
export type BillingErrorName =
  | "BillingError"
  | "ValidationError"
  | "NotFoundError"
  | "AuthError"
  | "RateLimitError"
  | "UnavailableError"
  | "UnknownOutcomeError"
  | "SettingsError"
  | "ResponseFormatError"
  | "CancelledError";

/** What a client error knows about the call that failed. Never a header, a token or a query. */
export interface BillingErrorDetails {
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  /** The endpoint as documented, e.g. "GET /api/cfg/products/{id}". */
  endpoint?: string;
  /** The request path actually called (no query string), e.g. "/api/cfg/products/3f…". */
  path?: string;
  /** The service's error entries (`LocalisedErrorDTO` or RFC 7807 problem details). */
  entries?: ServiceErrorEntry[];
  /** The underlying error, already stripped of requests, headers and options. */
  cause?: unknown;
}

/** At most this many service error entries are spelled out in a message; the rest are counted. */
const ENTRIES_IN_MESSAGE = 3;

/** Words: the add-in's own as a reason (said in the caller's language), or text as it is. */
type Words = string | Reason;

/** The service's own words, its entries as they are, with "(+2 more)" as a reason when cut. */
function entriesSaid(entries: readonly ServiceErrorEntry[]): Words {
  const shown = entries.slice(0, ENTRIES_IN_MESSAGE).map((e) => {
    const parts = [e.key, e.message].filter((p): p is string => typeof p === "string" && p !== "");
    return parts.join(": ");
  });
  const text = shown.filter((s) => s !== "").join("; ");
  const more = entries.length - ENTRIES_IN_MESSAGE;
  return more > 0 ? reason("api.more", { entries: text, count: more }) : text;
}

/** "KEY: message; KEY2: message2 (+2 more)" — the service's own words, as text. */
export function summariseEntries(entries: readonly ServiceErrorEntry[]): string {
  return englishOf(entriesSaid(entries));
}

function englishOf(words: Words): string {
  return typeof words === "string" ? words : reasonText(words);
}

/** The summary, the service's entries and where it happened, as one sentence. */
function composeWords(summary: Words, details: BillingErrorDetails): Words {
  const entries = entriesSaid(details.entries ?? []);
  const where = details.path
    ? `${details.endpoint?.split(" ")[0] ?? ""} ${details.path}`.trim()
    : details.endpoint;
  let said = summary;
  if (entries !== "") said = reason("api.withEntries", { summary: said, entries });
  if (where) said = reason("api.at", { text: said, where });
  return said;
}

/**
 * Base of every error the billing client throws. `endpoint` names the documented endpoint,
 * `entries` carries the service's error entries, `cause` the (sanitised) underlying error.
 */
export class BillingError extends Error {
  override name: BillingErrorName = "BillingError";
  readonly status?: number;
  readonly endpoint: string;
  readonly path?: string;
  readonly entries: ServiceErrorEntry[];
  /**
   * The add-in's own sentence as a code and values (src/i18n reasons), when it has one: the pane and
   * the functions say it in their language; `message` stays its English words.
   */
  reason?: Reason;

  /**
   * `summary` as text stays those words in every language; as a reason (`api.*`), the whole
   * message is kept as a reason too (`reason`), the service's entries in it as they are.
   */
  constructor(summary: Words, details: BillingErrorDetails = {}) {
    const said = composeWords(summary, details);
    super(englishOf(said), details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.endpoint = details.endpoint ?? "";
    this.path = details.path;
    this.entries = details.entries ?? [];
    if (typeof summary !== "string") this.reason = said as Reason;
  }
}

const NAMES: readonly string[] = [
  "BillingError",
  "ValidationError",
  "NotFoundError",
  "AuthError",
  "RateLimitError",
  "UnavailableError",
  "UnknownOutcomeError",
  "SettingsError",
  "ResponseFormatError",
  "CancelledError",
];

/** True when `value` is an error of `name` (by class or, across module copies, by name). */
export function hasErrorName(value: unknown, name: BillingErrorName): boolean {
  return value instanceof Error && value.name === name;
}

/** True for any error thrown by the billing client. */
export function isBillingError(value: unknown): value is BillingError {
  return value instanceof BillingError || (value instanceof Error && NAMES.includes(value.name));
}
