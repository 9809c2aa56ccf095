import { isServiceId, quoteShort } from "../api";
import { ArgumentError } from "./function-errors";

/** How a value looks in a message: text quoted (and cut short), anything else named by its type. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") {
    // Cut short, so a pasted paragraph does not fill the error tooltip.
    return quoteShort(value);
  }
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return `the value ${value ? "TRUE" : "FALSE"}`;
  if (value === undefined || value === null) return "an empty value";
  return "a value of another kind";
}

/** The Excel error (`#N/A`, `#REF!`, …) a value stands for, when it is one. */
function excelErrorCode(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { code, message } = value as { code?: unknown; message?: unknown };
  if (typeof code === "string" && code.startsWith("#")) return code;
  if (value instanceof Error) return typeof message === "string" && message ? message : "value";
  return undefined;
}

/**
 * The one value of argument `label`: a 1×1 range is read as its cell; a larger range or an Excel
 * error is refused with a message that names the argument and what to do.
 */
export function readSingle(value: unknown, label: string): unknown {
  if (Array.isArray(value)) {
    const rows = value.length;
    const cols = rows > 0 && Array.isArray(value[0]) ? (value[0] as unknown[]).length : rows;
    if (rows === 1 && Array.isArray(value[0]) && cols === 1) return readSingle(value[0][0], label);
    const size = rows === 0 || cols === 0 ? "an empty range" : `a ${rows}×${cols} range`;
    throw new ArgumentError(`${label} must be a single cell, not ${size}.`);
  }
  const code = excelErrorCode(value);
  if (code !== undefined) {
    throw new ArgumentError(`${label} is the error ${code}: fix the cell it comes from first.`);
  }
  return value;
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
export function readId(raw: unknown, label: string): string {
  const value = readSingle(raw, label);
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
  return isBlank(readSingle(value, label)) ? undefined : readId(value, label);
}

/**
 * Reads required text (a name, a number, an IBAN) from argument `label`, trimmed. With
 * `allowNumber`, a number typed in a cell (a contract number such as 100234) is read as its digits.
 */
export function readText(
  raw: unknown,
  label: string,
  options: { allowNumber?: boolean } = {}
): string {
  const value = readSingle(raw, label);
  if (isBlank(value)) throw new ArgumentError(`${label} is empty: give the ${label} to look up.`);
  if (typeof value === "number" && options.allowNumber) {
    if (Number.isSafeInteger(value)) return String(value);
    throw new ArgumentError(
      `${label} must be text or a whole number, not ${describeValue(value)}.`
    );
  }
  if (typeof value !== "string") {
    throw new ArgumentError(`${label} must be text, not ${describeValue(value)}.`);
  }
  return value.trim();
}
