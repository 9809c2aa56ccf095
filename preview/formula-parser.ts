/**
 * Parses the formulas the preview evaluates: one custom function call, `=BILLING.NAME(args)`, whose
 * arguments are numbers, "strings", TRUE/FALSE, cell references (A2, $B$3), ranges (A2:C4) or
 * omitted (`=BILLING.TARIFF(A1,B1,,D1)`). Anything else is not a formula the preview knows.
 */
import type { Rect } from "./fake-excel/address";
import { parseAddress } from "./fake-excel/address";

/** One argument of a call. */
export type FormulaArgument =
  | { kind: "number"; value: number }
  | { kind: "string"; value: string }
  | { kind: "boolean"; value: boolean }
  | { kind: "reference"; rect: Rect; text: string }
  | { kind: "omitted" };

/** A parsed call. */
export interface FormulaCall {
  namespace: string;
  name: string;
  args: FormulaArgument[];
}

/** Why a formula could not be parsed, for the cell's tooltip. */
export class FormulaSyntaxError extends Error {
  override name = "FormulaSyntaxError" as const;
}

const CALL = /^=\s*([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_.]*)\s*\(([\s\S]*)\)\s*$/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let current = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      current += ch;
      if (ch === '"') {
        if (text[i + 1] === '"') current += text[++i];
        else inString = false;
      }
    } else if (ch === '"') {
      inString = true;
      current += ch;
    } else if (ch === ",") {
      parts.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  if (inString) throw new FormulaSyntaxError("A text argument is missing its closing quote.");
  parts.push(current);
  return parts;
}

function parseArgument(raw: string): FormulaArgument {
  const text = raw.trim();
  if (text === "") return { kind: "omitted" };
  if (text.startsWith('"')) {
    if (!text.endsWith('"') || text.length < 2)
      throw new FormulaSyntaxError(`Cannot read the argument ${text}.`);
    return { kind: "string", value: text.slice(1, -1).replace(/""/g, '"') };
  }
  if (NUMBER.test(text)) return { kind: "number", value: Number(text) };
  const upper = text.toUpperCase();
  if (upper === "TRUE" || upper === "FALSE") return { kind: "boolean", value: upper === "TRUE" };
  const rect = parseAddress(text);
  if (rect && rect.sheetName === undefined && /\d/.test(text))
    return { kind: "reference", rect, text: upper };
  throw new FormulaSyntaxError(`The preview cannot evaluate the argument ${text}.`);
}

/** Parses `=NS.NAME(args)`; throws FormulaSyntaxError for anything else. */
export function parseFormula(formula: string): FormulaCall {
  const m = CALL.exec(formula);
  if (!m) {
    throw new FormulaSyntaxError(
      'The preview evaluates only calls of the add-in\'s functions, such as =BILLING.CONTRACTFIXEDCOSTS("…").'
    );
  }
  const args = m[3].trim() === "" ? [] : splitArguments(m[3]).map(parseArgument);
  return { namespace: m[1].toUpperCase(), name: m[2].toUpperCase(), args };
}
