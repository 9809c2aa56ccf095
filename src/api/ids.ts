/**
 * The shape of the service's identifiers.
 *
 * Assumption (DESIGN.md, interface "identifier"; REAL-SERVICE.md: `format: uuid`): every id the service
 * hands out is a UUID in its 8-4-4-4-12 hexadecimal form. This is the one place that says so.
 */
const SERVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` has the shape of a service identifier (a UUID). */
export function isServiceId(value: unknown): value is string {
  return typeof value === "string" && SERVICE_ID.test(value);
}
