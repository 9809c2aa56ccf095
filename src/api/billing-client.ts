/**
 * The factory of the typed billing client.
 */
import type { BillingClient, ConnectionSettings } from "./types";
import type { ClientOptions } from "./client-options";
import { createRequester } from "./client";
import { costEndpoints } from "./costs";
import { documentFetch } from "./document-fetch";
import { SettingsError } from "./errors/settings-error";
import { invoiceActionEndpoints } from "./invoice-actions";
import { invoiceEndpoints } from "./invoices";
import { lookupEndpoints } from "./lookups";
import { validateSettings } from "./settings";

/**
 * A client for the billing service at `settings.baseUrl`: one function per endpoint, both dialects
 * read, retries, time-outs, one concurrency limit and an optional cache. Throws a SettingsError
 * when the settings cannot be used.
 */
export function createBillingClient(
  settings: ConnectionSettings,
  options: ClientOptions = {}
): BillingClient {
  const checked = validateSettings(settings);
  if (!checked.ok) throw new SettingsError(checked.problems);
  // Preview documents (HTML, PDF) reach the JSON request core through this fetch (document-fetch.ts).
  const r = createRequester(checked.settings, { ...options, fetch: documentFetch(options.fetch) });
  return {
    ...costEndpoints(r),
    ...lookupEndpoints(r),
    ...invoiceEndpoints(r),
    ...invoiceActionEndpoints(r),
    clearCache: () => r.clearCache(),
    rateLimit: () => r.rateLimit(),
    requestsWaiting: () => r.requestsWaiting(),
    listPageSize: () => r.listPageSize(),
  };
}
