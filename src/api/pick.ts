/**
 * Case-insensitive field access, because the service's two dialects spell the same field in
 * PascalCase (interface document) and camelCase (live service) —
 * docs/developers/rules.md#cost-rules.
 */

/** A JSON object as parsed: string keys, unknown values. */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The value of the first of `names` present on `obj`, keys compared case-insensitively.
 * An exact-case match wins over a case-insensitive one; `undefined` when none is present or
 * `obj` is not an object.
 */
export function pick(obj: unknown, ...names: string[]): unknown {
  if (!isJsonObject(obj)) return undefined;
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(obj, name) && obj[name] !== undefined)
      return obj[name];
    const lower = name.toLowerCase();
    for (const key of Object.keys(obj)) {
      if (key.toLowerCase() === lower && obj[key] !== undefined) return obj[key];
    }
  }
  return undefined;
}

/** `pick` along a path of nested objects, each step matched case-insensitively. */
export function pickPath(obj: unknown, ...path: string[]): unknown {
  let current: unknown = obj;
  for (const step of path) {
    current = pick(current, step);
    if (current === undefined) return undefined;
  }
  return current;
}
