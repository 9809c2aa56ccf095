/**
 * The invoice lookup endpoints (the interface document's "Invoice lookups").
 */
import type { BillingClient, CallOptions, ServiceErrorEntry } from "./types";
import type { Requester, RequestSpec } from "./client";
import { segment } from "./client";
import { isNotFoundError } from "./errors/not-found-error";
import {
  isDeletedRecord,
  normalizeBankAccount,
  normalizeBillingItemSummary,
  normalizeContractSummary,
  normalizeCustomer,
  normalizePropertyGroupConfiguration,
  normalizeServiceLocation,
  normalizeTaxCode,
} from "./normalize-lookups";
import { fetchAllPages } from "./paging";
import { requireId } from "./ids";

/** The lookup functions of a client. */
export type LookupEndpoints = Pick<
  BillingClient,
  | "filterCustomers"
  | "filterContracts"
  | "getBankAccounts"
  | "getPropertyGroupBillingConfiguration"
  | "getTaxCodes"
  | "getBillingItems"
  | "filterServiceLocations"
>;

/** The interface document's path of a property group's billing configuration (tried second). */
export const PROPERTY_GROUP_PATH = "/api/bill/PropertyGroupBillingConfigurations";
/** The vendor's documented singular path for the same (Billing-1-0.yaml; tried first). */
export const PROPERTY_GROUP_PATH_LIVE = "/api/bill/PropertyGroupBillingConfiguration";

/** Error keys of a 404 that mean "no such route" rather than "no such record". */
const GENERIC_NOT_FOUND_KEYS = new Set([
  "",
  "not_found",
  "notfound",
  "not found",
  "resourcenotfound",
]);

/**
 * True when a 404's entries say nothing more specific than "not found" — how a route the service
 * does not have answers (an assumption: the vendor documents the singular path, the interface the
 * plural one).
 */
export function isNoSuchRoute(entries: readonly ServiceErrorEntry[]): boolean {
  return entries.every((e) => GENERIC_NOT_FOUND_KEYS.has((e.key ?? "").trim().toLowerCase()));
}

function list(
  method: "GET" | "POST",
  path: string,
  json?: unknown,
  query?: Record<string, string>,
  options?: CallOptions
): RequestSpec {
  const endpoint = `${method} ${path}${query ? `?${new URLSearchParams(query).toString()}` : ""}`;
  return {
    method,
    endpoint,
    path,
    json,
    searchParams: query,
    kind: "read",
    signal: options?.signal,
  };
}

/** Drops undefined fields so that the body only says what the caller asked for. */
function compact(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** The query parameter the interface document puts on the filter calls. */
const QUICK_FILTER_ALL = { quickFilter: "all" };

/** Binds the lookup endpoints to a request core. */
export function lookupEndpoints(r: Requester): LookupEndpoints {
  // Which path of the property group configuration worked (undefined = not tried yet).
  let propertyGroupPath: string | undefined;

  async function readList<T>(
    spec: RequestSpec,
    what: string,
    cacheKey: string,
    one: (raw: unknown, i: number) => T,
    keep: (raw: unknown) => boolean = () => true
  ): Promise<T[]> {
    return r.cached(
      cacheKey,
      () =>
        r.inContext(spec, async () => {
          const items = await fetchAllPages(r, spec, what);
          return items.filter(keep).map(one);
        }),
      { caller: spec }
    );
  }

  async function propertyGroupAt(base: string, id: string) {
    const spec: RequestSpec = {
      method: "GET",
      endpoint: `GET ${base}/{id}`,
      path: `${base}/${segment(id)}`,
      kind: "read",
    };
    return r.inContext(spec, async () =>
      normalizePropertyGroupConfiguration((await r.send(spec)).data, id)
    );
  }

  return {
    async filterCustomers(query, options) {
      const body = compact({
        flexSearch: query.flexSearch,
        nameContains: query.nameContains,
        includeOnlyIds: query.includeOnlyIds && [...query.includeOnlyIds],
      });
      const spec = list("POST", "/api/md/Customers/filter", body, undefined, options);
      return readList(spec, "customers", `customers ${JSON.stringify(body)}`, normalizeCustomer);
    },
    async filterContracts(query, options) {
      const body = compact({
        customerId: query.customerId,
        flexSearch: query.flexSearch,
        excludeTerminatedContracts: query.excludeTerminatedContracts,
        includeOnlyIds: query.includeOnlyIds && [...query.includeOnlyIds],
      });
      const spec = list("POST", "/api/md/Contracts/filter", body, QUICK_FILTER_ALL, options);
      return readList(
        spec,
        "contracts",
        `contracts ${JSON.stringify(body)}`,
        normalizeContractSummary
      );
    },
    async getBankAccounts(options) {
      const spec = list("GET", "/api/cfg/BankAccounts", undefined, undefined, options);
      return readList(
        spec,
        "bankAccounts",
        "bankAccounts",
        normalizeBankAccount,
        (a) => !isDeletedRecord(a)
      );
    },
    async getTaxCodes(options) {
      const spec = list("GET", "/api/cfg/TaxCodes", undefined, undefined, options);
      return readList(spec, "taxCodes", "taxCodes", normalizeTaxCode, (t) => !isDeletedRecord(t));
    },
    async getBillingItems(options) {
      const spec = list("GET", "/api/cfg/BillingItems", undefined, undefined, options);
      return readList(spec, "billingItems", "billingItems", normalizeBillingItemSummary);
    },
    async filterServiceLocations(query, options) {
      if (query?.includeOnlyIds !== undefined) {
        const ids = [...query.includeOnlyIds];
        const byIds = { includeOnlyIds: ids };
        const spec = list(
          "POST",
          "/api/md/ServiceLocations/filter",
          byIds,
          QUICK_FILTER_ALL,
          options
        );
        return readList(
          spec,
          "serviceLocations",
          `serviceLocations ${JSON.stringify(byIds)}`,
          normalizeServiceLocation
        );
      }
      const customerId = requireId(
        query?.customerId,
        "customerId",
        "POST /api/md/ServiceLocations/filter"
      );
      const body = { customerId };
      const spec = list("POST", "/api/md/ServiceLocations/filter", body, QUICK_FILTER_ALL, options);
      return readList(
        spec,
        "serviceLocations",
        `serviceLocations ${customerId}`,
        normalizeServiceLocation
      );
    },
    async getPropertyGroupBillingConfiguration(propertyGroupId) {
      const id = requireId(
        propertyGroupId,
        "propertyGroupId",
        `GET ${PROPERTY_GROUP_PATH_LIVE}/{id}`
      );
      return r.cached(`propertyGroup ${id}`, async () => {
        if (propertyGroupPath !== undefined) return await propertyGroupAt(propertyGroupPath, id);
        // The vendor's documents name the singular path; the interface document the plural one.
        try {
          const config = await propertyGroupAt(PROPERTY_GROUP_PATH_LIVE, id);
          propertyGroupPath = PROPERTY_GROUP_PATH_LIVE;
          return config;
        } catch (error) {
          if (!isNotFoundError(error) || !isNoSuchRoute(error.entries)) throw error;
        }
        try {
          const config = await propertyGroupAt(PROPERTY_GROUP_PATH, id);
          propertyGroupPath = PROPERTY_GROUP_PATH;
          return config;
        } catch (error) {
          // A specific "no such configuration" from the plural path shows that path exists.
          if (isNotFoundError(error) && !isNoSuchRoute(error.entries))
            propertyGroupPath = PROPERTY_GROUP_PATH;
          throw error;
        }
      });
    },
  };
}
