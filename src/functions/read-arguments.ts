import { isServiceId, quoteShort } from "../api";
import { tf } from "../i18n";
import { ArgumentError } from "./function-errors";

/** How a value looks in a message: text quoted (and cut short), anything else named by its type. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") {
    // Cut short, so a pasted paragraph does not fill the error tooltip.
    return quoteShort(value);
  }
  if (typeof value === "number") return tf("fn.value.number", { value });
  if (typeof value === "boolean")
    return tf("fn.value.boolean", { value: value ? "TRUE" : "FALSE" });
  if (value === undefined || value === null) return tf("fn.value.empty");
  return tf("fn.value.other");
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
    const size =
      rows === 0 || cols === 0 ? tf("fn.arg.emptyRange") : tf("fn.arg.range", { rows, cols });
    throw new ArgumentError(tf("fn.arg.singleCell", { label, size }));
  }
  const code = excelErrorCode(value);
  if (code !== undefined) {
    throw new ArgumentError(tf("fn.arg.errorValue", { label, code }));
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
  if (isBlank(value)) throw new ArgumentError(tf("fn.arg.idEmpty", { label }));
  if (typeof value !== "string") {
    throw new ArgumentError(tf("fn.arg.idNotText", { label, value: describeValue(value) }));
  }
  const id = value.trim();
  if (!isServiceId(id)) {
    throw new ArgumentError(tf("fn.arg.notId", { label, value: describeValue(value) }));
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
  if (isBlank(value)) throw new ArgumentError(tf("fn.arg.textEmpty", { label }));
  if (typeof value === "number" && options.allowNumber) {
    if (Number.isSafeInteger(value)) return String(value);
    throw new ArgumentError(tf("fn.arg.textOrWhole", { label, value: describeValue(value) }));
  }
  if (typeof value !== "string") {
    throw new ArgumentError(tf("fn.arg.notText", { label, value: describeValue(value) }));
  }
  return value.trim();
}
