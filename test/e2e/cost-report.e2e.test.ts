/**
 * The cost report from the pane: contract ids selected in a column, Cost report
 * writes a sheet with one table of every contract's cost lines — equal to what the simulator holds,
 * through the same cost rules the functions use — and draws the chart of fixed and variable costs;
 * an unknown contract gets its reason on its own row. After the service's tariff changes, Refresh
 * report updates the same sheet in place.
 */
import { DEMO } from "../../simulator";
import { createBillingClient } from "../../src/api";
import { contractCosts, type CostLine } from "../../src/costs";
import { previewSuite, type PreviewPage } from "./support/preview-page";
import { screenshotPath } from "./support/screenshots";

const CONTRACTS = [DEMO.contracts.heatingGeneric, DEMO.contracts.electricity];
const MISSING = "00000000-0000-4000-8000-00000000dead";

type Cell = string | number | boolean | null;

/** The report sheet's table as the preview's workbook holds it (values, not the shown text). */
async function reportTable(preview: PreviewPage): Promise<{ name: string; rows: Cell[][] }> {
  return await preview.page.evaluate(() => {
    type Model = {
      tables: {
        name: string;
        sheetId: string;
        rect: { row: number; col: number; rowCount: number; colCount: number };
      }[];
      sheets: { id: string; name: string; cells: Map<string, { value: Cell }> }[];
    };
    const model = (window as unknown as { billingPreview: { model: Model } }).billingPreview.model;
    const table = model.tables.find((t) => t.name.startsWith("CostReport"));
    if (!table) return { name: "", rows: [] };
    const sheet = model.sheets.find((s) => s.id === table.sheetId)!;
    const rows: Cell[][] = [];
    for (let r = 0; r < table.rect.rowCount; r++) {
      const row: Cell[] = [];
      for (let c = 0; c < table.rect.colCount; c++)
        row.push(sheet.cells.get(`${table.rect.row + r},${table.rect.col + c}`)?.value ?? "");
      rows.push(row);
    }
    return { name: `${sheet.name}!${table.name}`, rows };
  });
}

describe("cost report from the pane", () => {
  const suite = previewSuite();
  const client = () =>
    createBillingClient({
      baseUrl: suite.env.simulator.url,
      headers: {},
      credential: { kind: "none" },
    });

  /** What the service says now, through the cost rules (a fresh client: nothing cached). */
  async function expected(): Promise<Map<string, CostLine[]>> {
    const c = client();
    const now = new Date();
    return new Map(
      await Promise.all(CONTRACTS.map(async (id) => [id, await contractCosts(c, id, now)] as const))
    );
  }

  function checkRows(rows: Cell[][], want: Map<string, CostLine[]>): void {
    const [header, ...body] = rows;
    const col = (name: string) => header.indexOf(name);
    for (const id of CONTRACTS) {
      const mine = body.filter((r) => r[col("contractId")] === id);
      const lines = want.get(id)!;
      expect(mine).toHaveLength(lines.length);
      lines.forEach((line, i) => {
        expect(mine[i][col("billingItemId")]).toBe(line.billingItemId);
        expect(mine[i][col("kind")]).toBe(line.kind);
        // Exact: the number in the cell is the service's decimal text.
        expect(mine[i][col("tariff")]).toBe(line.tariff === undefined ? "" : Number(line.tariff));
        expect(String(mine[i][col("contractNumber")])).toMatch(/^C-\d+$/);
      });
    }
    const missing = body.filter((r) => r[col("contractId")] === MISSING);
    expect(missing).toHaveLength(1);
    expect(missing[0][col("kind")]).toBe("error");
    // One plain sentence, not the service's 404 text.
    expect(missing[0][col("reason")]).toBe(`Contract ${MISSING} was not found.`);
  }

  it("writes a table equal to the service's costs and draws the chart", async () => {
    const { page, pane } = suite.preview;
    await suite.preview.typeInto("A1", CONTRACTS[0]);
    await suite.preview.typeInto("A2", CONTRACTS[1]);
    await suite.preview.typeInto("A3", MISSING);
    await page.locator('td[data-cell="A1"]').click();
    await page.locator('td[data-cell="A3"]').click({ modifiers: ["Shift"] });
    await expect(page.getByTestId("address-box").inputValue()).resolves.toBe("A1:A3");

    await pane.locator("#tab-lookups").click();
    await pane.getByTestId("cost-report").click();
    await pane.getByTestId("cost-report-status").filter({ hasText: "Wrote" }).waitFor();
    await expect(pane.getByTestId("cost-report-status").textContent()).resolves.toMatch(
      /Wrote "Cost report": 3 contract\(s\).*1 problem/
    );
    await expect(page.locator(".sheet-tab.active").textContent()).resolves.toBe("Cost report");

    const table = await reportTable(suite.preview);
    expect(table.name).toBe("Cost report!CostReport1");
    checkRows(table.rows, await expected());

    // Two charts: fixed costs (EUR a year) and unit tariffs (EUR a unit) never on one axis.
    const charts = page.locator("svg[data-chart]");
    await charts.first().waitFor();
    await expect(
      charts.evaluateAll((all) => all.map((c) => c.getAttribute("aria-label")))
    ).resolves.toEqual([
      "Fixed costs per contract and product (EUR a year)",
      "Variable tariffs per contract and product (EUR a unit)",
    ]);
    const chart = charts.first();
    await expect(charts.nth(1).locator('rect[data-series="fixed EUR/year"]').count()).resolves.toBe(
      0
    );
    const fixedBars = chart.locator('rect[data-series="fixed EUR/year"]');
    await expect(fixedBars.count()).resolves.toBeGreaterThanOrEqual(2);
    const heating = await chart
      .locator('rect[data-series="fixed EUR/year"][data-category^="C-1001"]')
      .getAttribute("data-value");
    const want = (await expected()).get(CONTRACTS[0])!.filter((l) => l.kind === "fixed");
    const cents = want.reduce((sum, l) => sum + Math.round(Number(l.tariff) * 10000), 0) / 10000;
    expect(Number(heating)).toBeCloseTo(Math.round(cents * 100) / 100, 10);
    // Money with its cents and tariffs with their decimals, alike in the table and the chart data.
    const texts = await page.evaluate(() => {
      type Model = {
        sheets: { name: string }[];
        sheetByName(name: string): unknown;
        text(sheet: unknown, row: number, col: number): string;
        value(sheet: unknown, row: number, col: number): unknown;
      };
      const model = (window as unknown as { billingPreview: { model: Model } }).billingPreview
        .model;
      const sheet = model.sheetByName("Cost report");
      const shown: string[] = [];
      for (let r = 4; r < 40; r++)
        for (let c = 0; c < 24; c++) {
          const value = model.value(sheet, r, c);
          if (typeof value === "number" && value > 1 && value < 10_000)
            shown.push(model.text(sheet, r, c));
        }
      return shown;
    });
    expect(texts.length).toBeGreaterThan(0);
    expect(
      texts.filter((t) => !/^\d{1,3}(,\d{3})*\.\d{2,4}$/.test(t) && !/^\d{4}-\d{2}-\d{2}$/.test(t))
    ).toEqual([]);
    await page.screenshot({ path: screenshotPath("cost-report.png") });
  });

  it("Refresh report brings the sheet up to date in place after the tariff changed", async () => {
    const { pane } = suite.preview;
    const meterRental = suite.env.simulator.store.dataset.tariffs.find(
      (t) =>
        t.billingItemId === DEMO.billingItems.meterRental &&
        t.contractId === null &&
        t.unitTariff === 79.1
    );
    expect(meterRental).toBeDefined();
    meterRental!.unitTariff = 81.25;

    // From another sheet: the workbook's one report is the one refreshed.
    await suite.preview.page.locator(".sheet-tab", { hasText: "Sheet1" }).click();
    await pane.getByTestId("cost-report-refresh").click();
    await pane.getByTestId("cost-report-status").filter({ hasText: "Refreshed" }).waitFor();
    const table = await reportTable(suite.preview);
    expect(table.name).toBe("Cost report!CostReport1");
    const tariffs = table.rows.slice(1).map((r) => r[table.rows[0].indexOf("tariff")]);
    expect(tariffs).toContain(81.25);
    expect(tariffs).not.toContain(79.1);
    checkRows(table.rows, await expected());
    await expect(suite.preview.page.locator("svg[data-chart]").count()).resolves.toBe(2);
  });

  it("Refresh report follows a contract id changed in the table", async () => {
    const { pane } = suite.preview;
    // The unknown contract's row (the table's last) gets a real contract's id.
    const before = await reportTable(suite.preview);
    const last = before.rows.length + 3; // header in row 4
    await suite.preview.typeInto(`A${last}`, DEMO.contracts.heatingOwnTariffs);
    await pane.getByTestId("cost-report-refresh").click();
    await pane
      .getByTestId("cost-report-status")
      .filter({ hasText: /Refreshed.*3 contract\(s\)(?!.*problem)/ })
      .waitFor();
    const table = await reportTable(suite.preview);
    const ids = table.rows.slice(1).map((r) => r[0]);
    expect(ids).not.toContain(MISSING);
    const own = await contractCosts(client(), DEMO.contracts.heatingOwnTariffs, new Date());
    expect(ids.filter((id) => id === DEMO.contracts.heatingOwnTariffs)).toHaveLength(own.length);
  });
});
