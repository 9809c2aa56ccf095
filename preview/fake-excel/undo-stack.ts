/**
 * Excel's undo stack as the preview emulates it for hosts with ExcelApi 1.20 (Microsoft's "Undo
 * capabilities": an add-in's writes join the user's undo stack; `Excel.run({ mergeUndoGroup: true
 * }, …)` makes every sync of that batch one step). Each sync that changes cells is one step, unless
 * it belongs to a merged batch whose step is on top; Ctrl+Z (`undo()`) puts the cells and the
 * tables' extents back as they were before the step. Opt-in (`model.undo = new UndoStack()`): the
 * preview turns it on under a 1.20+ profile, and the tests that need it.
 *
 * What a sync changed is known from the model's journal (`model.journal`): every write notes the
 * cell as it was before its first change in the sync. So a step costs the cells the sync changes —
 * not a copy and a comparison of the whole workbook before and after every sync, which made the
 * preview's 10,000-row Check and write-back several times slower than the add-in's own work.
 */
import type { CellData, SheetModel, TableModel, WorkbookModel } from "./workbook-model";
import type { Rect } from "./address";

/** The workbook before a sync: the journal its writes fill, and every table's extent. */
interface Before {
  journal: Map<SheetModel, Map<string, CellData | undefined>>;
  tables: Map<string, Rect>;
}

/** One undo step: the cells it changed, as they were, and the tables' extents. */
interface Step {
  group?: object;
  cells: Map<string, Map<string, CellData | undefined>>;
  tables: Map<string, Rect>;
}

/** The same cell: field by field (a field set to undefined is one not set), objects by content. */
function same(a: CellData | undefined, b: CellData | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof CellData>;
  for (const field of fields) {
    const x = a[field];
    const y = b[field];
    if (x === y) continue;
    if (typeof x !== "object" || typeof y !== "object" || JSON.stringify(x) !== JSON.stringify(y))
      return false;
  }
  return true;
}

/** See the module comment. */
export class UndoStack {
  readonly steps: Step[] = [];

  /** Starts the journal of a sync that may write, and keeps the tables' extents. */
  before(model: WorkbookModel): Before {
    const journal = new Map<SheetModel, Map<string, CellData | undefined>>();
    model.journal = journal;
    const tables = new Map(model.tables.map((t: TableModel) => [t.id, { ...t.rect }]));
    return { journal, tables };
  }

  /** Records what the sync changed as a step, or into the merged batch's step on top. */
  after(model: WorkbookModel, before: Before, group?: object): void {
    if (model.journal === before.journal) model.journal = undefined;
    const changed = new Map<string, Map<string, CellData | undefined>>();
    for (const [sheet, was] of before.journal) {
      const diff = new Map<string, CellData | undefined>();
      for (const [key, cell] of was) if (!same(cell, sheet.cells.get(key))) diff.set(key, cell);
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
