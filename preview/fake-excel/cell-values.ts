/**
 * What a cell holds and how Excel turns typed or written text into values and values into text.
 * Pure. Only what the preview needs: numbers, booleans, ISO dates (yyyy-mm-dd), errors, text. Date
 * serials are the add-in's own 1900 date system (src/invoices/excel-serial.ts).
 */
import { EXCEL_ERROR_VALUES, excelSerialToUtc, utcToExcelSerial } from "../../src/excel";

/** A cell value as `range.values` hands it over: "" is an empty cell, errors are text like `#N/A`. */
export type ScalarValue = string | number | boolean;

/** True when the value is one of Excel's error values (the add-in's one list, src/invoices). */
export function isErrorValue(value: unknown): boolean {
  return typeof value === "string" && EXCEL_ERROR_VALUES.has(value);
}

/** Excel's `Excel.RangeValueType` names, as `range.valueTypes` returns them. */
export type ValueTypeName = "Empty" | "String" | "Double" | "Boolean" | "Error";

/** The `valueTypes` entry of a value. */
export function valueTypeOf(value: ScalarValue): ValueTypeName {
  if (value === "") return "Empty";
  if (typeof value === "number") return "Double";
  if (typeof value === "boolean") return "Boolean";
  return isErrorValue(value) ? "Error" : "String";
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** What a cell becomes when a value is typed or written through `range.values`. */
export interface ParsedInput {
  value: ScalarValue;
  formula?: string;
  /** A number format Excel picks on its own (a typed date gets a date format). */
  numberFormat?: string;
}

/**
 * Excel's interpretation of input: `=...` is a formula, numeric text becomes a number, TRUE/FALSE
 * booleans, an ISO date a date serial with a date format; with the text format `@` text stays text.
 */
export function parseInput(input: ScalarValue, numberFormat: string): ParsedInput {
  if (typeof input !== "string") return { value: input };
  // A leading apostrophe is Excel's "keep this as text" prefix, not part of the value.
  if (input.startsWith("'")) return { value: input.slice(1) };
  if (numberFormat === "@") return { value: input };
  if (input.startsWith("=") && input.length > 1) return { value: "", formula: input };
  const trimmed = input.trim();
  if (NUMBER.test(trimmed)) return { value: Number(trimmed) };
  const upper = trimmed.toUpperCase();
  if (upper === "TRUE" || upper === "FALSE") return { value: upper === "TRUE" };
  if (isErrorValue(upper)) return { value: upper };
  const date = ISO_DATE.exec(trimmed);
  if (date) {
    const ms = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
    const back = new Date(ms);
    const serial = utcToExcelSerial(ms);
    const sameDay =
      back.getUTCMonth() === Number(date[2]) - 1 && back.getUTCDate() === Number(date[3]);
    // A day Excel has no serial for (before 1900) stays text, as in Excel.
    if (sameDay && serial !== undefined) {
      return {
        value: serial,
        numberFormat: numberFormat === "General" ? "yyyy-mm-dd" : undefined,
      };
    }
  }
  return { value: input };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function formatDate(serial: number, format: string): string {
  const read = excelSerialToUtc(serial);
  // Serial 60 and numbers outside the calendar have no date; Excel shows ##### there, the preview the number.
  if (!read.ok) return formatGeneral(serial);
  const d = new Date(read.ms);
  // As in Excel, "mm" right after hours or right before seconds means minutes, elsewhere the month.
  const MINUTES = "\u0000";
  return format
    .replace(/(h{1,2}[^a-z]*)m{1,2}/gi, (_m, lead: string) => `${lead}${MINUTES}`)
    .replace(/m{1,2}([^a-z]*s{1,2})/gi, (_m, tail: string) => `${MINUTES}${tail}`)
    .replace(/yyyy/gi, String(d.getUTCFullYear()))
    .replace(/hh/gi, pad(d.getUTCHours()))
    .replace(/ss/gi, pad(d.getUTCSeconds()))
    .replace(/mm/g, pad(d.getUTCMonth() + 1))
    .replace(/dd/gi, pad(d.getUTCDate()))
    .replace(/MM/g, pad(d.getUTCMinutes()))
    .split(MINUTES)
    .join(pad(d.getUTCMinutes()));
}

function formatFixed(value: number, format: string): string {
  const percent = format.includes("%");
  const n = percent ? value * 100 : value;
  // After the point, each 0 is a digit always shown and each # one shown when it is not a
  // trailing zero, as Excel does (#,##0.00#### shows 125.50, 0.0825 and 0.335).
  const places = /\.([0#]+)/.exec(format)?.[1] ?? "";
  const shown = places.replace(/#/g, "").length;
  let text = Math.abs(n).toFixed(places.length);
  if (places.length > shown) {
    const [int, frac] = text.split(".");
    const kept = frac.slice(0, shown) + frac.slice(shown).replace(/0+$/, "");
    text = `${int}.${kept}`;
  }
  if (format.includes(",")) {
    const [int, frac] = text.split(".");
    text = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (frac ? `.${frac}` : "");
  }
  return `${n < 0 ? "-" : ""}${text}${percent ? "%" : ""}`;
}

/** The General format: up to 11 significant digits, no float noise (0.1 + 0.2 shows 0.3). */
function formatGeneral(value: number): string {
  return String(Number(value.toPrecision(11)));
}

/** `range.text`: the value as the cell shows it under its number format. */
export function formatValue(value: ScalarValue, numberFormat: string): string {
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return value;
  if (numberFormat === "General" || numberFormat === "" || numberFormat === "@") {
    return formatGeneral(value);
  }
  if (/[yd]/i.test(numberFormat) || /^m+$/.test(numberFormat))
    return formatDate(value, numberFormat);
  if (/[0#]/.test(numberFormat)) return formatFixed(value, numberFormat);
  return formatGeneral(value);
}
