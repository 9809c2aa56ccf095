/**
 * The fake `Excel.Workbook` (`context.workbook`): sheets, tables, the selection and the application.
 */
import { ClientObject } from "./client-object";
import { FakeCultureInfo } from "./culture";
import { FakeDocumentProperties } from "./document-properties";
import type { Getters } from "./client-object";
import type { FakeRequestContext } from "./request-context";
import { FakeRange, FakeRangeAreas, rangeFrom } from "./range";
import { FakeTableCollection } from "./table";
import { FakeWorksheetCollection } from "./worksheet";
import { ModelError } from "./workbook-model";

/** Excel's error when the selection is not cells (a chart or a shape is selected: no areas). */
function noRangeSelected(): ModelError {
  return new ModelError("InvalidSelection", "The current selection is invalid for this operation.");
}

/** `Excel.Application`: recalculation and the workbook's culture. */
export class FakeApplication extends ClientObject<true> {
  protected readonly typeName = "Application";
  private cultureProxy?: FakeCultureInfo;
  constructor(context: FakeRequestContext) {
    super(context, { fixed: true });
  }
  protected override navigation(name: string): ClientObject<unknown> | undefined {
    if (name === "cultureInfo") return this.cultureInfo as ClientObject<unknown>;
    return undefined;
  }
  /** The workbook's culture (ExcelApi 1.11): separators and date patterns. */
  get cultureInfo(): FakeCultureInfo {
    return (this.cultureProxy ??= new FakeCultureInfo(this.context));
  }
  protected getters(): Getters<true> {
    return { calculationMode: () => "Automatic" };
  }
  get calculationMode(): string {
    return this.read("calculationMode");
  }
  /** Recalculates formulas: `Full` runs every custom function again. */
  calculate(calculationType: string): void {
    this.call(() => this.context.model.calculate(calculationType));
  }
}

/** `Excel.Workbook`. */
export class FakeWorkbook extends ClientObject<true> {
  protected readonly typeName = "Workbook";
  readonly worksheets: FakeWorksheetCollection;
  readonly tables: FakeTableCollection;
  readonly application: FakeApplication;
  /** The file's document properties (ExcelApi 1.7); the add-in keeps the workbook's id there. */
  readonly properties: FakeDocumentProperties;

  constructor(context: FakeRequestContext) {
    super(context, { fixed: true });
    this.properties = new FakeDocumentProperties(context);
    this.worksheets = new FakeWorksheetCollection(context);
    this.tables = new FakeTableCollection(context, () => true);
    this.application = new FakeApplication(context);
  }
  protected getters(): Getters<true> {
    return { name: () => "Preview.xlsx", readOnly: () => false };
  }
  protected override navigation(name: string): ClientObject<unknown> | undefined {
    if (name === "worksheets") return this.worksheets as ClientObject<unknown>;
    if (name === "tables") return this.tables as ClientObject<unknown>;
    if (name === "application") return this.application as ClientObject<unknown>;
    if (name === "properties") return this.properties as ClientObject<unknown>;
    return undefined;
  }
  get name(): string {
    return this.read("name");
  }

  /** The selected range (one area); InvalidSelection when several areas are selected. */
  getSelectedRange(): FakeRange {
    return rangeFrom(this.context, () => {
      const { sheetId, areas } = this.context.model.selection;
      if (areas.length === 0) throw noRangeSelected();
      if (areas.length !== 1) {
        throw new ModelError(
          "InvalidOperation",
          "This operation is not supported on a selection of multiple ranges."
        );
      }
      return { sheetId, rect: { ...areas[0] } };
    });
  }
  /** Every selected area (Ctrl+click selects several). */
  getSelectedRanges(): FakeRangeAreas {
    return new FakeRangeAreas(this.context, () => {
      const { sheetId, areas } = this.context.model.selection;
      if (areas.length === 0) throw noRangeSelected();
      return { sheetId, rects: areas.map((r) => ({ ...r })) };
    });
  }
  /** The active cell. */
  getActiveCell(): FakeRange {
    return rangeFrom(this.context, () => {
      const { sheetId, active } = this.context.model.selection;
      return { sheetId, rect: { row: active.row, col: active.col, rowCount: 1, colCount: 1 } };
    });
  }
}
