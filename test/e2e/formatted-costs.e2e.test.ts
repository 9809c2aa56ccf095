/**
 * CONTRACTCOSTS in the preview shows numbers that look like what they are: its dates as
 * dates and its tariffs with their cents — exactly what the service holds — while the cells keep
 * numbers (formatted number values: CustomFunctionsRuntime 1.4 and ExcelApi 1.16+). The same formula
 * in Excel 2021 and Office LTSC 2024 (`preview.html?host=…`), which lack CustomFunctionsRuntime 1.4
 * and would show a returned data type as #VALUE!, shows the plain numbers.
 */
import Big from "big.js";
import { DEMO } from "../../simulator";
import { createBillingClient } from "../../src/api";
import { contractCosts } from "../../src/costs";
import type { CostLine } from "../../src/costs";
import { startEnvironment } from "./support/e2e-env";
import type { E2eEnvironment } from "./support/e2e-env";
import { openPreview } from "./support/preview-page";
import type { PreviewPage } from "./support/preview-page";
import { screenshotPath } from "./support/screenshots";

const CONTRACT = DEMO.contracts.heatingGeneric;
const DATE = "2026-06-15";
/** The spilled table's columns (header in row 3). */
const TARIFF = "F";
const VALID_FROM = "H";
const VALID_TO = "I";

/** How the tariff shows: its cents always, every further decimal the service sent. */
function moneyText(tariff: string): string {
  const decimals = (/\.(\d*?)0*$/.exec(tariff)?.[1] ?? "").length;
  const [int, frac] = new Big(tariff).toFixed(Math.max(2, decimals)).split(".");
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
}

/** How a service date-time shows: the day, and the time of day when it is not midnight (UTC). */
function dateText(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso).toISOString();
  return d.slice(11, 16) === "00:00" ? d.slice(0, 10) : `${d.slice(0, 10)} ${d.slice(11, 16)}`;
}

describe("CONTRACTCOSTS with formatted numbers in the preview", () => {
  let env: E2eEnvironment;
  let lines: CostLine[];

  beforeAll(async () => {
    env = await startEnvironment();
    const client = createBillingClient({
      baseUrl: env.simulator.url,
      headers: {},
      credential: { kind: "none" },
    });
    lines = await contractCosts(client, CONTRACT, new Date(`${DATE}T00:00:00Z`));
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Types the contract, the date and the formula, and waits until the table has spilled. */
  async function spill(preview: PreviewPage): Promise<void> {
    await preview.typeInto("A1", CONTRACT);
    await preview.typeInto("B1", DATE);
    await preview.typeInto("A3", "=BILLING.CONTRACTCOSTS(A1,B1)");
    await preview.page.locator('td[data-cell="A3"]', { hasText: "productId" }).waitFor();
    await preview.page.locator(`td[data-cell="C${3 + lines.length}"]:not(:empty)`).waitFor();
  }

  it("shows dates as dates and money with its cents, equal to what the service holds", async () => {
    const preview = await openPreview(env, { presetSimulator: true });
    await spill(preview);
    expect(lines.map((l) => l.tariff)).toContain("79.1");
    for (const [i, line] of lines.entries()) {
      const row = 4 + i;
      await expect(preview.cellText(`${TARIFF}${row}`)).resolves.toBe(
        line.tariff === undefined ? "" : moneyText(line.tariff)
      );
      await expect(preview.cellText(`${VALID_FROM}${row}`)).resolves.toBe(dateText(line.validFrom));
      await expect(preview.cellText(`${VALID_TO}${row}`)).resolves.toBe(dateText(line.validTo));
    }
    // Meter rental: 79.1 at the service, 79.10 on the screen; the cell still holds the number.
    const meter = 4 + lines.findIndex((l) => l.tariff === "79.1");
    await expect(preview.cellText(`${TARIFF}${meter}`)).resolves.toBe("79.10");
    const held = await preview.page.evaluate((row) => {
      const p = (window as unknown as { billingPreview: any }).billingPreview;
      return p.model.value(p.model.activeSheet, row - 1, 5);
    }, meter);
    expect(held).toBe(79.1);
    await preview.page.locator(`td[data-cell="${TARIFF}${meter}"]`).click();
    await preview.page.screenshot({ path: screenshotPath("contract-costs-formatted.png") });

    // The example functions sheet shows the same table.
    await preview.page.getByTestId("demo-functions").click();
    await preview.page.locator("td", { hasText: "79.10" }).first().waitFor();
    await preview.page.locator("td.busy").first().waitFor({ state: "detached" });
    // (functions-in-preview.e2e.test.ts takes this sheet's screenshot, functions.png.)
    await preview.page.context().close();
  });

  it.each(["excel-2021", "office-ltsc-2024"] as const)(
    "shows plain numbers in %s (no CustomFunctionsRuntime 1.4)",
    async (host) => {
      const preview = await openPreview(env, { presetSimulator: true, host });
      await spill(preview);
      const meter = 4 + lines.findIndex((l) => l.tariff === "79.1");
      await expect(preview.cellText(`${TARIFF}${meter}`)).resolves.toBe("79.1");
      // The date serial of validFrom, as a number (the controller formats the column).
      const from = lines[meter - 4].validFrom!;
      const serial = Date.parse(from) / 86_400_000 + 25_569;
      await expect(preview.cellText(`${VALID_FROM}${meter}`)).resolves.toBe(String(serial));
      await preview.page.screenshot({ path: screenshotPath(`contract-costs-${host}.png`) });
      await preview.page.context().close();
    }
  );
});
