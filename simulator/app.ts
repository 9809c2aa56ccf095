/**
 * Assembles the simulator's express application from its middleware and routes.
 */
import cors from "cors";
import express from "express";
import type { ErrorRequestHandler, Express } from "express";
import {
  addLatency,
  logRequests,
  rateLimit,
  requireAuth,
  unavailableGets,
  unavailablePosts,
} from "./middleware";
import { sendError } from "./respond";
import { costsRoutes } from "./routes/costs";
import { invoiceActionRoutes } from "./routes/invoice-actions";
import { invoiceRoutes } from "./routes/invoices";
import { lookupRoutes } from "./routes/lookups";
import type { SimulatorState } from "./state";
import { tokenRoutes } from "./token";
import { CORS_EXPOSED_HEADERS as SERVICE_EXPOSED_HEADERS, CORS_REQUIRED_HEADERS } from "../src/api";

/** The headers the add-in sends and reads cross-origin (one list, shared with the task pane). */
export const CORS_ALLOWED_HEADERS: string[] = [...CORS_REQUIRED_HEADERS];
export const CORS_EXPOSED_HEADERS: string[] = [...SERVICE_EXPOSED_HEADERS];

/** Largest accepted JSON body; benchmark invoices carry hundreds of lines. */
const JSON_LIMIT = "5mb";

/** "*" allows any origin; otherwise only a listed origin is echoed back (others get no header). */
function corsOriginOption(origin: string | string[]): string | string[] {
  if (origin === "*") return "*";
  return Array.isArray(origin) ? origin : [origin];
}

/** Builds the express app over `state`. */
export function createApp(state: SimulatorState): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use(logRequests(state));
  // Preflights are answered here, before latency, auth and faults.
  app.use(
    cors((_req, cb) =>
      cb(null, {
        origin: corsOriginOption(state.options.corsOrigin),
        methods: ["GET", "POST", "DELETE", "OPTIONS"],
        allowedHeaders: CORS_ALLOWED_HEADERS,
        exposedHeaders: CORS_EXPOSED_HEADERS,
        maxAge: 600,
      })
    )
  );
  // The local Entra ID token endpoint (server to server: no CORS, no latency, no faults).
  app.use(tokenRoutes(state));
  app.use(addLatency(state));
  app.use("/api", requireAuth(state));
  app.use(rateLimit(state));
  app.use(unavailableGets(state));
  app.use(unavailablePosts(state));
  app.use(express.json({ limit: JSON_LIMIT }));
  app.use(costsRoutes(state));
  app.use(lookupRoutes(state));
  app.use(invoiceActionRoutes(state));
  app.use(invoiceRoutes(state));
  app.use((_req, res) => {
    sendError(state, res, 404, [{ key: "NOT_FOUND", message: "No such endpoint." }]);
  });
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    const status =
      typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (res.headersSent) return;
    if (status === 500) {
      sendError(state, res, 500, [{ key: "INTERNAL_ERROR", message: "Internal simulator error." }]);
    } else {
      sendError(state, res, status, [
        { key: "INVALID_REQUEST_BODY", message: "The request body is not valid JSON." },
      ]);
    }
  };
  app.use(onError);
  return app;
}
