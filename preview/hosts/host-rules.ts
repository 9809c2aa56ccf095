/**
 * What a host profile refuses: the fake's members whose requirement set (generated from Microsoft's
 * typings, api-sets.generated.ts) is above the profile, and Excel's errors for them and for Excel on
 * the web's limits per sync.
 */
import { FakeExcelError } from "../fake-excel/errors";
import { API_SETS } from "./api-sets.generated";
import type { HostProfile } from "./profiles";
import { supportsSet } from "./profiles";

/** The profile and, per fake type ("RangeAreas"), the members it lacks with the set they need. */
export interface HostRules {
  profile: HostProfile;
  /** Type → member → "ExcelApi 1.18". Empty when the profile has every member the fake implements. */
  missing: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

const cache = new Map<HostProfile, HostRules>();

/** The rules of a profile (computed once per profile). */
export function hostRules(profile: HostProfile): HostRules {
  let rules = cache.get(profile);
  if (!rules) {
    const missing = new Map<string, Map<string, string>>();
    for (const [key, [set, version]] of Object.entries(API_SETS)) {
      if (supportsSet(profile, set, version)) continue;
      const [type, member] = key.split(".");
      const members = missing.get(type) ?? new Map<string, string>();
      members.set(member, `${set} ${version}`);
      missing.set(type, members);
    }
    rules = { profile, missing };
    cache.set(profile, rules);
  }
  return rules;
}

/** The set a member needs when the profile lacks it; undefined when the profile has it. */
export function missingMember(rules: HostRules, type: string, member: string): string | undefined {
  return rules.missing.get(type)?.get(member);
}

/** Excel's error for a member the host does not have, raised by the sync that carries it. */
export function apiNotFound(rules: HostRules, type: string, member: string, needs: string) {
  return new FakeExcelError(
    "ApiNotFound",
    `The API you are trying to use could not be found. It may be available in a newer version of Excel. (${type}.${member} needs ${needs}; ${rules.profile.name} does not have it.)`,
    `${type}.${member}`
  );
}

/** What one sync carried, for Excel on the web's limits and for tests that count. */
export interface SyncRecord {
  /** Queued actions the sync ran. */
  actions: number;
  /** Cells of the grid properties it loaded (values, formulas, …), per property. */
  cellsRead: number;
  /** Cells it wrote (values, formulas, number formats). */
  cellsWritten: number;
  /** JSON bytes of what it wrote (counted only under a profile with limits). */
  requestBytes: number;
  /** JSON bytes of what it loaded (counted only under a profile with limits). */
  responseBytes: number;
}

/** A fresh record. */
export function emptySyncRecord(): SyncRecord {
  return { actions: 0, cellsRead: 0, cellsWritten: 0, requestBytes: 0, responseBytes: 0 };
}

/** The cells of a loaded or written value: rows × columns of a 2-D array, else 0. */
export function cellsOf(value: unknown): number {
  if (!Array.isArray(value) || value.length === 0 || !Array.isArray(value[0])) return 0;
  return value.reduce((n: number, row: unknown) => n + (Array.isArray(row) ? row.length : 0), 0);
}

/** Excel on the web's error when a sync's request, response or cells read go over its limits. */
export function limitError(rules: HostRules, record: SyncRecord): FakeExcelError | undefined {
  const limits = rules.profile.limits;
  if (!limits) return undefined;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  if (record.requestBytes > limits.requestBytes) {
    return new FakeExcelError(
      "RequestPayloadSizeLimitExceeded",
      `The request payload size has exceeded the limit (${mb(record.requestBytes)} MB of ${mb(limits.requestBytes)} MB in one sync).`
    );
  }
  if (record.cellsRead > limits.cellsRead) {
    return new FakeExcelError(
      "RangeExceedsLimit",
      `The cell count in the range has exceeded the maximum supported number (${record.cellsRead} cells read in one sync; at most ${limits.cellsRead}).`
    );
  }
  if (record.responseBytes > limits.responseBytes) {
    return new FakeExcelError(
      "ResponsePayloadSizeLimitExceeded",
      `The response payload size has exceeded the limit (${mb(record.responseBytes)} MB of ${mb(limits.responseBytes)} MB in one sync).`
    );
  }
  return undefined;
}
