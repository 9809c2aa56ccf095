/**
 * The four analysis functions in preview cells, registered by the task pane frame's
 * real functions bundle and evaluated against the simulator: INVOICES spills a customer's invoices
 * as the service holds them, TARIFFHISTORY the tariff periods by the cost rules, INVOICESTATUS
 * follows an approving invoice until it ends on the number the service gave, and CONTRACT draws
 * its card, whose fields a formula reads (`=D20.FixedCosts`), as Excel does.
 */
import { DEMO } from "../../simulator";
import { createBillingClient } from "../../src/api";
import { contractFixedCosts } from "../../src/costs";
import { postData } from "../integration/functions/service-data";
import { settledText, workbookValue } from "./support/cells";
import { startEnvironment, type E2eEnvironment } from "./support/e2e-env";
import { openPreview, STEP_TIMEOUT_MS, type PreviewPage } from "./support/preview-page";

const REF = "2026-06-15";

/** Creates an invoice of `customerId` with one line; gives its id. */
async function createInvoice(env: E2eEnvironment, customerId: string, price: number) {
  const created = await postData(env.simulator, "/api/bill/Invoices", {
    customerId,
    companyBankAccountId: DEMO.bankAccounts.main,
    lines: [
      { taxCodeId: DEMO.taxCodes.vat21, description: "Analyse", quantity: 1, unitPrice: price },
    ],
  });
  return created.id as string;
}

describe("INVOICES, TARIFFHISTORY, INVOICESTATUS and CONTRACT in preview cells", () => {
  let env: E2eEnvironment;
  let preview: PreviewPage;

  beforeAll(async () => {
    env = await startEnvironment();
    preview = await openPreview(env, { presetSimulator: true });
  });
  afterAll(async () => {
    await env?.close();
  });

  const valueOf = (address: string) => workbookValue(preview, address);
  const settled = (address: string) => settledText(preview, address);

  it("INVOICES spills the customer's invoices as the service holds them, with a header row", async () => {
    const customer = DEMO.customers.deVries;
    await createInvoice(env, customer, 12.5);
    const second = await createInvoice(env, customer, 7.25);
    const held = () => env.simulator.store.allInvoices().filter((i) => i.customerId === customer);

    await preview.typeInto("A1", customer);
    await preview.typeInto("A3", "=BILLING.INVOICES(A1)");
    await expect(settled("A3")).resolves.toBe("invoiceId");
    await expect(valueOf("B3")).resolves.toBe("invoiceNum");
    const count = held().length;
    expect(count).toBeGreaterThanOrEqual(2);
    const ids: unknown[] = [];
    for (let row = 4; row < 4 + count; row += 1) ids.push(await valueOf(`A${row}`));
    expect(new Set(ids)).toEqual(new Set(held().map((i) => i.id)));
    expect(await valueOf(`A${4 + count}`)).toBeUndefined();
    // The second invoice's row: a draft, 7.25 excl. VAT and 8.77 incl. (7.25 × 1.21 = 8.7725).
    const row = 4 + ids.indexOf(second);
    await expect(valueOf(`D${row}`)).resolves.toBe("created");
    await expect(valueOf(`E${row}`)).resolves.toBe(7.25);
    await expect(valueOf(`F${row}`)).resolves.toBe(8.77);
  });

  it("TARIFFHISTORY spills the generic and the contract's own periods, oldest first", async () => {
    await preview.typeInto("K1", DEMO.products.heatingStandard);
    await preview.typeInto("L1", DEMO.billingItems.standingChargeHeat);
    await preview.typeInto("M1", DEMO.contracts.heatingOwnTariffs);
    await preview.typeInto("K3", "=BILLING.TARIFFHISTORY(K1,L1,M1)");
    await expect(settled("K3")).resolves.toBe("validFrom");
    const tariffs: unknown[] = [];
    const sources: unknown[] = [];
    for (let row = 4; row <= 7; row += 1) {
      tariffs.push(await valueOf(`N${row}`));
      sources.push(await valueOf(`O${row}`));
    }
    expect(tariffs).toEqual([398.4, 380, 412.56, 430]);
    expect(sources).toEqual(["generic", "contract", "generic", "generic"]);
  });

  it("INVOICESTATUS follows an approving invoice and ends on the number the service gave", async () => {
    const id = await createInvoice(env, DEMO.customers.jansen, 20);
    await preview.typeInto("A15", id);
    await preview.typeInto("B15", "=BILLING.INVOICESTATUS(A15)");
    await expect(settled("B15")).resolves.toMatch(/^created/);
    await postData(env.simulator, `/api/bill/Invoices/${id}/approve`, {
      invoiceDate: `${REF}T00:00:00Z`,
    });
    const approved = preview.page.locator('td[data-cell="B15"]', { hasText: /^approved \S+/ });
    await approved.waitFor({ timeout: STEP_TIMEOUT_MS });
    const number = env.simulator.store.invoice(id)?.invoiceNum;
    expect(number).toBeTruthy();
    await expect(approved.textContent()).resolves.toBe(`approved ${number}`);
  });

  it("CONTRACT draws a card, and =D20.FixedCosts reads its fixed total to the cent", async () => {
    const contractId = DEMO.contracts.heatingGeneric;
    await preview.typeInto("C20", contractId);
    await preview.typeInto("D20", `=BILLING.CONTRACT(C20,"${REF}")`);
    await expect(settled("D20")).resolves.toBe("C-1001");
    await preview.typeInto("E20", "=D20.FixedCosts");
    await settled("E20");
    const client = createBillingClient({
      baseUrl: env.simulator.url,
      headers: {},
      credential: { kind: "none" },
    });
    const { total } = await contractFixedCosts(client, contractId, new Date(`${REF}T00:00:00Z`));
    expect(total).toBe("636.86");
    await expect(valueOf("E20")).resolves.toBe(Number(total));

    await preview.page.locator('td[data-cell="D20"]').click();
    const card = preview.page.locator(".entity-card");
    await card.waitFor({ state: "visible" });
    await expect(card.textContent()).resolves.toContain("Jansen Warmte BV");
    await expect(card.textContent()).resolves.toContain("636.86");
  });
});
