/**
 * The fake `Excel` global: `Excel.run` over one workbook model, plus the enums the add-in's code
 * reads at run time (TypeScript compiles `Excel.CalculationType.full` to a property read).
 */
import { FakeRequestContext } from "./request-context";
import { FakeWorkbook } from "./workbook";
import type { WorkbookModel } from "./workbook-model";
import { hostRules } from "../hosts/host-rules";
import type { HostProfile } from "../hosts/profiles";
import { profileById, supportsSet } from "../hosts/profiles";

/** The enums of Excel's API that compiled add-in code may read. */
export const EXCEL_ENUMS = {
  CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
  RangeValueType: {
    unknown: "Unknown",
    empty: "Empty",
    string: "String",
    integer: "Integer",
    double: "Double",
    boolean: "Boolean",
    error: "Error",
    richValue: "RichValue",
  },
  ClearApplyTo: {
    all: "All",
    formats: "Formats",
    contents: "Contents",
    hyperlinks: "Hyperlinks",
    removeHyperlinks: "RemoveHyperlinks",
  },
  SheetVisibility: { visible: "Visible", hidden: "Hidden", veryHidden: "VeryHidden" },
  DataValidationType: {
    none: "None",
    wholeNumber: "WholeNumber",
    decimal: "Decimal",
    list: "List",
    date: "Date",
    time: "Time",
    textLength: "TextLength",
    custom: "Custom",
    inconsistent: "Inconsistent",
    mixedCriteria: "MixedCriteria",
  },
  DataValidationAlertStyle: { stop: "Stop", warning: "Warning", information: "Information" },
  FilterOn: {
    bottomItems: "BottomItems",
    bottomPercent: "BottomPercent",
    cellColor: "CellColor",
    dynamic: "Dynamic",
    fontColor: "FontColor",
    values: "Values",
    topItems: "TopItems",
    topPercent: "TopPercent",
    icon: "Icon",
    custom: "Custom",
  },
  HorizontalAlignment: {
    general: "General",
    left: "Left",
    center: "Center",
    right: "Right",
    fill: "Fill",
    justify: "Justify",
  },
  ErrorCodes: {
    invalidArgument: "InvalidArgument",
    invalidOperation: "InvalidOperation",
    invalidSelection: "InvalidSelection",
    itemAlreadyExists: "ItemAlreadyExists",
    itemNotFound: "ItemNotFound",
    notImplemented: "NotImplemented",
    generalException: "GeneralException",
  },
} as const;

/** What `Excel.run` accepts: a batch, or an object (ignored) and a batch. */
type Batch<T> = (context: FakeRequestContext) => Promise<T>;

/**
 * The `Excel` namespace object bound to `model`, answering as the host `profile` does (default:
 * Microsoft 365 current on Windows; preview/hosts/profiles.ts).
 */
export function createExcelNamespace(
  model: WorkbookModel,
  profile: HostProfile = profileById(null)
) {
  const rules = hostRules(profile);
  const newContext = () =>
    new FakeRequestContext(model, (context) => new FakeWorkbook(context), rules);
  return {
    ...EXCEL_ENUMS,
    /** The host profile this Excel answers by. */
    profile,
    /** Runs a batch on a new context and syncs what it left queued, as `Excel.run` does. */
    run: runBatch,
    RequestContext: FakeRequestContext,
    /** For tests: a context whose syncs can be counted. */
    createContext: newContext,
  };

  function runBatch<T>(batch: Batch<T>): Promise<T>;
  function runBatch<T>(object: unknown, batch: Batch<T>): Promise<T>;
  async function runBatch<T>(first: unknown, second?: Batch<T>): Promise<T> {
    const batch = (typeof first === "function" ? first : second) as Batch<T> | undefined;
    if (!batch) throw new TypeError("Excel.run needs a batch function.");
    const context = newContext();
    // ExcelApi 1.20: the batch's syncs are one undo step (an older host ignores the option).
    const merge = (first as { mergeUndoGroup?: unknown } | null)?.mergeUndoGroup === true;
    if (merge && typeof first !== "function" && supportsSet(profile, "ExcelApi", "1.20"))
      context.undoGroup = {};
    const result = await batch(context);
    await context.sync();
    return result;
  }
}

/** The type of the fake namespace. */
export type FakeExcelNamespace = ReturnType<typeof createExcelNamespace>;
