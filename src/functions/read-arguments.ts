import { isServiceId } from "../api/ids";
import { ArgumentError } from "./argument-error";

/** Longest text echoed back in a message, so a pasted paragraph does not fill the error tooltip. */
const ECHO_LIMIT = 40;

/** How a value looks in a message: text quoted (and cut short), anything else named by its type. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") {
    return value.length > ECHO_LIMIT ? `"${value.slice(0, ECHO_LIMIT)}…"` : `"${value}"`;
  }
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return `the value ${value ? "TRUE" : "FALSE"}`;
  return "an empty value";
}

/** True for what Excel passes for an omitted argument or an empty cell. */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
  );
}

/**
 * Reads a required service id (a UUID, src/api/ids.ts) from argument `label`, trimmed.
 * Throws an {@link ArgumentError} that says what is wrong.
 */
export function readId(value: unknown, label: string): string {
  if (isBlank(value))
    throw new ArgumentError(
      `${label} is empty: give the ${label} (an id such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301).`
    );
  if (typeof value !== "string") {
    throw new ArgumentError(`${label} must be text (an id), not ${describeValue(value)}.`);
  }
  const id = value.trim();
  if (!isServiceId(id)) {
    throw new ArgumentError(
      `${label} ${describeValue(value)} is not an id: ids look like 3f2504e0-4f89-11d3-9a0c-0305e82c3301.`
    );
  }
  return id;
}

/** Reads an optional service id: undefined when omitted or empty, else as {@link readId}. */
export function readOptionalId(value: unknown, label: string): string | undefined {
  return isBlank(value) ? undefined : readId(value, label);
}

/**
 * Reads required text (a name, a number, an IBAN) from argument `label`, trimmed. With
 * `allowNumber`, a number typed in a cell (a contract number such as 100234) is read as its digits.
 */
export function readText(
  value: unknown,
  label: string,
  options: { allowNumber?: boolean } = {}
): string {
  if (isBlank(value)) throw new ArgumentError(`${label} is empty: give the ${label} to look up.`);
  if (typeof value === "number" && options.allowNumber && Number.isFinite(value))
    return String(value);
  if (typeof value !== "string") {
    throw new ArgumentError(`${label} must be text, not ${describeValue(value)}.`);
  }
  return value.trim();
}
