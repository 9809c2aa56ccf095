/** True when two service ids are the same (UUIDs compare case-insensitively). */
export function sameId(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
}
