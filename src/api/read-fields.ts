/**
 * Typed reads of service JSON with clear failures: a wrong type or a missing required field is a
 * ResponseFormatError naming the field, never an `undefined` crash further up.
 */
import { ResponseFormatError } from "./errors/response-format-error";
import { pick } from "./pick";

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object"
    ? "an object"
    : `${typeof value} ${JSON.stringify(value)}`.slice(0, 60);
}

/** Throws the ResponseFormatError for `what` (a field path such as "contract.id"). */
export function malformed(what: string, problem: string): never {
  throw new ResponseFormatError(`The service's answer is malformed: ${what} ${problem}`);
}

/** Optional text field; numbers are accepted as their decimal text (ids and numbers in some DTOs). */
export function optText(obj: unknown, what: string, ...names: string[]): string | undefined {
  const value = pick(obj, ...names);
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return malformed(what, `should be text but is ${describeType(value)}`);
}

/** Required text field (non-empty). */
export function reqText(obj: unknown, what: string, ...names: string[]): string {
  const value = optText(obj, what, ...names);
  if (value === undefined || value.trim() === "") return malformed(what, "is missing");
  return value;
}

/** Optional date-time text; null is kept (open-ended), absent is undefined. */
export function optDate(obj: unknown, what: string, ...names: string[]): string | null | undefined {
  const value = pick(obj, ...names);
  if (value === null) return null;
  if (value === undefined) return undefined;
  if (typeof value === "string") return value;
  return malformed(what, `should be a date-time text but is ${describeType(value)}`);
}

/** Optional boolean field. */
export function optBool(obj: unknown, what: string, ...names: string[]): boolean | undefined {
  const value = pick(obj, ...names);
  if (value === undefined || value === null) return undefined;
  if (typeof value === "boolean") return value;
  return malformed(what, `should be true/false but is ${describeType(value)}`);
}

/** Optional finite number; numeric text is accepted. */
export function optNumber(obj: unknown, what: string, ...names: string[]): number | undefined {
  const value = pick(obj, ...names);
  if (value === undefined || value === null) return undefined;
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n === "number" && Number.isFinite(n)) return n;
  return malformed(what, `should be a number but is ${describeType(value)}`);
}

/** Optional list field; absent or null is an empty list. */
export function optList(obj: unknown, what: string, ...names: string[]): unknown[] {
  const value = pick(obj, ...names);
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  return malformed(what, `should be a list but is ${describeType(value)}`);
}

/** The object itself, or a ResponseFormatError when it is not a JSON object. */
export function reqObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return value as Record<string, unknown>;
  }
  return malformed(what, `should be an object but is ${describeType(value)}`);
}

/** Sets an optional field only when it has a value, so an absent field stays absent (not `undefined`). */
export function setIf<T extends object, K extends keyof T>(
  target: T,
  key: K,
  value: T[K] | undefined
): void {
  if (value !== undefined) target[key] = value;
}
