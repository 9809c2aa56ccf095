/**
 * `range.format` with its `fill` and `font`, and `range.dataValidation`: the formatting the add-in
 * writes (status colours, bold headers, text format, list validation).
 */
import { ClientObject } from "./client-object";
import type { Getters } from "./client-object";
import type { FakeRequestContext } from "./request-context";
import type { RangeRef } from "./range-ref";
import { forEachWritten, sheetOf, uniform } from "./range-ref";
import { cellIsValid, type ValidationAlert, type ValidationPrompt } from "./data-validation";

type LiveRef = () => RangeRef | null;

function cells(
  context: FakeRequestContext,
  ref: RangeRef,
  fn: (cell: ReturnType<FakeRequestContext["model"]["mutableCell"]>) => void
): void {
  const sheet = sheetOf(context, ref);
  forEachWritten(ref, true, (row, col) => fn(context.model.mutableCell(sheet, row, col)));
  context.model.changed();
}

/** `range.format.fill`. */
export class FakeRangeFill extends ClientObject<RangeRef> {
  protected readonly typeName = "RangeFill";
  constructor(context: FakeRequestContext, ref: LiveRef) {
    super(context, { live: ref });
  }
  protected getters(): Getters<RangeRef> {
    return {
      color: (ref) =>
        uniform(
          ref.rect,
          (r, c) => this.context.model.cell(sheetOf(this.context, ref), r, c)?.fill ?? "#FFFFFF"
        ),
    };
  }
  get color(): string {
    return this.read("color");
  }
  set color(value: string) {
    this.write("color", value, (ref, v) =>
      cells(this.context, ref, (cell) => (cell.fill = normalizeColor(v)))
    );
  }
  /** Removes the fill. */
  clear(): void {
    this.call((ref) => cells(this.context, ref, (cell) => (cell.fill = undefined)));
  }
}

/** `range.format.font`. */
export class FakeRangeFont extends ClientObject<RangeRef> {
  protected readonly typeName = "RangeFont";
  constructor(context: FakeRequestContext, ref: LiveRef) {
    super(context, { live: ref });
  }
  protected getters(): Getters<RangeRef> {
    const at = (ref: RangeRef) => (fn: (r: number, c: number) => unknown) => uniform(ref.rect, fn);
    return {
      bold: (ref) =>
        at(ref)((r, c) => this.context.model.cell(sheetOf(this.context, ref), r, c)?.bold ?? false),
      color: (ref) =>
        at(ref)(
          (r, c) =>
            this.context.model.cell(sheetOf(this.context, ref), r, c)?.fontColor ?? "#000000"
        ),
    };
  }
  get bold(): boolean {
    return this.read("bold");
  }
  set bold(value: boolean) {
    this.write("bold", value, (ref, v) =>
      cells(this.context, ref, (cell) => (cell.bold = v || undefined))
    );
  }
  get color(): string {
    return this.read("color");
  }
  set color(value: string) {
    this.write("color", value, (ref, v) =>
      cells(
        this.context,
        ref,
        (cell) => (cell.fontColor = normalizeColor(v) === "#000000" ? undefined : normalizeColor(v))
      )
    );
  }
}

/** `range.format`. */
export class FakeRangeFormat extends ClientObject<RangeRef> {
  protected readonly typeName = "RangeFormat";
  private fillProxy?: FakeRangeFill;
  private fontProxy?: FakeRangeFont;
  constructor(
    context: FakeRequestContext,
    private readonly ref: LiveRef
  ) {
    super(context, { live: ref });
  }
  protected getters(): Getters<RangeRef> {
    return { columnWidth: () => 64, rowHeight: () => 15, wrapText: () => false };
  }
  protected override navigation(name: string): ClientObject<unknown> | undefined {
    if (name === "fill") return this.fill as ClientObject<unknown>;
    if (name === "font") return this.font as ClientObject<unknown>;
    return undefined;
  }
  get fill(): FakeRangeFill {
    return (this.fillProxy ??= new FakeRangeFill(this.context, this.ref));
  }
  get font(): FakeRangeFont {
    return (this.fontProxy ??= new FakeRangeFont(this.context, this.ref));
  }
  get columnWidth(): number {
    return this.read("columnWidth");
  }
  set columnWidth(value: number) {
    this.write("columnWidth", value, () => undefined);
  }
  get wrapText(): boolean {
    return this.read("wrapText");
  }
  set wrapText(value: boolean) {
    this.write("wrapText", value, () => undefined);
  }
  /** Column widths follow the content in the grid anyway. */
  autofitColumns(): void {
    this.call(() => undefined);
  }
  /** Row heights are fixed in the grid. */
  autofitRows(): void {
    this.call(() => undefined);
  }
}

/** `range.dataValidation`: the rule is kept per cell; the grid shows list rules as a hint. */
export class FakeDataValidation extends ClientObject<RangeRef> {
  protected readonly typeName = "DataValidation";
  constructor(context: FakeRequestContext, ref: LiveRef) {
    super(context, { live: ref });
  }
  protected getters(): Getters<RangeRef> {
    const rule = (ref: RangeRef) =>
      uniform(
        ref.rect,
        (r, c) => this.context.model.cell(sheetOf(this.context, ref), r, c)?.validation
      );
    return {
      rule: (ref) => rule(ref) ?? {},
      type: (ref) => {
        const r = rule(ref);
        return r
          ? (Object.keys(r).find((k) => k !== "errorAlert" && k !== "prompt") ?? "None")
          : "None";
      },
      valid: (ref) => {
        const sheet = sheetOf(this.context, ref);
        for (let r = ref.rect.row; r < ref.rect.row + ref.rect.rowCount; r++)
          for (let c = ref.rect.col; c < ref.rect.col + ref.rect.colCount; c++)
            if (!cellIsValid(this.context.model, sheet, r, c)) return false;
        return true;
      },
      ignoreBlanks: () => true,
      errorAlert: (ref) =>
        uniform(
          ref.rect,
          (r, c) => this.context.model.cell(sheetOf(this.context, ref), r, c)?.validationAlert
        ) ?? { showAlert: true, style: "Stop", title: "", message: "" },
      prompt: (ref) =>
        uniform(
          ref.rect,
          (r, c) => this.context.model.cell(sheetOf(this.context, ref), r, c)?.validationPrompt
        ) ?? { showPrompt: false, title: "", message: "" },
    };
  }
  get rule(): Record<string, unknown> {
    return this.read("rule");
  }
  set rule(value: Record<string, unknown>) {
    this.write("rule", value, (ref, v) =>
      cells(this.context, ref, (cell) => (cell.validation = { ...v }))
    );
  }
  get type(): string {
    return this.read("type");
  }
  get ignoreBlanks(): boolean {
    return this.read("ignoreBlanks");
  }
  set ignoreBlanks(value: boolean) {
    this.write("ignoreBlanks", value, () => undefined);
  }
  get valid(): boolean {
    return this.read("valid");
  }
  get errorAlert(): ValidationAlert {
    return this.read("errorAlert");
  }
  set errorAlert(value: ValidationAlert) {
    this.write("errorAlert", value, (ref, v) =>
      cells(this.context, ref, (cell) => (cell.validationAlert = { ...v }))
    );
  }
  get prompt(): ValidationPrompt {
    return this.read("prompt");
  }
  set prompt(value: ValidationPrompt) {
    this.write("prompt", value, (ref, v) =>
      cells(this.context, ref, (cell) => (cell.validationPrompt = { ...v }))
    );
  }
  /** Removes validation rules. */
  clear(): void {
    this.call((ref) =>
      cells(this.context, ref, (cell) => {
        cell.validation = cell.validationAlert = cell.validationPrompt = undefined;
      })
    );
  }
}

const NAMED: Record<string, string> = {
  red: "#FF0000",
  green: "#008000",
  yellow: "#FFFF00",
  white: "#FFFFFF",
  black: "#000000",
};

/** Excel returns colours as upper-case `#RRGGBB`. */
export function normalizeColor(value: string): string {
  const named = NAMED[value.toLowerCase()];
  if (named) return named;
  return value.startsWith("#") ? value.toUpperCase() : value;
}
