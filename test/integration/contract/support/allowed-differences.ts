/**
 * The allow-list of known differences from the vendor's documents (contracts/allowed-differences.json)
 * and the sorting of Prism's violations against it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Violation } from "./validating-proxy";

const FILE = path.resolve(__dirname, "../../../../contracts/allowed-differences.json");

/** One allowed difference; every field but `id` and `reason` is a regular expression. */
export interface AllowedDifference {
  id: string;
  /** Matched against "METHOD /Template" (the template without the /api/<area> prefix). */
  endpoint: string;
  code: string;
  /** Matched against Prism's location joined with dots, e.g. "response.body.data.endDateTime". */
  location: string;
  message: string;
  reason: string;
}

/** The entries of the allow-list file. */
export function readAllowedDifferences(): AllowedDifference[] {
  const parsed = JSON.parse(readFileSync(FILE, "utf8")) as { allowed: AllowedDifference[] };
  for (const entry of parsed.allowed) {
    if (!entry.id || !entry.reason || entry.reason.trim().length < 20)
      throw new Error(
        `allowed-differences.json: entry ${entry.id || "?"} needs an id and a reason`
      );
  }
  return parsed.allowed;
}

/** The allow-list entry a violation on `endpoint` falls under, if any. */
export function allowedBy(
  entries: AllowedDifference[],
  endpoint: string,
  v: Violation
): AllowedDifference | undefined {
  const location = v.location.join(".");
  return entries.find(
    (e) =>
      new RegExp(e.endpoint).test(endpoint) &&
      new RegExp(e.code).test(String(v.code ?? "")) &&
      new RegExp(e.location).test(location) &&
      new RegExp(e.message).test(v.message)
  );
}

/**
 * True for Prism's notes that it could not validate an exchange at all (no documented route,
 * status code or content type) — such an exchange does not count as validated.
 */
export function isUnvalidatedNote(v: Violation): boolean {
  return /route not (found|resolved)|unable to match/i.test(v.message);
}
