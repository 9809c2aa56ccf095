/**
 * Data validation as Excel applies it to what a person types (never to `range.values` written by an
 * add-in, as in Excel): list rules give the in-cell drop-down its entries and refuse other input
 * with the rule's error alert. Pure: works on the workbook model, no DOM.
 */
import { parseAddress } from "./address";
import type { SheetModel, WorkbookModel } from "./workbook-model";

/** `dataValidation.errorAlert` as the add-in sets it. */
export interface ValidationAlert {
  showAlert?: boolean;
  /** `Stop` refuses the input; `Warning` and `Information` let it through after the message. */
  style?: string;
  title?: string;
  message?: string;
}

/** `dataValidation.prompt`: the input message shown while the cell is active. */
export interface ValidationPrompt {
  showPrompt?: boolean;
  title?: string;
  message?: string;
}

/** What Excel says when a rule has no alert text of its own. */
export const DEFAULT_ALERT = {
  title: "Microsoft Excel",
  message: "This value doesn't match the data validation restrictions defined for this cell.",
} as const;

/** The verdict on typed input. */
export type InputVerdict =
  | { accept: true; alert?: undefined }
  | { accept: boolean; alert: { style: string; title: string; message: string } };

interface ListRule {
  source?: unknown;
  inCellDropDown?: boolean;
}

function listRule(rule: Record<string, unknown> | undefined): ListRule | undefined {
  const list = rule?.list;
  return list && typeof list === "object" ? (list as ListRule) : undefined;
}

/** True when the cell's rule is a list with an in-cell drop-down (Excel's default). */
export function hasDropDown(rule: Record<string, unknown> | undefined): boolean {
  const list = listRule(rule);
  return list !== undefined && list.inCellDropDown !== false;
}

/**
 * The entries of a list rule, as the drop-down shows them: the texts of a source range
 * (`='Billing lists'!$A$2:$A$9`, on `sheet` when the address names no sheet; empty cells left out)
 * or a typed list (`red,green,blue`). Undefined for a rule that is not a list.
 */
export function listEntries(
  model: WorkbookModel,
  sheet: SheetModel,
  rule: Record<string, unknown> | undefined
): string[] | undefined {
  const list = listRule(rule);
  if (!list) return undefined;
  const source = String(list.source ?? "").trim();
  if (!source.startsWith("=")) {
    return source
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
  }
  const parsed = parseAddress(source.slice(1));
  if (!parsed) return [];
  const from = parsed.sheetName === undefined ? sheet : model.sheetByName(parsed.sheetName);
  if (!from) return [];
  const entries: string[] = [];
  // A whole-column source stops at the sheet's last used row.
  const used = model.usedRect(from, true);
  const lastRow = Math.min(parsed.row + parsed.rowCount, used ? used.row + used.rowCount : 0);
  for (let r = parsed.row; r < lastRow; r++) {
    for (let c = parsed.col; c < parsed.col + parsed.colCount; c++) {
      const text = model.text(from, r, c);
      if (text !== "") entries.push(text);
    }
  }
  return entries;
}

/**
 * Checks text typed into a cell against its validation. Empty input always passes (Excel's
 * "ignore blank", and Delete is never refused). A list rule accepts an entry of the list, compared
 * case-insensitively as Excel does; anything else gets the rule's alert: refused for `Stop`,
 * accepted after the message for `Warning` and `Information`. Rules of other kinds are not checked.
 */
export function checkTypedInput(
  model: WorkbookModel,
  sheet: SheetModel,
  row: number,
  col: number,
  input: string
): InputVerdict {
  const cell = model.cell(sheet, row, col);
  const entries = listEntries(model, sheet, cell?.validation);
  if (entries === undefined || input.trim() === "") return { accept: true };
  const typed = input.trim().toLowerCase();
  if (entries.some((e) => e.trim().toLowerCase() === typed)) return { accept: true };
  const alert = cell?.validationAlert ?? {};
  if (alert.showAlert === false) return { accept: true };
  const style = alert.style ?? "Stop";
  return {
    accept: style !== "Stop",
    alert: {
      style,
      title: alert.title || DEFAULT_ALERT.title,
      message: alert.message || DEFAULT_ALERT.message,
    },
  };
}

/** `dataValidation.valid`: every non-empty cell of the rectangle satisfies its list rule. */
export function cellIsValid(model: WorkbookModel, sheet: SheetModel, row: number, col: number) {
  const text = model.text(sheet, row, col);
  const entries = listEntries(model, sheet, model.cell(sheet, row, col)?.validation);
  if (entries === undefined || text === "") return true;
  return entries.some((e) => e.trim().toLowerCase() === text.trim().toLowerCase());
}
