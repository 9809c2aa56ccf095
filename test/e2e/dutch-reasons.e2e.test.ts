/**
 * The reasons made below the functions in Dutch, in the preview under a Dutch
 * Office (`preview.html?lang=nl`): a cell's error (a contract the service does not hold, a cost
 * with no valid tariff, a date serial out of range, the sign-in advice) reads Dutch, its Dutch words
 * coming in their own lazily loaded chunk (`reasons-nl.js`), which an English Office never loads;
 * under an English Office the same cells read English, word for word as before.
 */
import { DEMO } from "../../simulator";
import { startEnvironment, type E2eEnvironment } from "./support/e2e-env";
import { openPreview, SETTINGS_KEY, type PreviewPage } from "./support/preview-page";
import { settledText } from "./support/cells";

const MISSING = "00000000-0000-4000-8000-000000000000";

describe("a cell's reason in Office's language", () => {
  let env: E2eEnvironment;

  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** The preview in `lang`, recording which scripts the page loaded. */
  async function open(
    lang: "nl" | "en",
    connection?: object
  ): Promise<PreviewPage & { scripts: string[] }> {
    const scripts: string[] = [];
    const preview = await openPreview(env, {
      presetSimulator: connection === undefined,
      lang,
      async beforeLoad(context) {
        context.on("request", (r) => {
          if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
        });
        if (connection === undefined) return;
        const settings = { connection, pollIntervalMs: 2000, approvalTimeoutMs: 60000 };
        await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
          SETTINGS_KEY,
          JSON.stringify(settings),
        ] as const);
      },
    });
    return Object.assign(preview, { scripts });
  }

  const tooltip = async (preview: PreviewPage, address: string) =>
    ((await preview.page.locator(`td[data-cell="${address}"]`).getAttribute("title")) ?? "").split(
      "\n"
    )[0];

  it("reads the cost rules' and Excel's date reasons in Dutch, from the lazily loaded chunk", async () => {
    const preview = await open("nl");
    // Without ?culture the workbook's culture follows the display language, as a Dutch Excel's.
    const culture = await preview.page.evaluate(
      () =>
        (window as unknown as { billingPreview: { model: { culture: { name: string } } } })
          .billingPreview.model.culture.name
    );
    expect(culture).toBe("nl-NL");
    await preview.typeInto("A1", `=BILLING.CONTRACTFIXEDCOSTS("${MISSING}")`);
    await expect(settledText(preview, "A1")).resolves.toBe("#N/A");
    expect(await tooltip(preview, "A1")).toBe(`Contract ${MISSING} is niet gevonden.`);

    await preview.typeInto(
      "A2",
      `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.heatingGeneric}", "2025-06-15")`
    );
    await expect(settledText(preview, "A2")).resolves.toBe("#N/A");
    expect(await tooltip(preview, "A2")).toMatch(
      /^Kan geen prijs geven voor factuuronderdeel "Connection capacity" \(.*\) van product .* in contract .*: geen tarief is g/
    );

    await preview.typeInto(
      "A3",
      `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.heatingGeneric}", 0)`
    );
    await expect(settledText(preview, "A3")).resolves.toBe("#VALUE!");
    expect(await tooltip(preview, "A3")).toMatch(
      / 0 is geen datum: een datumreeksnummer loopt van 1/
    );

    // The Dutch words came as their own chunk, once.
    expect(preview.scripts.filter((s) => s.endsWith("/reasons-nl.js"))).toHaveLength(1);
  });

  it("reads the sign-in advice in Dutch when the company gateway needs a sign-in", async () => {
    // A gateway connection saved before sign-in existed: the add-in asks for sign-in, nothing is sent.
    const preview = await open("nl", {
      baseUrl: env.simulator.url,
      headers: {},
      credential: { kind: "gateway" },
    });
    await preview.typeInto("A1", `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.heatingGeneric}")`);
    await expect(settledText(preview, "A1")).resolves.toBe("#N/A");
    expect(await tooltip(preview, "A1")).toBe(
      "De bedrijfsgateway vraagt u zich aan te melden: vul de aanmeldingsinstellingen in en meld u aan in het Billing-taakvenster (Verbinding)."
    );
  });

  it("reads English under an English Office, and never loads the Dutch chunk", async () => {
    const preview = await open("en");
    await preview.typeInto("A1", `=BILLING.CONTRACTFIXEDCOSTS("${MISSING}")`);
    await expect(settledText(preview, "A1")).resolves.toBe("#N/A");
    expect(await tooltip(preview, "A1")).toBe(`Contract ${MISSING} was not found.`);
    expect(preview.scripts.filter((s) => s.endsWith("/reasons-nl.js"))).toEqual([]);
  });
});
