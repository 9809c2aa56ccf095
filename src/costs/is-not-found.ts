/**
 * True when a failed call means "no such resource" (the client's NotFoundError, HTTP 404). Checked by
 * name and status so that the cost rules depend on the API layer's types only, not its code.
 */
export function isNotFound(e: unknown): boolean {
  if (typeof e !== "object" || e === null) return false;
  const { name, status } = e as { name?: unknown; status?: unknown };
  return name === "NotFoundError" || status === 404;
}
