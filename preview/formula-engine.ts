/**
 * Evaluates the workbook's formula cells by calling the add-in's real custom functions, as Excel's
 * calculation engine does for them: `#BUSY!` while pending, then the value, a spilled matrix, or an
 * error value whose message becomes the cell's tooltip. Recalculates when a referenced cell changes,
 * on `application.calculate`, and when a function registers after its formula was entered.
 */
import type { Rect } from "./fake-excel/address";
import { contains, formatAddress, intersects } from "./fake-excel/address";
import type { ScalarValue } from "./fake-excel/cell-values";
import { isErrorValue } from "./fake-excel/cell-values";
import type { ModelChange, SheetModel, WorkbookModel } from "./fake-excel/workbook-model";
import { cellKey, parseCellKey } from "./fake-excel/workbook-model";
import type { FormulaArgument, FormulaCall } from "./formula-parser";
import { FormulaSyntaxError, parseFormula } from "./formula-parser";
import type { FunctionRegistry } from "./custom-functions-shim";
import type { HostProfile } from "./hosts/profiles";
import { profileById, supportsSet } from "./hosts/profiles";
import { isEntity, parseFieldReference, readField } from "./entity-values";
import { parseAddress } from "./fake-excel/address";
import { tIn, type Language, type MessageKey, type ValuesOf } from "../src/i18n";

/** A function's entry in functions.json (the parts the engine uses). */
export interface FunctionMetadata {
  id: string;
  name: string;
  parameters?: { name: string; type?: string; dimensionality?: string; optional?: boolean }[];
  options?: {
    stream?: boolean;
    cancelable?: boolean;
    requiresAddress?: boolean;
    requiresParameterAddresses?: boolean;
    volatile?: boolean;
  };
}

/** Engine options. */
export interface FormulaEngineOptions {
  /** The add-in's namespace (`BILLING`). */
  namespace: string;
  /** functions.json entries; without them names are taken as ids. */
  metadata?: FunctionMetadata[];
  /** How long a formula waits for its function to be registered before showing #NAME?. */
  registrationTimeoutMs?: number;
  /** The host profile (default Microsoft 365 current): data types from functions need CFR 1.4. */
  profile?: HostProfile;
  /** The language of the messages Excel itself gives a cell (Office's display language; English). */
  language?: Language;
}

/** The message of a cell whose function returned a data type the host cannot take. */
export const NO_DATA_TYPES =
  "The function returned a data type (formatted number), which this Excel cannot show (it needs CustomFunctionsRuntime 1.4).";

/** A cell's computed outcome. */
type Outcome = CellOutcome | { matrix: CellOutcome[][] };

/**
 * One cell's outcome: its value, an error's message, the format a formatted number carries, and the
 * entity (data type) the value is the text of.
 */
interface CellOutcome {
  value: ScalarValue;
  message?: string;
  valueFormat?: string;
  entity?: object;
}

interface Anchor {
  sheetId: string;
  row: number;
  col: number;
  formula: string;
  generation: number;
  outcome?: Outcome;
  /** Cells the last result spilled into (anchor included). */
  spill?: Rect;
  references: Rect[];
  volatile: boolean;
  cancel?: () => void;
}

function errorOutcome(e: unknown): { value: ScalarValue; message?: string } {
  const code = (e as { code?: unknown } | null)?.code;
  const message =
    e instanceof Error || (typeof e === "object" && e !== null && "message" in e)
      ? String((e as Error).message || "")
      : undefined;
  if (typeof code === "string" && isErrorValue(code))
    return { value: code, message: message || undefined };
  return { value: "#VALUE!", message: message || undefined };
}

/**
 * A formatted number as a custom function returns it (data types: `Double` with a `numberFormat`
 * from ExcelApi 1.19, `FormattedNumber` from 1.16): the number and its format, as Excel shows it.
 */
function formattedNumberOutcome(v: object): CellOutcome | undefined {
  const { type, basicValue, numberFormat } = v as Record<string, unknown>;
  if ((type !== "Double" && type !== "FormattedNumber") || typeof basicValue !== "number")
    return undefined;
  if (!Number.isFinite(basicValue)) return { value: "#NUM!" };
  return {
    value: basicValue,
    valueFormat: typeof numberFormat === "string" && numberFormat !== "" ? numberFormat : undefined,
  };
}

function toCellOutcome(v: unknown, dataTypes: boolean): CellOutcome {
  if (v === null || v === undefined) return { value: "" };
  if (typeof v === "number") return Number.isFinite(v) ? { value: v } : { value: "#NUM!" };
  if (typeof v === "string" || typeof v === "boolean") return { value: v };
  if (typeof v === "object" && "code" in v) return errorOutcome(v);
  if (isEntity(v)) {
    // Excel before CustomFunctionsRuntime 1.4 cannot take a data type from a function.
    if (!dataTypes) return { value: "#VALUE!", message: NO_DATA_TYPES };
    return { value: v.text, entity: v };
  }
  const formatted = typeof v === "object" ? formattedNumberOutcome(v) : undefined;
  // Excel before CustomFunctionsRuntime 1.4 (Excel 2021, Office LTSC 2024) shows #VALUE! there.
  if (formatted && !dataTypes) return { value: "#VALUE!", message: NO_DATA_TYPES };
  if (formatted) return formatted;
  return { value: "#VALUE!", message: "The function returned a value Excel cannot show." };
}

/**
 * The result of a function call as a cell outcome (a matrix spills); `dataTypes` false for a host
 * without CustomFunctionsRuntime 1.4.
 */
export function toOutcome(result: unknown, dataTypes = true): Outcome {
  if (Array.isArray(result)) {
    const rows = result.map((line) => (Array.isArray(line) ? line : [line]));
    if (rows.length === 0 || rows[0].length === 0)
      return { value: "#CALC!", message: "The function returned an empty array." };
    const width = Math.max(...rows.map((r) => r.length));
    return {
      matrix: rows.map((line) =>
        Array.from({ length: width }, (_, c) =>
          c < line.length ? toCellOutcome(line[c], dataTypes) : { value: "#N/A" }
        )
      ),
    };
  }
  return toCellOutcome(result, dataTypes);
}

/** The engine; `attach` starts listening to the model. */
export class FormulaEngine {
  private readonly anchors = new Map<string, Anchor>();
  private readonly byName = new Map<string, FunctionMetadata>();
  /** Whether the host takes data types from functions (CustomFunctionsRuntime 1.4). */
  private readonly dataTypes: boolean;

  constructor(
    private readonly model: WorkbookModel,
    private readonly registry: FunctionRegistry,
    private readonly options: FormulaEngineOptions
  ) {
    for (const m of options.metadata ?? []) this.byName.set(m.name.toUpperCase(), m);
    const profile = options.profile ?? profileById(null);
    this.dataTypes = supportsSet(profile, "CustomFunctionsRuntime", "1.4");
  }

  /** A message Excel itself gives a cell, in the display language. */
  private say<K extends MessageKey>(key: K, ...values: ValuesOf<K>): string {
    return tIn(this.options.language ?? "en", key, ...values);
  }

  /** Adds function metadata (functions.json) once it is fetched. */
  setMetadata(metadata: FunctionMetadata[]): void {
    for (const m of metadata) this.byName.set(m.name.toUpperCase(), m);
  }

  /** Starts evaluating formulas as the model changes. */
  attach(): () => void {
    this.model.calculateHandler = (type) => this.recalculate(type !== "Recalculate");
    return this.model.subscribe((change) => this.onChange(change));
  }

  private anchorId(sheetId: string, row: number, col: number): string {
    return `${sheetId}|${cellKey(row, col)}`;
  }

  /** Runs every formula again (`full`) or only volatile ones. */
  recalculate(full: boolean): void {
    for (const anchor of this.anchors.values()) if (full || anchor.volatile) this.evaluate(anchor);
  }

  private onChange(change: ModelChange): void {
    const respill = new Set<Anchor>();
    for (const { sheetId, key } of change.edited) {
      const { row, col } = parseCellKey(key);
      const id = this.anchorId(sheetId, row, col);
      let sheet: SheetModel;
      try {
        sheet = this.model.sheet(sheetId);
      } catch {
        continue;
      }
      const cell = this.model.cell(sheet, row, col);
      const existing = this.anchors.get(id);
      if (cell?.formula) {
        if (existing) existing.cancel?.();
        const anchor: Anchor = existing ?? {
          sheetId,
          row,
          col,
          formula: cell.formula,
          generation: 0,
          references: [],
          volatile: false,
        };
        anchor.formula = cell.formula;
        this.anchors.set(id, anchor);
        this.evaluate(anchor);
      } else if (existing) {
        existing.cancel?.();
        existing.generation += 1;
        this.anchors.delete(id);
        this.clearSpill(existing, true);
      }
      const point = { row, col, rowCount: 1, colCount: 1 };
      for (const anchor of this.anchors.values()) {
        if (anchor.sheetId !== sheetId || (anchor.row === row && anchor.col === col)) continue;
        if (anchor.references.some((r) => contains(r, point))) this.evaluate(anchor);
        else if (
          (anchor.spill && contains(anchor.spill, point)) ||
          anchor.outcome === undefined ||
          this.isSpillError(anchor)
        ) {
          respill.add(anchor);
        }
      }
    }
    for (const anchor of respill) if (anchor.outcome) this.show(anchor, anchor.outcome);
  }

  private isSpillError(anchor: Anchor): boolean {
    const sheet = this.model.sheets.find((s) => s.id === anchor.sheetId);
    return sheet !== undefined && this.model.value(sheet, anchor.row, anchor.col) === "#SPILL!";
  }

  private argumentValue(
    sheet: SheetModel,
    arg: FormulaArgument,
    type: string | undefined,
    matrix: boolean
  ): unknown {
    const coerce = (v: ScalarValue): unknown => {
      if (isErrorValue(v))
        throw Object.assign(
          new Error(this.say("preview.cell.argumentError", { code: String(v) })),
          {
            code: v,
          }
        );
      if (type === "number") {
        if (v === "") return 0;
        if (typeof v === "boolean") return v ? 1 : 0;
        if (typeof v === "number") return v;
        const n = Number(v);
        if (v.trim() === "" || !Number.isFinite(n)) {
          throw Object.assign(new Error(this.say("preview.cell.notANumber", { value: v })), {
            code: "#VALUE!",
          });
        }
        return n;
      }
      if (type === "string") return typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : String(v);
      return v;
    };
    switch (arg.kind) {
      case "omitted":
        return null;
      case "reference": {
        const cells: unknown[][] = [];
        for (let r = 0; r < arg.rect.rowCount; r++) {
          const line: unknown[] = [];
          for (let c = 0; c < arg.rect.colCount; c++)
            line.push(coerce(this.model.value(sheet, arg.rect.row + r, arg.rect.col + c)));
          cells.push(line);
        }
        if (matrix) return cells;
        if (cells.length !== 1 || cells[0].length !== 1) {
          throw Object.assign(new Error(this.say("preview.cell.rangeForValue")), {
            code: "#VALUE!",
          });
        }
        return cells[0][0];
      }
      default: {
        const v = coerce(arg.value);
        return matrix ? [[v]] : v;
      }
    }
  }

  /**
   * Evaluates a formula. `chain` holds the formulas whose results led here, so that a formula that
   * refers (through others) to itself is not run round and round.
   */
  private evaluate(anchor: Anchor, chain: ReadonlySet<Anchor> = new Set()): void {
    anchor.cancel?.();
    anchor.cancel = undefined;
    const generation = ++anchor.generation;
    const sheet = this.model.sheet(anchor.sheetId);
    const settle = (outcome: Outcome) => {
      if (
        anchor.generation !== generation ||
        this.anchors.get(this.anchorId(anchor.sheetId, anchor.row, anchor.col)) !== anchor
      )
        return;
      anchor.outcome = outcome;
      this.show(anchor, outcome);
      this.evaluateDependents(anchor, new Set([...chain, anchor]));
    };
    const field = parseFieldReference(anchor.formula);
    if (field) {
      this.evaluateField(anchor, sheet, field, settle);
      return;
    }
    if (
      !anchor.formula
        .replace(/^=\s*/, "")
        .toUpperCase()
        .startsWith(`${this.options.namespace.toUpperCase()}.`)
    ) {
      // Excel's own functions (the template's name lookups) are outside the preview's scope: kept,
      // shown as not evaluated, and read as empty through the API.
      anchor.references = [];
      settle({
        value: "",
        message: this.say("preview.cell.notEvaluated", {
          namespace: this.options.namespace,
          formula: anchor.formula,
        }),
      });
      return;
    }
    let call: FormulaCall;
    try {
      call = parseFormula(anchor.formula);
    } catch (e) {
      anchor.references = [];
      settle({ value: "#NAME?", message: e instanceof FormulaSyntaxError ? e.message : String(e) });
      return;
    }
    anchor.references = call.args.flatMap((a) => (a.kind === "reference" ? [a.rect] : []));
    if (call.namespace !== this.options.namespace.toUpperCase()) {
      settle({
        value: "#NAME?",
        message: this.say("preview.cell.unknownFunction", {
          name: `${call.namespace}.${call.name}`,
        }),
      });
      return;
    }
    const meta = this.byName.get(call.name);
    anchor.volatile = meta?.options?.volatile === true;
    const id = meta?.id ?? call.name;
    this.show(anchor, { value: "#BUSY!", message: this.say("preview.cell.calculating") }, true);
    void this.registry
      .whenRegistered(id, this.options.registrationTimeoutMs ?? 20_000)
      .then(async (fn) => {
        if (!fn) {
          settle({
            value: "#NAME?",
            message: this.say("preview.cell.notRegistered", {
              name: `${call.namespace}.${call.name}`,
            }),
          });
          return;
        }
        const params = meta?.parameters ?? [];
        if (call.args.length > Math.max(params.length, meta ? 0 : call.args.length)) {
          settle({
            value: "#VALUE!",
            message: this.say("preview.cell.tooManyArguments", {
              name: call.name,
              count: params.length,
            }),
          });
          return;
        }
        const args: unknown[] = [];
        try {
          const count = meta ? params.length : call.args.length;
          for (let i = 0; i < count; i++) {
            const arg = call.args[i] ?? { kind: "omitted" as const };
            const param = params[i];
            if (arg.kind === "omitted" && param && !param.optional) {
              throw Object.assign(
                new Error(this.say("preview.cell.argumentRequired", { name: param.name })),
                {
                  code: "#VALUE!",
                }
              );
            }
            args.push(
              this.argumentValue(sheet, arg, param?.type, param?.dimensionality === "matrix")
            );
          }
        } catch (e) {
          settle(errorOutcome(e));
          return;
        }
        const opts = meta?.options ?? {};
        if (
          opts.stream ||
          opts.cancelable ||
          opts.requiresAddress ||
          opts.requiresParameterAddresses
        ) {
          const cancelHandlers: (() => void)[] = [];
          anchor.cancel = () => cancelHandlers.forEach((h) => h());
          const invocation = {
            address: formatAddress(sheet.name, {
              row: anchor.row,
              col: anchor.col,
              rowCount: 1,
              colCount: 1,
            }),
            functionName: `${call.namespace}.${call.name}`,
            parameterAddresses: call.args.map((a) =>
              a.kind === "reference" ? formatAddress(sheet.name, a.rect) : ""
            ),
            setResult: (value: unknown) => settle(toOutcome(value, this.dataTypes)),
            set onCanceled(handler: () => void) {
              cancelHandlers.push(handler);
            },
          };
          args.push(invocation);
          if (opts.stream) {
            try {
              fn(...args);
            } catch (e) {
              settle(errorOutcome(e));
            }
            return;
          }
        }
        try {
          settle(toOutcome(await fn(...args), this.dataTypes));
        } catch (e) {
          settle(errorOutcome(e));
        }
      });
  }

  /**
   * `=A2.FixedCosts`: a field of the entity in A2, as Excel evaluates a field reference — the
   * field's value (an array spills), `#FIELD!` for a field the entity lacks, `#VALUE!` when A2 holds
   * no data type. Runs again when A2's formula settles (A2 is its reference).
   */
  private evaluateField(
    anchor: Anchor,
    sheet: SheetModel,
    field: { address: string; field: string },
    settle: (outcome: Outcome) => void
  ): void {
    const parsed = parseAddress(field.address);
    if (!parsed) {
      settle({
        value: "#NAME?",
        message: this.say("preview.cell.notACell", { address: field.address }),
      });
      return;
    }
    const rect = { row: parsed.row, col: parsed.col, rowCount: 1, colCount: 1 };
    anchor.references = [rect];
    const source = this.model.cell(sheet, rect.row, rect.col);
    if (source?.value === "#BUSY!") {
      this.show(anchor, { value: "#BUSY!", message: this.say("preview.cell.calculating") }, true);
      return;
    }
    if (!source?.entity || !isEntity(source.entity)) {
      settle({
        value: "#VALUE!",
        message: this.say("preview.cell.noFields", { address: field.address }),
      });
      return;
    }
    settle(readField(source.entity, field.field));
  }

  private clearSpill(anchor: Anchor, includingAnchor: boolean): void {
    const sheet = this.model.sheets.find((s) => s.id === anchor.sheetId);
    if (!sheet || !anchor.spill) return;
    const anchorKey = cellKey(anchor.row, anchor.col);
    for (let r = 0; r < anchor.spill.rowCount; r++) {
      for (let c = 0; c < anchor.spill.colCount; c++) {
        const row = anchor.spill.row + r;
        const col = anchor.spill.col + c;
        const cell = this.model.cell(sheet, row, col);
        if (row === anchor.row && col === anchor.col) {
          if (includingAnchor && cell && !cell.formula)
            this.model.writeResult(sheet, row, col, cell.value);
          continue;
        }
        if (cell?.spilledFrom === anchorKey) {
          cell.spilledFrom = undefined;
          this.model.writeResult(sheet, row, col, "");
        }
      }
    }
    anchor.spill = undefined;
  }

  /**
   * As Excel does, runs again the formulas that refer to a formula's cells once its result is in
   * (`=BILLING.CONTRACTFIXEDCOSTS(B1)` after `B1`'s `=BILLING.CONTRACTID("C-1001")` settled).
   */
  private evaluateDependents(anchor: Anchor, chain: ReadonlySet<Anchor>): void {
    const area = anchor.spill ?? { row: anchor.row, col: anchor.col, rowCount: 1, colCount: 1 };
    for (const other of this.anchors.values()) {
      if (other.sheetId !== anchor.sheetId || chain.has(other)) continue;
      if (other.references.some((r) => intersects(r, area))) this.evaluate(other, chain);
    }
  }

  /** Writes an outcome into the anchor and, for a matrix, the cells it spills into. */
  private show(anchor: Anchor, outcome: Outcome, keepSpill = false): void {
    const sheet = this.model.sheets.find((s) => s.id === anchor.sheetId);
    if (!sheet) return;
    if (!keepSpill) this.clearSpill(anchor, false);
    if (!("matrix" in outcome)) {
      this.model.writeResult(
        sheet,
        anchor.row,
        anchor.col,
        outcome.value,
        outcome.message,
        outcome.valueFormat,
        outcome.entity
      );
      if (!keepSpill) anchor.spill = { row: anchor.row, col: anchor.col, rowCount: 1, colCount: 1 };
      return;
    }
    const rect = {
      row: anchor.row,
      col: anchor.col,
      rowCount: outcome.matrix.length,
      colCount: outcome.matrix[0].length,
    };
    const anchorKey = cellKey(anchor.row, anchor.col);
    for (let r = 0; r < rect.rowCount; r++) {
      for (let c = 0; c < rect.colCount; c++) {
        if (r === 0 && c === 0) continue;
        const cell = this.model.cell(sheet, rect.row + r, rect.col + c);
        const blocked =
          cell !== undefined &&
          (cell.formula !== undefined || (cell.value !== "" && cell.spilledFrom !== anchorKey));
        if (blocked || this.model.tableAt(sheet, rect.row + r, rect.col + c)) {
          this.model.writeResult(
            sheet,
            anchor.row,
            anchor.col,
            "#SPILL!",
            this.say("preview.cell.spillBlocked")
          );
          anchor.spill = { row: anchor.row, col: anchor.col, rowCount: 1, colCount: 1 };
          return;
        }
      }
    }
    outcome.matrix.forEach((line, r) =>
      line.forEach((cellOutcome, c) => {
        const row = rect.row + r;
        const col = rect.col + c;
        this.model.writeResult(
          sheet,
          row,
          col,
          cellOutcome.value,
          cellOutcome.message,
          cellOutcome.valueFormat,
          cellOutcome.entity
        );
        if (r > 0 || c > 0) this.model.mutableCell(sheet, row, col).spilledFrom = anchorKey;
      })
    );
    anchor.spill = rect;
  }
}
