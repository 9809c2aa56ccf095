/**
 * Reading request bodies and query values defensively.
 */
import type { Request } from "express";

/** The JSON body as an object; `{}` when absent; null when it is not an object. */
export function objectBody(req: Request): Record<string, unknown> | null {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) return null;
  return body as Record<string, unknown>;
}

/** A field as a non-empty trimmed string, else undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const t = value.trim();
  return t === "" ? undefined : t;
}

/** Case-insensitive "contains". */
export function containsCi(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

/** Case-insensitive id equality (UUIDs may come in either case). */
export function sameId(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}
