/**
 * Excel's undo stack as the preview emulates it for hosts with ExcelApi 1.20 (Microsoft's "Undo
 * capabilities": an add-in's writes join the user's undo stack; `Excel.run({ mergeUndoGroup: true
 * }, …)` makes every sync of that batch one step). Each sync that changes cells is one step, unless
 * it belongs to a merged batch whose step is on top; Ctrl+Z (`undo()`) puts the cells and the
 * tables' extents back as they were before the step. Opt-in (`model.undo = new UndoStack()`): the
 * preview turns it on under a 1.20+ profile, and the tests that need it.
 */
import type { CellData, SheetModel, TableModel, WorkbookModel } from "./workbook-model";
import type { Rect } from "./address";

/** The workbook as it was before a sync: every sheet's cells and every table's extent. */
interface Before {
  cells: Map<string, Map<string, CellData>>;
  tables: Map<string, Rect>;
}

/** One undo step: the cells it changed, as they were, and the tables' extents. */
interface Step {
  group?: object;
  cells: Map<string, Map<string, CellData | undefined>>;
  tables: Map<string, Rect>;
}

const same = (a: CellData | undefined, b: CellData | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** See the module comment. */
export class UndoStack {
  readonly steps: Step[] = [];

  /** Takes the workbook's state before a sync that may write. */
  before(model: WorkbookModel): Before {
    const cells = new Map<string, Map<string, CellData>>();
    for (const sheet of model.sheets) cells.set(sheet.id, structuredClone(sheet.cells));
    const tables = new Map(model.tables.map((t: TableModel) => [t.id, { ...t.rect }]));
    return { cells, tables };
  }

  /** Records what the sync changed as a step, or into the merged batch's step on top. */
  after(model: WorkbookModel, before: Before, group?: object): void {
    const changed = new Map<string, Map<string, CellData | undefined>>();
    for (const sheet of model.sheets) {
      const was = before.cells.get(sheet.id) ?? new Map<string, CellData>();
      const keys = new Set([...was.keys(), ...sheet.cells.keys()]);
      const diff = new Map<string, CellData | undefined>();
      for (const key of keys)
        if (!same(was.get(key), sheet.cells.get(key))) diff.set(key, was.get(key));
      if (diff.size > 0) changed.set(sheet.id, diff);
    }
    if (changed.size === 0) return;
    const top = this.steps[this.steps.length - 1];
    if (group !== undefined && top?.group === group) {
      for (const [sheetId, diff] of changed) {
        const into = top.cells.get(sheetId) ?? new Map<string, CellData | undefined>();
        for (const [key, cell] of diff) if (!into.has(key)) into.set(key, cell);
        top.cells.set(sheetId, into);
      }
      return;
    }
    this.steps.push({ group, cells: changed, tables: before.tables });
  }

  /** Ctrl+Z: undoes the last step; false when there is none. */
  undo(model: WorkbookModel): boolean {
    const step = this.steps.pop();
    if (!step) return false;
    for (const [sheetId, diff] of step.cells) {
      const sheet: SheetModel | undefined = model.sheets.find((s) => s.id === sheetId);
      if (!sheet) continue;
      for (const [key, cell] of diff) {
        if (cell === undefined) sheet.cells.delete(key);
        else sheet.cells.set(key, structuredClone(cell));
      }
    }
    for (const table of model.tables) {
      const rect = step.tables.get(table.id);
      if (rect) table.rect = { ...rect };
    }
    model.changed();
    return true;
  }
}
