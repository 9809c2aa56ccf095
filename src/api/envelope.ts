/**
 * The live service's response envelope `{ errors, success, data, ... }`
 * (docs/developers/live-service.md#response-body); the interface document's dialect sends the DTO
 * itself.
 */
import type { ServiceErrorEntry } from "./types";
import { isJsonObject, pick } from "./pick";
import { readServiceErrors } from "./service-entries";

/** What an answer body holds once the envelope is taken off. */
export type Unwrapped = { ok: true; data: unknown } | { ok: false; entries: ServiceErrorEntry[] };

/**
 * True when `body` is an envelope: an object with a boolean `success` and `data` or `errors`.
 * Assumption (docs/developers/live-service.md#response-body): no bare DTO has a boolean `success`
 * field.
 */
export function isEnvelope(body: unknown): body is Record<string, unknown> {
  if (!isJsonObject(body)) return false;
  const success = pick(body, "success");
  return (
    typeof success === "boolean" &&
    (pick(body, "data") !== undefined || pick(body, "errors") !== undefined)
  );
}

/**
 * The DTO inside an envelope, or the body itself when it is bare. An envelope with
 * `success: false` is a refusal even when the HTTP status was 200.
 */
export function unwrapEnvelope(body: unknown): Unwrapped {
  if (!isEnvelope(body)) return { ok: true, data: body };
  if (pick(body, "success") === false) return { ok: false, entries: readServiceErrors(body) };
  const data = pick(body, "data");
  return { ok: true, data: data === undefined ? null : data };
}
