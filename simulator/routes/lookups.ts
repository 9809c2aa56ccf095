/**
 * The invoice lookup endpoints (the interface document's "Invoice lookups"), plus the live service's
 * singular property group configuration path (docs/developers/live-service.md#dialects).
 */
import { Router } from "express";
import type { Request, Response } from "express";
import { renderBillingItem, renderContractSummary } from "../render";
import {
  customerNames,
  renderCustomer,
  renderPropertyGroupConfig,
  renderServiceLocation,
} from "../render-parties";
import { sendError, sendList, sendOne } from "../respond";
import type { SimulatorState } from "../state";
import { containsCi, objectBody, sameId, text } from "./body";

/**
 * The Masterdata OpenAPI's `includeOnlyIds` of a filter body (`Get…QueryParams`): only these
 * records, compared case-insensitively; undefined when the body does not ask.
 */
function onlyIds(body: Record<string, unknown>): Set<string> | undefined {
  const ids = body.includeOnlyIds;
  return Array.isArray(ids) ? new Set(ids.map((id) => String(id).toLowerCase())) : undefined;
}

/** Routes for customers, contracts filter, bank accounts, tax codes, billing items, locations. */
export function lookupRoutes(state: SimulatorState): Router {
  const r = Router();
  const data = () => state.store.dataset;
  const badBody = (res: Response) =>
    sendError(state, res, 400, [
      { key: "INVALID_REQUEST_BODY", message: "The request body must be a JSON object." },
    ]);

  r.post("/api/md/Customers/filter", (req, res) => {
    const body = objectBody(req);
    if (!body) return badBody(res);
    const flex = text(body.flexSearch);
    const name = text(body.nameContains);
    const only = onlyIds(body);
    const items = data().customers.filter(
      (c) =>
        (!only || only.has(c.id.toLowerCase())) &&
        (!name || customerNames(c).some((n) => containsCi(n, name))) &&
        (!flex ||
          customerNames(c).some((n) => containsCi(n, flex)) ||
          containsCi(c.accountNumber, flex))
    );
    sendList(
      state,
      req,
      res,
      items.map((c) => renderCustomer(c, state.options.dialect))
    );
  });

  r.post("/api/md/Contracts/filter", (req, res) => {
    const body = objectBody(req);
    if (!body) return badBody(res);
    const customerId = text(body.customerId);
    const flex = text(body.flexSearch);
    const productId = text(body.productId);
    const serviceLocationId = text(body.serviceLocationId);
    const excludeTerminated = body.excludeTerminatedContracts === true;
    const only = onlyIds(body);
    const items = data()
      .contracts.filter(
        (c) =>
          (!only || only.has(c.id.toLowerCase())) &&
          (!customerId || sameId(c.customerId, customerId)) &&
          (!flex || containsCi(c.contractNumber, flex)) &&
          (!productId || c.products.some((p) => sameId(p.productId, productId))) &&
          (!serviceLocationId ||
            c.serviceLocationIds.some((id) => sameId(id, serviceLocationId))) &&
          (!excludeTerminated || !c.terminated)
      )
      .map((c) => renderContractSummary(c, data(), state.options.dialect));
    sendList(state, req, res, items);
  });

  r.get("/api/cfg/BankAccounts", (req, res) => {
    sendList(
      state,
      req,
      res,
      data().bankAccounts.map((b) => ({ ...b }))
    );
  });

  const propertyGroup = (req: Request, res: Response) => {
    const cfg = data().propertyGroupConfigs.find((p) =>
      sameId(p.propertyGroupId, String(req.params.id))
    );
    if (!cfg) {
      return sendError(state, res, 404, [
        {
          key: "PROPERTY_GROUP_BILLING_CONFIGURATION_NOT_FOUND",
          message: "No billing configuration for this property group.",
        },
      ]);
    }
    sendOne(state, res, renderPropertyGroupConfig(cfg, state.options.dialect));
  };
  r.get("/api/bill/PropertyGroupBillingConfigurations/:id", propertyGroup);
  r.get("/api/bill/PropertyGroupBillingConfiguration/:id", propertyGroup);

  r.get("/api/cfg/TaxCodes", (req, res) => {
    sendList(
      state,
      req,
      res,
      data().taxCodes.map((t) => ({ ...t, deleted: false }))
    );
  });

  r.get("/api/cfg/BillingItems", (req, res) => {
    sendList(
      state,
      req,
      res,
      data().billingItems.map((b) => renderBillingItem(b, state.options.dialect))
    );
  });

  r.post("/api/md/ServiceLocations/filter", (req, res) => {
    const body = objectBody(req);
    if (!body) return badBody(res);
    const customerId = text(body.customerId);
    const only = onlyIds(body);
    const items = data().serviceLocations.filter(
      (l) =>
        (!only || only.has(l.id.toLowerCase())) && (!customerId || sameId(l.customerId, customerId))
    );
    sendList(
      state,
      req,
      res,
      items.map((l) => renderServiceLocation(l, data(), state.options.dialect))
    );
  });

  return r;
}
