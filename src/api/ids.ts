/**
 * The shape of the service's identifiers.
 *
 * Assumption (interface "identifier"; docs/developers/live-service.md#dialects: `format: uuid`):
 * every id the service hands out is a UUID in its 8-4-4-4-12 hexadecimal form. This is the one
 * place that says so.
 */
import { ValidationError } from "./errors/validation-error";
const SERVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` has the shape of a service identifier (a UUID). */
export function isServiceId(value: unknown): value is string {
  return typeof value === "string" && SERVICE_ID.test(value);
}

/** True when two service ids are the same (UUIDs compare case-insensitively). */
export function sameId(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
}

/**
 * The trimmed id, or a ValidationError naming the argument: arguments that name a resource must be
 * non-empty text before anything is sent (no request is made).
 */
export function requireId(value: unknown, argument: string, endpoint: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ValidationError(`${argument} is required`, { endpoint });
  }
  return value.trim();
}
