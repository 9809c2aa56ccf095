/**
 * Arguments that name a resource must be non-empty text before anything is sent.
 */
import { ValidationError } from "./errors/validation-error";

/** The trimmed id, or a ValidationError naming the argument (no request is made). */
export function requireId(value: unknown, argument: string, endpoint: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ValidationError(`${argument} is required`, { endpoint });
  }
  return value.trim();
}
