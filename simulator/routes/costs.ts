/**
 * The costs endpoints (the interface document's "Costs").
 */
import { Router } from "express";
import { renderBillingItem, renderContract, renderProduct, renderTariff } from "../render";
import { sendError, sendList, sendOne, sendProblem } from "../respond";
import type { SimulatorState } from "../state";
import { sameId, text } from "./body";

/** Routes for contracts, products, billing items and tariffs. */
export function costsRoutes(state: SimulatorState): Router {
  const r = Router();
  const data = () => state.store.dataset;

  r.get("/api/md/Contracts/:id", (req, res) => {
    const c = data().contracts.find((x) => sameId(x.id, req.params.id));
    // The vendor documents a 404 of these reads as RFC 7807 problem details.
    if (!c) return sendProblem(state, req, res, "Contract not found.", "CONTRACT_NOT_FOUND");
    sendOne(state, res, renderContract(c, data(), state.options.dialect));
  });

  r.get("/api/cfg/Products/:id", (req, res) => {
    const p = data().products.find((x) => sameId(x.id, req.params.id));
    // The live service answers some unknown ids with RFC 7807 problem details
    // (docs/developers/live-service.md#errors).
    if (!p) return sendProblem(state, req, res, "Product not found.", "NOT_FOUND");
    sendOne(state, res, renderProduct(p, state.options.dialect));
  });

  r.get("/api/cfg/BillingItems/:id", (req, res) => {
    const b = data().billingItems.find((x) => sameId(x.id, req.params.id));
    if (!b) {
      return sendProblem(state, req, res, "Billing item not found.", "BILLING_ITEM_NOT_FOUND");
    }
    sendOne(state, res, renderBillingItem(b, state.options.dialect));
  });

  r.get("/api/cfg/BillingTariffs", (req, res) => {
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
