/**
 * The whole company chain in Chromium: the preview signs in through the local identity
 * provider's own sign-in page (msal's popup, filled in as a controller would), then a cost cell and
 * an invoice run go through the gateway with the user's token, and the Billing log names the user;
 * sign-out makes the cells ask for a sign-in; a reader's run is refused in plain words with nothing
 * created (the simulator's store says so); and with access tokens that live seconds, a run renews
 * its token silently, no popup, every invoice approved.
 */
import { DEMO } from "../../simulator";
import { ADDIN_CLIENT_ID, API_SCOPE } from "../support/identity-provider";
import { startCompanyChain } from "./support/company-chain";
import type { CompanyChain } from "./support/company-chain";
import { COL, dragSelect, typeInvoiceRows } from "./support/invoice-rows";
import { refuseOutsideRequests } from "./support/outside-requests";
import type { OutsideLog } from "./support/outside-requests";
import { openPreview } from "./support/preview-page";
import { signInFromPane } from "./support/provider-sign-in";
import { screenshotPath } from "./support/screenshots";
import { seriousAxeFindings } from "./support/axe";
import type { PreviewPage } from "./support/preview-page";
import { OLDEST_AND_NEWEST } from "./support/hosts";

/** Short-lived access tokens: a run outlives several (msal renews with its refresh token). */
const TTL_SECONDS = 4;

const INGRID = "ingrid.invoicer@contoso.example";
const RILEY = "riley.reader@contoso.example";

describe.each(OLDEST_AND_NEWEST)("signed in through the local company chain (%s)", (host) => {
  let chain: CompanyChain;

  beforeAll(async () => {
    chain = await startCompanyChain({ accessTokenTtlSeconds: TTL_SECONDS });
  });
  afterAll(async () => {
    await chain?.close();
  });

  interface Opened extends PreviewPage {
    requests: { url: string; headers: Record<string, string> }[];
    popups: string[];
    outside: OutsideLog;
  }

  async function open(theme?: "light" | "dark"): Promise<Opened> {
    const requests: Opened["requests"] = [];
    const popups: string[] = [];
    let outside: OutsideLog | undefined;
    const preview = await openPreview(chain.env, {
      host,
      ...(theme ? { theme } : {}),
      async beforeLoad(context) {
        // No test reaches the internet: anything not on this machine is refused and recorded.
        outside = await refuseOutsideRequests(context);
        context.on("request", (r) => requests.push({ url: r.url(), headers: r.headers() }));
        context.on("page", (p) => popups.push(p.url()));
      },
    });
    return { ...preview, requests, popups, outside: outside! };
  }

  /** Fills the Connection tab for the gateway and signs in as `user` in the provider's popup. */
  async function signIn(preview: Opened, user: string): Promise<void> {
    const { pane } = preview;
    // On a busy machine the click can land before the pane has wired its tabs: click again until
    // the Connection tab shows (a state to wait for, not a time).
    for (let attempt = 1; ; attempt += 1) {
      await pane.locator("#tab-connection").click();
      const shown = await pane
        .locator("#base-url input")
        .waitFor({ state: "visible", timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (shown || attempt >= 6) break;
    }
    await pane.locator("#base-url input").fill(chain.gatewayUrl);
    await pane.getByTestId("credential-kind").selectOption("gateway");
    await expect(pane.getByTestId("credential-hint").textContent()).resolves.toBe(
      "Base URL is your company gateway's address; no headers needed. Sign in with your work account."
    );
    await pane.locator("#signin-directory input").fill(chain.idp.issuer);
    await pane.locator("#signin-client-id input").fill(ADDIN_CLIENT_ID);
    await pane.locator("#signin-scope input").fill(API_SCOPE);
    await signInFromPane(preview, user);
    // Signing in saved the settings: the header checks the gateway with the user's token.
    await pane
      .locator("#connection-status", { hasText: `Connected: ${chain.gatewayUrl}` })
      .waitFor();
  }

  async function settled(preview: PreviewPage, address: string): Promise<string> {
    const cell = preview.page.locator(`td[data-cell="${address}"]:not(.busy):not(:empty)`);
    await cell.waitFor({ state: "attached" });
    return (await cell.textContent()) ?? "";
  }

  async function runInvoices(preview: PreviewPage, refs: string[]): Promise<void> {
    const { pane } = preview;
    await pane.locator("#tab-invoices").click();
    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    await typeInvoiceRows(
      preview,
      refs.map((ref) => ({
        ref,
        customer: DEMO.customers.jansen,
        bankAccount: DEMO.bankAccounts.main,
        tax: DEMO.taxCodes.vat21,
        text: "Meter check",
        qty: "1",
        price: "45.50",
      }))
    );
    await dragSelect(preview, "B2", `B${refs.length + 1}`);
    await pane.locator("#check").click();
    await pane.locator("#check-summary-text").waitFor({ state: "visible" });
    await pane.locator("#create").click();
    await pane.locator("#confirm-yes").click();
    await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 90_000 });
  }

  /**
   * What tried to leave this machine, besides office.js's own telemetry iframe (office.js adds it
   * outside Office, e.g. in the sign-in popup's return to the task pane page; told apart exactly in
   * support/outside-requests.ts). All of it was refused by the route.
   */
  const leftTheMachine = (preview: Opened) => preview.outside.addinOwn();

  const apiCalls = (preview: Opened) =>
    preview.requests.filter((r) => r.url.startsWith(`${chain.gatewayUrl}/api/`));

  it("signs in, computes a cell, runs an invoice with its token renewed silently, and signs out", async () => {
    const preview = await open();
    const home = await preview.page.locator(".sheet-tab.active").getAttribute("data-sheet");
    await signIn(preview, INGRID);
    const popupsAfterSignIn = preview.popups.length;
    expect(popupsAfterSignIn).toBe(1);

    await preview.typeInto(
      "A1",
      `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.heatingGeneric}","2026-06-15")`
    );
    await expect(settled(preview, "A1")).resolves.toBe("636.86");

    // A run that outlives the access token (TTL_SECONDS): renewed without a popup, all approved.
    const before = apiCalls(preview).length;
    await runInvoices(preview, ["CO-1", "CO-2", "CO-3"]);
    for (const row of [2, 3, 4]) {
      await expect(preview.cellText(`${COL.status}${row}`)).resolves.toBe("approved");
      const stored = chain.env.simulator.store.invoice(
        await preview.cellText(`${COL.invoiceId}${row}`)
      );
      expect(stored?.status).toBe("approved");
    }
    const runCalls = apiCalls(preview).slice(before);
    const tokens = new Set(runCalls.map((r) => r.headers.authorization));
    expect(runCalls.every((r) => /^Bearer ey/.test(r.headers.authorization ?? ""))).toBe(true);
    expect(tokens.size).toBeGreaterThan(1);
    expect(preview.popups.length).toBe(popupsAfterSignIn);

    // The Billing log names the user.
    await preview.page.locator('.sheet-tab[data-sheet="Billing log"]').click();
    await expect(preview.cellText("B1")).resolves.toBe("user");
    for (const row of [2, 3, 4]) await expect(preview.cellText(`B${row}`)).resolves.toBe(INGRID);
    // So does the gateway's audit log.
    expect(chain.gatewayLines.some((l) => l.includes(INGRID))).toBe(true);

    // Sign out: the cells ask for a sign-in, and nothing more reaches the gateway's API.
    await preview.pane.locator("#tab-connection").click();
    await preview.pane.getByTestId("sign-out").click();
    await preview.pane.getByTestId("signed-in-user").waitFor({ state: "hidden" });
    await preview.page.locator(`.sheet-tab[data-sheet="${home}"]`).click();
    const cellA1 = preview.page.locator('td[data-cell="A1"]', { hasText: "#N/A" });
    await cellA1.waitFor();
    const title = (await cellA1.getAttribute("title")) ?? "";
    expect(title.split("\n")[0]).toBe("Sign in on the Billing pane (Connection).");

    for (const r of preview.requests) expect(r.url.startsWith(chain.env.simulator.url)).toBe(false);
    expect(leftTheMachine(preview)).toEqual([]);
  });

  it("does not offer a reader Create (the token's roles), says why, and the service holds nothing of it", async () => {
    const preview = await open();
    await signIn(preview, RILEY);
    const before = chain.env.simulator.store.invoices.size;
    const { pane } = preview;
    // The pane knows the reader's role from the token before it offers Create.
    await expect(pane.locator("#create").getAttribute("aria-disabled")).resolves.toBe("true");
    await expect(pane.locator("#send-invoices").getAttribute("aria-disabled")).resolves.toBe(
      "true"
    );
    await expect(pane.locator("#role-note").textContent()).resolves.toMatch(/Billing\.Invoice/);
    expect(chain.env.simulator.store.invoices.size).toBe(before);
    expect(leftTheMachine(preview)).toEqual([]);
  });

  it.each(["light", "dark"] as const)(
    "shows the signed-in Connection tab 320 px wide (%s), without sideways scrolling",
    async (theme) => {
      const preview = await open(theme);
      await signIn(preview, INGRID);
      const { page } = preview;
      await page.evaluate(() => {
        const frame = document.getElementById("taskpane") as HTMLIFrameElement;
        frame.style.flex = "none";
        frame.style.width = "320px";
      });
      const frame = preview.paneFrame();
      await expect(frame.evaluate(() => window.innerWidth)).resolves.toBe(320);
      await expect(
        frame.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth
        )
      ).resolves.toBe(false);
      // From the top: the header line "Signed in as …" and the whole sign-in block in one picture.
      await frame.evaluate(() => window.scrollTo(0, 0));
      await expect(
        frame.evaluate(
          () => document.getElementById("signin-status")!.getBoundingClientRect().bottom
        )
      ).resolves.toBeLessThan(860);
      await page
        .locator("#taskpane")
        .screenshot({ path: screenshotPath(`connection-signin-${theme}.png`) });
      // The sign-in block passes axe like the rest of the pane (no serious or critical finding).
      await expect(seriousAxeFindings(frame)).resolves.toEqual([]);
    }
  );
});
