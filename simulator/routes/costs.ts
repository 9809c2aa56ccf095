/**
 * The costs endpoints (service-interface.md §4 "Costs").
 */
import { Router } from "express";
import { renderBillingItem, renderContract, renderProduct, renderTariff } from "../render";
import { sendError, sendList, sendOne, sendProblem } from "../respond";
import type { SimulatorState } from "../state";
import { sameId, text } from "./body";

/** Product names by id, for the live contract's `productName`. */
export function productNames(state: SimulatorState): Map<string, string> {
  return new Map(state.store.dataset.products.map((p) => [p.id, p.name]));
}

/** Routes for contracts, products, billing items and tariffs. */
export function costsRoutes(state: SimulatorState): Router {
  const r = Router();
  const data = () => state.store.dataset;

  r.get("/api/md/contracts/:id", (req, res) => {
    const c = data().contracts.find((x) => sameId(x.id, req.params.id));
    if (!c) {
      return sendError(state, res, 404, [
        { key: "CONTRACT_NOT_FOUND", message: "Contract not found." },
      ]);
    }
    sendOne(
      state,
      res,
      renderContract(c, data().serviceLocations, productNames(state), state.options.dialect)
    );
  });

  r.get("/api/cfg/products/:id", (req, res) => {
    const p = data().products.find((x) => sameId(x.id, req.params.id));
    // The live service answers some unknown ids with RFC 7807 problem details (REAL-SERVICE.md).
    if (!p) return sendProblem(state, req, res, "Product not found.");
    sendOne(state, res, renderProduct(p, state.options.dialect));
  });

  r.get("/api/cfg/billingitems/:id", (req, res) => {
    const b = data().billingItems.find((x) => sameId(x.id, req.params.id));
    if (!b) {
      return sendError(state, res, 404, [
        { key: "BILLING_ITEM_NOT_FOUND", message: "Billing item not found." },
      ]);
    }
    sendOne(state, res, renderBillingItem(b, state.options.dialect));
  });

  r.get("/api/cfg/billingtariffs", (req, res) => {
    const q = req.query;
    const productId = text(q.productId);
    const billingItemId = text(q.billingItemId);
    const contractId = text(q.contractId);
    const bad = (["productId", "billingItemId", "contractId"] as const).find(
      (k) => q[k] !== undefined && typeof q[k] !== "string"
    );
    if (bad) {
      return sendError(state, res, 400, [
        { key: "INVALID_QUERY_PARAMETER", message: `The query parameter ${bad} is not valid.` },
      ]);
    }
    const items = data()
      .tariffs.filter(
        (t) =>
          (!productId || sameId(t.productId, productId)) &&
          (!billingItemId || sameId(t.billingItemId, billingItemId)) &&
          (!contractId || sameId(t.contractId, contractId))
      )
      .map((t) => renderTariff(t, state.options.dialect));
    sendList(state, req, res, items);
  });

  return r;
}
