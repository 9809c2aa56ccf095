/**
 * Which headers cross the gateway. Towards the service: the client's own headers minus every
 * credential it might have sent, plus the gateway's. Towards the browser: the service's headers minus
 * its CORS headers (the gateway answers CORS itself) and cookies.
 */
import type { IncomingHttpHeaders } from "node:http";

/** The service's credential headers (REAL-SERVICE.md "Authentication and limits"). */
export const SERVICE_HEADERS = {
  apiKey: "apim-sub",
  tenant: "zf-tuuid",
  organisation: "zf-ouuid",
} as const;

/** The query parameter the service also accepts as API key; never taken from a client. */
export const API_KEY_QUERY = "subscription-key";

/** Request headers never forwarded: credentials, cookies, hop-by-hop and what the gateway sets. */
const DROPPED_REQUEST = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "apim-sub",
  "ocp-apim-subscription-key",
  "origin",
  "referer",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "te",
  "upgrade",
  "expect",
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
]);

/** Response headers that belong to one connection or to the service's own CORS and cookies. */
const DROPPED_RESPONSE = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "set-cookie",
  "vary",
]);

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
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(incoming)) {
    const lower = name.toLowerCase();
    if (value === undefined || DROPPED_REQUEST.has(lower) || lower.startsWith("zf-")) continue;
    if (!hasBody && (lower === "content-length" || lower === "content-type")) continue;
    out[lower] = value;
  }
  out.authorization = `Bearer ${credentials.token}`;
  out[SERVICE_HEADERS.apiKey] = credentials.apimKey;
  out[SERVICE_HEADERS.tenant] = credentials.tenantId;
  out[SERVICE_HEADERS.organisation] = credentials.organisationId;
  return out;
}

/** The service's response headers as passed to the browser. */
export function downstreamHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower.startsWith("access-control-") || DROPPED_RESPONSE.has(lower)) continue;
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
