/**
 * What the billing service (or the company gateway) must allow cross-origin for the add-in to work
 * in a browser: the request headers the client sends and the response headers it reads
 * (docs/developers/live-service.md#limits-and-cors). The simulator serves exactly these,
 * and the task pane's Test connection names them when a call is blocked by CORS.
 */

/** `Access-Control-Allow-Headers`: JSON bodies, the token, tenant/organisation/API-key, paging. */
export const CORS_REQUIRED_HEADERS = [
  "content-type",
  "authorization",
  "zf-tuuid",
  "zf-ouuid",
  "apim-sub",
  "continuationtoken",
] as const;

/** `Access-Control-Expose-Headers` the client needs: 429 waits, Location of a created invoice, paging. */
export const CORS_EXPOSED_HEADERS = [
  "retry-after",
  "x-retry-after-seconds",
  "location",
  "continuationtoken",
  // The gateway's 401 says why in it (`Bearer error="invalid_token"`): sign in again.
  "www-authenticate",
] as const;
