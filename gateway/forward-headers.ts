/**
 * Which headers cross the gateway. Towards the service: an allow-list of the caller's headers, plus
 * the gateway's credentials. Towards the browser: the service's headers minus its CORS headers (the
 * gateway answers CORS itself), cookies and software names; a `Location` on the service's own
 * address made relative.
 */
import type { IncomingHttpHeaders } from "node:http";

/** The service's credential headers (docs/developers/live-service.md#authentication). */
export const SERVICE_HEADERS = {
  apiKey: "apim-sub",
  tenant: "zf-tuuid",
  organisation: "zf-ouuid",
} as const;

/** The query parameter the service also accepts as API key; never taken from a client. */
export const API_KEY_QUERY = "subscription-key";

/**
 * The only request headers of the caller that reach the service (an allow-list, like the
 * operations): what the add-in sends (CORS_REQUIRED_HEADERS minus the credentials the gateway sets
 * itself) and what a browser adds that the service may use to answer. Everything else — override and
 * rewrite headers (`X-HTTP-Method-Override`, `X-Original-URL`, `X-Forwarded-Prefix`, …), identity
 * headers (`X-MS-CLIENT-PRINCIPAL-*`), credentials, cookies, hop-by-hop headers — is dropped.
 * `host`, `content-length` and `content-type` of a body are set by the proxy for the service.
 */
export const FORWARDED_REQUEST_HEADERS: ReadonlySet<string> = new Set([
  "accept",
  "accept-language",
  "content-type",
  "continuationtoken",
]);

/** Set by the proxy itself for the service (the host, a body's length). */
const SET_BY_PROXY = ["host", "content-length"];

/** The names taken from the proxy's copy of the request: with a body, and without (no length or type). */
const PICKED_WITH_BODY: readonly string[] = [...FORWARDED_REQUEST_HEADERS, ...SET_BY_PROXY];
const PICKED_WITHOUT_BODY: readonly string[] = PICKED_WITH_BODY.filter(
  (name) => name !== "content-length" && name !== "content-type"
);

/** Response headers that belong to one connection, to the service's own CORS and cookies, or name its software. */
const DROPPED_RESPONSE = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "set-cookie",
  "vary",
  "server",
  "x-powered-by",
  "x-aspnet-version",
  "x-aspnetmvc-version",
  "via",
]);

/** Response headers holding a URL that may name the service's address. */
const URL_HEADERS = new Set(["location", "content-location"]);

/** What the gateway adds to every forwarded request. */
export interface GatewayCredentials {
  token: string;
  apimKey: string;
  tenantId: string;
  organisationId: string;
}

/**
 * The headers sent to the service, from the proxy's copy of the client's headers (`host` and, for a
 * request with a body, `content-length` already set for the service).
 */
export function upstreamHeaders(
  incoming: IncomingHttpHeaders,
  credentials: GatewayCredentials,
  hasBody: boolean
): Record<string, string | string[]> {
  // Picked by name from the allow-list (Node and the proxy name headers in lower case), rather than
  // every incoming header tested: the same result, a few lookups instead of one test per header.
  const out: Record<string, string | string[]> = {};
  for (const name of hasBody ? PICKED_WITH_BODY : PICKED_WITHOUT_BODY) {
    const value = incoming[name];
    if (value !== undefined) out[name] = value;
  }
  out.authorization = `Bearer ${credentials.token}`;
  out[SERVICE_HEADERS.apiKey] = credentials.apimKey;
  out[SERVICE_HEADERS.tenant] = credentials.tenantId;
  out[SERVICE_HEADERS.organisation] = credentials.organisationId;
  return out;
}

/**
 * A URL the service sent back (`Location`), as the browser may see it: one on the service's own
 * address (`serviceOrigin`) made relative (path, query, fragment: the same resource through the
 * gateway); a relative one kept; one on any other address dropped (undefined), so that no address
 * behind the gateway reaches the browser.
 */
export function rewriteServiceUrl(value: string, serviceOrigin: string): string | undefined {
  const text = value.trim();
  // `//host`, `\\host` and `/\host` are absolute to a browser too.
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(text) || /^[/\\]{2}/.test(text);
  if (!absolute) return text.startsWith("/") ? text : text === "" ? undefined : text;
  let url: URL;
  try {
    url = new URL(text, serviceOrigin);
  } catch {
    return undefined;
  }
  if (url.origin !== serviceOrigin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The service's response headers as passed to the browser (`serviceOrigin`: GATEWAY_SERVICE_URL's). */
export function downstreamHeaders(
  headers: IncomingHttpHeaders,
  serviceOrigin: string
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower.startsWith("access-control-") || DROPPED_RESPONSE.has(lower)) continue;
    if (URL_HEADERS.has(lower) && typeof value === "string") {
      const rewritten = rewriteServiceUrl(value, serviceOrigin);
      if (rewritten !== undefined) out[lower] = rewritten;
      continue;
    }
    out[lower] = value;
  }
  return out;
}

/** The query string without the API-key parameter a client might have added ("" or "?a=b"). */
export function cleanQuery(search: string): string {
  if (search === "" || search === "?") return "";
  const params = new URLSearchParams(search);
  if (![...params.keys()].some((k) => k.toLowerCase() === API_KEY_QUERY)) return search;
  for (const key of [...params.keys()]) {
    if (key.toLowerCase() === API_KEY_QUERY) params.delete(key);
  }
  const rest = params.toString();
  return rest === "" ? "" : `?${rest}`;
}
