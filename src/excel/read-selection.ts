/* eslint-disable office-addins/load-object-before-read, office-addins/call-sync-before-read, office-addins/no-empty-load --
 * Loads here name their properties through the GEOMETRY constant and the first sync goes through
 * syncSelection(), which these static rules cannot follow. The fake-Excel tests and the preview host
 * throw PropertyNotLoaded on any read that was not loaded and synced first, so the rule's intent holds. */
import type { CellValue, SheetCulture, SheetRow } from "../invoices";
import { blockRowCount } from "./block-size";
import { isBlankRow, toCellValue } from "./cell-values";
import { checkHeaderRow, isNoteColumn } from "./header-check";
import { packBlocks, pickBodyRows, toRuns, type CellRect } from "./row-selection";
import { SheetError } from "./sheet-error";
import type { SelectionRead } from "./sheet-target";
import { timed } from "./timing";
import { loadWorkbookCulture } from "./workbook-culture";

const GEOMETRY = "rowIndex,columnIndex,rowCount,columnCount";

/** Header row + body of the block the selection is in, found in the second sync. */
interface Block {
  tableName?: string;
  headerRowIndex: number;
  body: CellRect;
  headerValues: unknown[];
  headerTypes: string[];
}

/**
 * Reads the selected invoice rows and their header row.
 *
 * - In an Excel table: the header is the table's header row; each selected cell picks its table row;
 *   selecting only the header row picks every row of the table.
 * - Elsewhere: the block of data around the selection (Excel's "current region", what Ctrl+A picks)
 *   must start with a header row; the selected rows below it are read.
 * - Several selected areas (Ctrl+click) are read together, in sheet order.
 * - Completely empty rows are skipped; columns whose name starts with "#" (notes, such as the
 *   template's name columns) are left out.
 *
 * Cells come as their values: formulas as their result, dates as serial numbers, Excel errors as their
 * text ("#N/A"). Large selections are read in blocks of rows, one round trip each, to stay under
 * Excel on the web's 5 MB limit. Throws a {@link SheetError} with a plain-words message when the
 * selection cannot be read as invoice rows.
 */
export async function readSelection(): Promise<SelectionRead> {
  return await timed("read-selection", () => readSelectionNow());
}

async function readSelectionNow(): Promise<SelectionRead> {
  return await Excel.run(async (context) => {
    const selection = context.workbook.getSelectedRanges();
    selection.areas.load(`items/${GEOMETRY.split(",").join(",items/")}`);
    const sheet = selection.worksheet;
    sheet.load("name");
    const tables = selection.getTables(false);
    tables.load("items/name,items/showHeaders");
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load(`isNullObject,${GEOMETRY}`);
    const culture = loadWorkbookCulture(context);
    await syncSelection(context);

    const areas = selection.areas.items.map(rectOf);
    if (areas.length === 0) throw emptySelection();
    if (tables.items.length > 1) {
      const names = tables.items.map((t) => t.name).join(" and ");
      throw new SheetError(
        "two-tables",
        `The selection spans two tables (${names}). Select rows of one table at a time.`
      );
    }
    const block =
      tables.items.length === 1
        ? await locateTable(context, tables.items[0])
        : await locatePlainBlock(context, sheet, areas[0], used);

    const headers = checkHeaderRow(block.headerValues, block.headerTypes, {
      rowNumber: block.headerRowIndex + 1,
      firstColumn: block.body.columnIndex,
      isTable: block.tableName !== undefined,
    });
    const rowIndexes = pickBodyRows(areas, block.headerRowIndex, block.body);
    const kept = headers.map((h, i) => (isNoteColumn(h) ? -1 : i)).filter((i) => i >= 0);
    const rows = await readRows(context, sheet, rowIndexes, block.body.columnIndex, headers.length);
    const snapshotRows = rows
      .map((row) => ({ rowNumber: row.rowNumber, values: kept.map((i) => row.values[i]) }))
      .filter((row) => !isBlankRow(row.values));
    if (snapshotRows.length === 0) throw emptySelection();

    return {
      sheetName: sheet.name,
      ...(block.tableName !== undefined ? { tableName: block.tableName } : {}),
      headerRowNumber: block.headerRowIndex + 1,
      firstColumn: block.body.columnIndex,
      snapshot: {
        headers: kept.map((i) => headers[i]),
        rows: snapshotRows,
        firstColumnIndex: block.body.columnIndex,
        columnIndexes: kept.map((i) => block.body.columnIndex + i),
        ...withCulture(culture()),
      },
    };
  });
}

const withCulture = (culture: SheetCulture | undefined) => (culture ? { culture } : {});

function rectOf(r: CellRect): CellRect {
  return {
    rowIndex: r.rowIndex,
    columnIndex: r.columnIndex,
    rowCount: r.rowCount,
    columnCount: r.columnCount,
  };
}

function emptySelection(): SheetError {
  return new SheetError(
    "empty-selection",
    "The selection holds no invoice rows. Select the rows to use (or one cell of a table's header row for all its rows)."
  );
}

/** The first sync; a chart or picture selected instead of cells becomes a plain-words error. */
async function syncSelection(context: Excel.RequestContext): Promise<void> {
  try {
    await context.sync();
  } catch (e) {
    if ((e as { code?: string }).code === "InvalidSelection") {
      throw new SheetError("empty-selection", "Select cells of the invoice rows first.", {
        cause: e,
      });
    }
    throw e;
  }
}

async function locateTable(context: Excel.RequestContext, table: Excel.Table): Promise<Block> {
  if (!table.showHeaders) {
    throw new SheetError(
      "no-header",
      `The table ${table.name} hides its header row. Turn on "Header Row" (Table Design) so the columns have names.`
    );
  }
  const header = table.getHeaderRowRange();
  header.load(`values,valueTypes,${GEOMETRY}`);
  const body = table.getDataBodyRange();
  body.load(GEOMETRY);
  await context.sync();
  return {
    tableName: table.name,
    headerRowIndex: header.rowIndex,
    body: rectOf(body),
    headerValues: header.values[0],
    headerTypes: header.valueTypes[0] as string[],
  };
}

async function locatePlainBlock(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  area: CellRect,
  used: Excel.Range
): Promise<Block> {
  const noData = new SheetError(
    "no-data",
    "There is no data at the selection. Select invoice rows under a header row, or insert the invoice template first."
  );
  if (used.isNullObject) throw noData;
  // A whole column or row may be selected: start from its first cell that lies in the used part.
  const row = Math.max(area.rowIndex, used.rowIndex);
  const column = Math.max(area.columnIndex, used.columnIndex);
  if (row >= Math.min(area.rowIndex + area.rowCount, used.rowIndex + used.rowCount)) throw noData;
  if (
    column >= Math.min(area.columnIndex + area.columnCount, used.columnIndex + used.columnCount)
  ) {
    throw noData;
  }
  const region = sheet.getCell(row, column).getSurroundingRegion();
  region.load(GEOMETRY);
  const header = region.getRow(0);
  header.load("values,valueTypes");
  await context.sync();

  const headerTypes = header.valueTypes[0] as string[];
  if (region.rowCount === 1 && region.columnCount === 1 && headerTypes[0] === "Empty") throw noData;
  if (region.rowCount < 2) {
    throw new SheetError(
      "no-rows",
      `Row ${region.rowIndex + 1} has nothing below it: select invoice rows under a header row.`
    );
  }
  return {
    headerRowIndex: region.rowIndex,
    body: {
      rowIndex: region.rowIndex + 1,
      columnIndex: region.columnIndex,
      rowCount: region.rowCount - 1,
      columnCount: region.columnCount,
    },
    headerValues: header.values[0],
    headerTypes,
  };
}

/** Reads whole rows of the block, `blockRowCount(columns)` rows per sync. */
async function readRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  rowIndexes: readonly number[],
  firstColumn: number,
  columnCount: number
): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for (const block of packBlocks(toRuns(rowIndexes), blockRowCount(columnCount))) {
    const ranges = block.map((run) => {
      const range = sheet.getRangeByIndexes(run.start, firstColumn, run.count, columnCount);
      range.load("values,valueTypes");
      return { run, range };
    });
    // One sync per block of rows on purpose: Excel on the web caps a request at 5 MB.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    for (const { run, range } of ranges) {
      range.values.forEach((cells, i) => {
        const types = range.valueTypes[i] as string[];
        const values: CellValue[] = cells.map((v, c) => toCellValue(v, types[c]));
        rows.push({ rowNumber: run.start + i + 1, values });
      });
    }
  }
  return rows;
}
