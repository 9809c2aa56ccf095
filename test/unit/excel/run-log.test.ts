import { appendActionLog, appendRunLog } from "../../../src/excel/run-log";
import {
  LOG_COLUMNS,
  actionLogRows,
  describeRows,
  localExcelSerial,
  runLogRows,
} from "../../../src/excel/run-log-rows";
import type { ActionResult, InvoiceResult } from "../../../src/invoices";
import type { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { installPreviewHost, uninstallPreviewHost } from "./preview-host";

const RESULTS: InvoiceResult[] = [
  {
    key: "ref:A",
    rowNumbers: [2, 3, 4, 7],
    state: "approved",
    invoiceId: "inv-1",
    invoiceNum: "2026-0001",
    externalReference: "XL-1",
    totalAmountExclVAT: "100.00",
    totalAmountInclVAT: "121.00",
    before: "",
    untouched: false,
    changes: ["created", "sent for approval", "approved"],
  },
  {
    key: "row:9",
    rowNumbers: [9],
    state: "failed",
    message: "Refused: token s3cr3t-t0ken is wrong",
    before: "",
    untouched: false,
    changes: ["failed"],
  },
];
/** Left alone by the run: approved and numbered before it. */
const UNTOUCHED: InvoiceResult = {
  key: "ref:B",
  rowNumbers: [10],
  state: "approved",
  invoiceId: "inv-2",
  invoiceNum: "2026-0002",
  before: "approved",
  untouched: true,
  changes: [],
};
/** Read again, still approving: nothing changed. */
const STILL: InvoiceResult = {
  key: "ref:C",
  rowNumbers: [11],
  state: "approving",
  invoiceId: "inv-3",
  before: "approving",
  untouched: false,
  changes: [],
};
const RUN = "run-20260615-093005-ab12";
const WHEN = new Date(2026, 5, 15, 9, 30, 5); // local time

describe("the log rows of a run", () => {
  it("writes rows as a controller reads them", () => {
    expect(describeRows([7, 2, 3, 4, 3])).toBe("2-4, 7");
    expect(describeRows([9])).toBe("9");
  });

  it("gives one row per changed invoice with every column, text kept as text, the secret left out", () => {
    const rows = runLogRows({
      when: WHEN,
      runId: RUN,
      workbookName: "Book1.xlsx",
      sheetName: "Invoices",
      results: [UNTOUCHED, ...RESULTS, STILL],
      secrets: ["s3cr3t-t0ken"],
    });
    expect(rows).toEqual([
      [
        localExcelSerial(WHEN),
        "",
        "'Book1.xlsx",
        "'Invoices",
        "'2-4, 7",
        "'A",
        "'inv-1",
        "'XL-1",
        "'approved",
        "'2026-0001",
        "",
        `'${RUN}`,
        "'created, sent for approval, approved",
        "'100.00",
        "'121.00",
        "",
        "",
        "",
      ],
      [
        localExcelSerial(WHEN),
        "",
        "'Book1.xlsx",
        "'Invoices",
        "'9",
        "",
        "",
        "",
        "'failed",
        "",
        "'Refused: token •••• is wrong",
        `'${RUN}`,
        "'failed",
        "",
        "",
        "",
        "",
        "",
      ],
    ]);
    expect(JSON.stringify(rows)).not.toContain("s3cr3t");
  });

  it("counts local time in Excel's days", () => {
    expect(localExcelSerial(new Date(2026, 0, 1, 12, 0, 0))).toBeCloseTo(46023.5, 6);
  });

  it("names the changes in the pane's language; the headers and the status stay as they are", () => {
    const input = {
      when: WHEN,
      runId: RUN,
      workbookName: "Book1.xlsx",
      sheetName: "Invoices",
      results: RESULTS,
    };
    const change = LOG_COLUMNS.indexOf("change");
    const status = LOG_COLUMNS.indexOf("status");
    const dutch = runLogRows({ ...input, language: "nl" });
    const english = runLogRows(input);
    expect(dutch[0][change]).toBe("'gemaakt, ter goedkeuring verzonden, goedgekeurd");
    expect(runLogRows({ ...input, language: "en" })).toEqual(english);
    expect(dutch.map((r) => r[status])).toEqual(english.map((r) => r[status]));
  });
});

describe("appendRunLog", () => {
  let model: WorkbookModel;
  beforeEach(() => {
    model = installPreviewHost(["Invoices"]);
  });
  afterEach(uninstallPreviewHost);

  const log = () => model.sheetByName("Billing log")!;
  const row = (r: number) => LOG_COLUMNS.map((_c, i) => model.text(log(), r, i));

  it("creates the Billing log table on the first run, leaving the active sheet alone", async () => {
    const place = await appendRunLog({
      when: WHEN,
      runId: RUN,
      sheetName: "Invoices",
      results: RESULTS,
    });

    expect(place).toEqual({
      sheetName: "Billing log",
      tableName: "BillingLog",
      firstRow: 2,
      rowCount: 2,
    });
    expect(model.activeSheet.name).toBe("Invoices");
    expect(model.tables.map((t) => [t.name, t.rect])).toEqual([
      ["BillingLog", { row: 0, col: 0, rowCount: 3, colCount: LOG_COLUMNS.length }],
    ]);
    expect(row(0)).toEqual([...LOG_COLUMNS]);
    expect(row(1)).toEqual([
      "2026-06-15 09:30:05",
      "",
      "Preview.xlsx",
      "Invoices",
      "2-4, 7",
      "A",
      "inv-1",
      "XL-1",
      "approved",
      "2026-0001",
      "",
      RUN,
      "created, sent for approval, approved",
      "100.00",
      "121.00",
      "",
      "",
      "",
    ]);
    expect(row(2)[LOG_COLUMNS.indexOf("rows")]).toBe("9");
  });

  it("a run of 2,500 invoices: the table made, then appended, at most 1,000 rows a sync, every row in order", async () => {
    const many = (tag: string): InvoiceResult[] =>
      Array.from({ length: 2500 }, (_, i) => ({
        ...RESULTS[0],
        key: `ref:${tag}${i}`,
        rowNumbers: [i + 2],
        invoiceId: `${tag}-${i}`,
      }));
    const idAt = LOG_COLUMNS.indexOf("invoiceId");
    for (const [n, tag] of ["a", "b"].entries()) {
      const syncs = model.syncLog.length;
      const place = await appendRunLog({
        when: WHEN,
        runId: RUN,
        sheetName: "Invoices",
        results: many(tag),
      });
      expect(place).toMatchObject({ firstRow: 2 + n * 2500, rowCount: 2500 });
      const written = model.syncLog.slice(syncs).map((sync) => sync.cellsWritten);
      // Values and number formats: two cells written per cell of a row.
      expect(Math.max(...written)).toBeLessThanOrEqual(2 * 1001 * LOG_COLUMNS.length);
      expect(written.filter((cells) => cells > 0).length).toBeGreaterThanOrEqual(3);
    }
    expect(model.tables[0].rect.rowCount).toBe(1 + 5000);
    for (const [r, id] of [
      [1, "a-0"],
      [1000, "a-999"],
      [1001, "a-1000"],
      [2500, "a-2499"],
      [2501, "b-0"],
      [5000, "b-2499"],
    ] as const)
      expect(row(r)[idAt]).toBe(id);
  });

  it("appends later runs below, never changing a logged row, even after the log was sorted by hand", async () => {
    await appendRunLog({ when: WHEN, runId: RUN, sheetName: "Invoices", results: RESULTS });
    const before = [row(1), row(2)];
    const place = await appendRunLog({
      when: new Date(2026, 5, 16, 8, 0, 0),
      runId: "run-2",
      sheetName: "Invoices",
      results: [RESULTS[0]],
    });

    expect(place).toMatchObject({ firstRow: 4, rowCount: 1 });
    expect([row(1), row(2)]).toEqual(before);
    expect(row(3)[0]).toBe("2026-06-16 08:00:00");
    expect(model.tables[0].rect.rowCount).toBe(4);
  });

  it("starts a new table below the old rows when the log's table was turned into a range", async () => {
    await appendRunLog({ when: WHEN, runId: RUN, sheetName: "Invoices", results: RESULTS });
    model.removeTable(model.tables[0], false);
    const place = await appendRunLog({
      when: WHEN,
      runId: RUN,
      sheetName: "Invoices",
      results: [RESULTS[1]],
    });

    expect(place).toMatchObject({ tableName: "BillingLog", firstRow: 6, rowCount: 1 });
    expect(row(1)[LOG_COLUMNS.indexOf("invoiceId")]).toBe("inv-1");
    expect(row(4)).toEqual([...LOG_COLUMNS]);
  });

  it("uses a Billing log sheet a person emptied, starting at its top", async () => {
    model.addSheet("Billing log");
    const place = await appendRunLog({
      when: WHEN,
      runId: RUN,
      sheetName: "Invoices",
      results: RESULTS,
    });
    expect(place).toMatchObject({ firstRow: 2, rowCount: 2 });
    expect(row(0)).toEqual([...LOG_COLUMNS]);
  });

  it("writes nothing for a run without invoices, or one that changed none", async () => {
    await expect(
      appendRunLog({ when: WHEN, runId: RUN, sheetName: "Invoices", results: [] })
    ).resolves.toBe(undefined);
    await expect(
      appendRunLog({ when: WHEN, runId: RUN, sheetName: "Invoices", results: [UNTOUCHED, STILL] })
    ).resolves.toBe(undefined);
    expect(model.sheetByName("Billing log")).toBeUndefined();
  });

  it("adds the run and change columns to a log table an older version made, writing by column name", async () => {
    const old = LOG_COLUMNS.filter((c) => c !== "run" && c !== "change");
    model.addSheet("Billing log");
    await (globalThis as unknown as { Excel: typeof Excel }).Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Billing log");
      const range = sheet.getRangeByIndexes(0, 0, 2, old.length);
      range.values = [[...old], old.map((c) => (c === "invoiceRef" ? "OLD" : ""))];
      sheet.tables.add(range, true).name = "BillingLog";
      await context.sync();
    });
    await appendRunLog({ when: WHEN, runId: RUN, sheetName: "Invoices", results: [RESULTS[0]] });
    const header = Array.from({ length: LOG_COLUMNS.length }, (_v, i) => model.text(log(), 0, i));
    expect(header).toEqual([...old, "run", "change"]);
    const added = Array.from({ length: LOG_COLUMNS.length }, (_v, i) => model.text(log(), 2, i));
    expect(added[header.indexOf("invoiceRef")]).toBe("A");
    expect(added[header.indexOf("run")]).toBe(RUN);
    expect(added[header.indexOf("change")]).toBe("created, sent for approval, approved");
    expect(model.text(log(), 1, header.indexOf("invoiceRef"))).toBe("OLD");
  });
});

describe("the log rows of a send or credit run", () => {
  const SENT: ActionResult = {
    key: "inv-1",
    invoiceId: "INV-1",
    rowNumbers: [2, 3],
    state: "done",
    sent: "sent",
    invoiceNum: "2026-0001",
    changes: ["sent"],
  };
  const ALREADY: ActionResult = {
    key: "inv-2",
    invoiceId: "inv-2",
    rowNumbers: [4],
    state: "already done",
    sent: "sent",
    changes: [],
  };
  const CREDITED: ActionResult = {
    key: "inv-3",
    invoiceId: "inv-3",
    rowNumbers: [5],
    state: "done",
    creditNoteId: "note-3",
    creditNoteNum: "2026-0031",
    invoiceNum: "2026-0003",
    changes: ["credited"],
  };
  const FAILED: ActionResult = {
    key: "inv-4",
    invoiceId: "inv-4",
    rowNumbers: [6],
    state: "failed",
    sent: "failed: the customer has no postal address",
    message: "Not sent: token s3cr3t-t0ken",
    changes: ["failed"],
  };
  const facts = new Map([["inv-1", { invoiceRef: "A", externalReference: "XL-1" }]]);
  const at = (name: (typeof LOG_COLUMNS)[number]) => LOG_COLUMNS.indexOf(name);

  it("logs each send with its channel, user and run, and nothing for an invoice left alone", () => {
    const rows = actionLogRows({
      when: WHEN,
      runId: RUN,
      action: "send",
      channel: "post",
      userName: "anna@example.com",
      workbookName: "Book1.xlsx",
      sheetName: "Invoices",
      results: [SENT, ALREADY, FAILED],
      facts,
      secrets: ["s3cr3t-t0ken"],
    });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveLength(LOG_COLUMNS.length);
    expect(rows[0][at("user")]).toBe("'anna@example.com");
    expect(rows[0][at("rows")]).toBe("'2-3");
    expect(rows[0][at("invoiceRef")]).toBe("'A");
    expect(rows[0][at("invoiceId")]).toBe("'INV-1");
    expect(rows[0][at("externalReference")]).toBe("'XL-1");
    expect(rows[0][at("invoiceNum")]).toBe("'2026-0001");
    expect(rows[0][at("run")]).toBe(`'${RUN}`);
    expect(rows[0][at("change")]).toBe("'sent by post");
    expect(rows[0][at("sent")]).toBe("'sent");
    expect(rows[0][at("status")]).toBe("'sent");
    expect(rows[1][at("status")]).toBe("'failed");
    expect(rows[1][at("sent")]).toBe("'failed: the customer has no postal address");
    expect(JSON.stringify(rows)).not.toContain("s3cr3t");
  });

  it("logs a credit with its credit note and the status credited", () => {
    const [row] = actionLogRows({
      when: WHEN,
      runId: RUN,
      action: "credit",
      workbookName: "Book1.xlsx",
      sheetName: "Invoices",
      results: [CREDITED],
    });
    expect(row[at("status")]).toBe("'credited");
    expect(row[at("change")]).toBe("'credited");
    expect(row[at("creditNoteNum")]).toBe("'2026-0031");
    expect(row[at("creditNoteId")]).toBe("'note-3");
    expect(row[at("invoiceNum")]).toBe("'2026-0003");
  });

  describe("appendActionLog", () => {
    let model: WorkbookModel;
    beforeEach(() => {
      model = installPreviewHost(["Invoices"]);
    });
    afterEach(uninstallPreviewHost);

    it("appends to the same log as the invoice runs, below them, and nothing for a run that changed nothing", async () => {
      await appendRunLog({ when: WHEN, runId: RUN, sheetName: "Invoices", results: RESULTS });
      await expect(
        appendActionLog({
          when: WHEN,
          runId: "run-2",
          action: "send",
          sheetName: "Invoices",
          results: [ALREADY],
        })
      ).resolves.toBe(undefined);
      const place = await appendActionLog({
        when: WHEN,
        runId: "run-3",
        action: "credit",
        sheetName: "Invoices",
        results: [CREDITED],
        userName: "anna@example.com",
      });
      expect(place).toMatchObject({ tableName: "BillingLog", firstRow: 4, rowCount: 1 });
      const log = model.sheetByName("Billing log")!;
      const row = LOG_COLUMNS.map((_c, i) => model.text(log, 3, i));
      expect(row[at("run")]).toBe("run-3");
      expect(row[at("user")]).toBe("anna@example.com");
      expect(row[at("creditNoteNum")]).toBe("2026-0031");
      expect(model.tables[0].rect.rowCount).toBe(4);
    });
  });
});
