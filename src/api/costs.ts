/**
 * The cost endpoints (the interface document's "Costs"): contract, product, billing item, tariffs.
 */
import type { BillingClient, CallOptions } from "./types";
import type { Requester, RequestSpec } from "./client";
import { segment } from "./client";
import { requireId } from "./ids";
import {
  normalizeBillingItem,
  normalizeContract,
  normalizeProduct,
  normalizeTariff,
} from "./normalize-costs";
import { fetchAllPages } from "./paging";

/** The cost functions of a client. */
export type CostEndpoints = Pick<
  BillingClient,
  "getContract" | "getProduct" | "getBillingItem" | "getBillingTariffs"
>;

function get(
  endpoint: string,
  path: string,
  searchParams?: Record<string, string>,
  options?: CallOptions
): RequestSpec {
  const spec: RequestSpec = { method: "GET", endpoint: `GET ${endpoint}`, path, kind: "read" };
  if (searchParams !== undefined) spec.searchParams = searchParams;
  if (options?.signal !== undefined) spec.signal = options.signal;
  return spec;
}

/** Binds the cost endpoints to a request core. */
export function costEndpoints(r: Requester): CostEndpoints {
  return {
    async getContract(contractId, options) {
      const id = requireId(contractId, "contractId", "GET /api/md/Contracts/{id}");
      const spec = get(
        "/api/md/Contracts/{id}",
        `/api/md/Contracts/${segment(id)}`,
        undefined,
        options
      );
      return r.cached(
        `contract ${id}`,
        () => r.inContext(spec, async () => normalizeContract((await r.send(spec)).data, id)),
        { caller: spec, frozen: true }
      );
    },
    async getProduct(productId, options) {
      const id = requireId(productId, "productId", "GET /api/cfg/Products/{id}");
      const spec = get(
        "/api/cfg/Products/{id}",
        `/api/cfg/Products/${segment(id)}`,
        undefined,
        options
      );
      return r.cached(
        `product ${id}`,
        () => r.inContext(spec, async () => normalizeProduct((await r.send(spec)).data, id)),
        { caller: spec, frozen: true }
      );
    },
    async getBillingItem(billingItemId, options) {
      const id = requireId(billingItemId, "billingItemId", "GET /api/cfg/BillingItems/{id}");
      const spec = get(
        "/api/cfg/BillingItems/{id}",
        `/api/cfg/BillingItems/${segment(id)}`,
        undefined,
        options
      );
      return r.cached(
        `billingItem ${id}`,
        () => r.inContext(spec, async () => normalizeBillingItem((await r.send(spec)).data, id)),
        { caller: spec, frozen: true }
      );
    },
    async getBillingTariffs(productId, billingItemId, options) {
      const endpoint = "GET /api/cfg/BillingTariffs";
      const query = {
        productId: requireId(productId, "productId", endpoint),
        billingItemId: requireId(billingItemId, "billingItemId", endpoint),
      };
      const spec = get("/api/cfg/BillingTariffs", "/api/cfg/BillingTariffs", query, options);
      return r.cached(
        `tariffs ${query.productId} ${query.billingItemId}`,
        () =>
          r.inContext(spec, async () => {
            const items = await fetchAllPages(r, spec, "billingTariffs");
            return items.map((t, i) => normalizeTariff(t, query, i));
          }),
        { caller: spec, frozen: true }
      );
    },
  };
}
