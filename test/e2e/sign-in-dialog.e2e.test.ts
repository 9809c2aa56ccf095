/**
 * Sign-in through the Office dialog, in Chromium against the local company
 * chain (the real identity provider, the real gateway): an Office without nested app authentication
 * (Excel 2021, Office LTSC 2024: DialogApi and DialogOrigin, no NestedAppAuth) signs in through the
 * add-in's own page in Office's dialog (stood in for: support/fake-office-auth.ts), which runs
 * msal's redirect on the provider's sign-in page and hands the result back with `messageParent`,
 * addressed to the pane's origin. The header follows every sign-in and sign-out at once; Sign out
 * then Sign in shows the provider's account choice again, so another account can sign in. No
 * token is ever written to a console.
 */
import type { Page } from "playwright-core";
import { DEMO } from "../../simulator";
import { ADDIN_CLIENT_ID, API_SCOPE } from "../support/identity-provider";
import { startCompanyChain } from "./support/company-chain";
import type { CompanyChain } from "./support/company-chain";
import { installFakeOfficeHost } from "./support/fake-office-auth";
import type { FakeOfficeHost, FakeOfficeRecord } from "./support/fake-office-auth";
import { openPreview } from "./support/preview-page";
import type { PreviewPage } from "./support/preview-page";
import { signInFromPane } from "./support/provider-sign-in";

const INGRID = "ingrid.invoicer@contoso.example";
const RILEY = "riley.reader@contoso.example";

/** Excel 2021 / Office LTSC 2024 as far as sign-in goes: the dialog, no nested app authentication. */
const OFFICE_WITHOUT_NAA: FakeOfficeHost = { sets: { DialogApi: "1.2", DialogOrigin: "1.1" } };

describe("sign-in through the Office dialog (no nested app authentication)", () => {
  let chain: CompanyChain;

  beforeAll(async () => {
    chain = await startCompanyChain();
  });
  afterAll(async () => {
    await chain?.close();
  });

  interface Opened extends PreviewPage {
    office: FakeOfficeRecord;
    /** Every console line of every page of the browser context. */
    consoleLines: string[];
    /** Pages opened besides the preview (the dialog windows). */
    opened: Page[];
    /** Addresses those pages went to, in order. */
    visited: string[];
  }

  async function open(host: FakeOfficeHost): Promise<Opened> {
    let office: FakeOfficeRecord | undefined;
    const consoleLines: string[] = [];
    const opened: Page[] = [];
    const visited: string[] = [];
    const preview = await openPreview(chain.env, {
      async beforeLoad(context) {
        // No test reaches the internet: anything not on this machine is refused.
        await context.route(
          (u) => !["127.0.0.1", "localhost"].includes(u.hostname),
          (route) => route.abort()
        );
        office = await installFakeOfficeHost(context, host);
        const listen = (p: Page) => p.on("console", (m) => consoleLines.push(m.text()));
        context.on("page", (p) => {
          opened.push(p);
          listen(p);
          p.on("framenavigated", (f) => {
            if (f === p.mainFrame()) visited.push(f.url());
          });
        });
        for (const p of context.pages()) listen(p);
      },
    });
    return { ...preview, office: office!, consoleLines, opened, visited };
  }

  /** The Connection tab set to the company gateway (as a controller types it without IT's settings). */
  async function fillGateway(preview: Opened): Promise<void> {
    const { pane } = preview;
    await pane.locator("#tab-connection").click();
    await pane.locator("#base-url input").fill(chain.gatewayUrl);
    await pane.getByTestId("credential-kind").selectOption("gateway");
    await pane.locator("#signin-directory input").fill(chain.idp.issuer);
    await pane.locator("#signin-client-id input").fill(ADDIN_CLIENT_ID);
    await pane.locator("#signin-scope input").fill(API_SCOPE);
  }

  /** Signs in as `user` through the dialog window; checks that window was the provider's page. */
  async function signInThroughDialog(preview: Opened, user: string): Promise<void> {
    const before = preview.visited.length;
    const dialog = await signInFromPane(preview, user);
    // The dialog window (opened on the add-in's page: office.dialogs) went to the provider's own
    // sign-in page (msal's redirect) and back; the pane closed it once it had the answer.
    const path = preview.visited.slice(before).map((u) => new URL(u).origin);
    expect(path).toContain(new URL(chain.idp.issuer).origin);
    expect(path[path.length - 1]).toBe(chain.env.appUrl);
    if (!dialog.isClosed()) await dialog.waitForEvent("close");
  }

  const headerLine = (preview: PreviewPage) => preview.pane.locator("#connection-status");

  it("signs in through the add-in's page in the Office dialog, and the header follows at once", async () => {
    const preview = await open(OFFICE_WITHOUT_NAA);
    await fillGateway(preview);
    await signInThroughDialog(preview, INGRID);

    // The dialog was the add-in's own page, asked for the account picker; its one message came from
    // the add-in's origin and was addressed to it.
    expect(preview.office.dialogs).toHaveLength(1);
    const address = new URL(preview.office.dialogs[0]!);
    expect(`${address.origin}${address.pathname}`).toBe(`${chain.env.appUrl}/signin-dialog.html`);
    expect(address.searchParams.get("prompt")).toBe("select_account");
    expect(preview.office.messages).toEqual([
      { origin: chain.env.appUrl, targetOrigin: chain.env.appUrl, delivered: true },
    ]);
    // No popup: the one other window was the dialog.
    expect(preview.opened).toHaveLength(1);

    // The header says who and that the gateway answers, without waiting for a run.
    await headerLine(preview)
      .filter({ hasText: `Connected: ${chain.gatewayUrl}` })
      .waitFor();

    // A cell through the gateway with the token from the dialog.
    await preview.typeInto(
      "A1",
      `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.heatingGeneric}","2026-06-15")`
    );
    await preview.page.locator('td[data-cell="A1"]', { hasText: "636.86" }).waitFor();

    // Sign out: the header no longer says "Connected"; it waits for a sign-in (grey, not red).
    await preview.pane.getByTestId("sign-out").click();
    await preview.pane.getByTestId("signed-in-user").waitFor({ state: "hidden" });
    await headerLine(preview).and(preview.pane.locator('[data-state="sign-in"]')).waitFor();
    await expect(headerLine(preview).textContent()).resolves.toBe(
      `${chain.gatewayUrl} — Sign in on the Billing pane (Connection).`
    );
    await expect(
      preview.pane.locator("#connection-dot").evaluate((d) => [...d.classList].join(" "))
    ).resolves.not.toMatch(/\b(ok|bad)\b/);

    // Sign in again: the provider asks which account (no silent sign-in of the last one), and
    // another account signs in; the header follows.
    await signInThroughDialog(preview, RILEY);
    expect(preview.office.dialogs).toHaveLength(2);
    await headerLine(preview)
      .filter({ hasText: `Connected: ${chain.gatewayUrl}` })
      .waitFor();

    // Tokens never reach a console (access tokens are JWTs: "eyJ…").
    expect(preview.consoleLines.filter((l) => /eyJ[\w-]{10,}/.test(l))).toEqual([]);
  });
});
