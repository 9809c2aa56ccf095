/**
 * Settings from IT, in Chromium against the local company chain: the add-in is
 * built with the chain's connection in BILLING_BASE_URL, BILLING_AUTHORITY, BILLING_CLIENT_ID and
 * BILLING_SCOPE (as docs/it/it-setup.md tells IT), so a controller opens the pane ready to sign in —
 * nothing copied, the fields shown as set by IT and read-only, the header grey ("sign in"), never a
 * red refusal. Sign in makes the header say "Connected" at once (no run needed); Sign out takes it
 * back at once; Sign in again shows the provider's sign-in page, so another account signs in.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ADDIN_CLIENT_ID, API_SCOPE } from "../support/identity-provider";
import { buildDevelopmentBundle } from "./support/build";
import { startCompanyChain } from "./support/company-chain";
import type { CompanyChain } from "./support/company-chain";
import { openPreview } from "./support/preview-page";
import type { PreviewPage } from "./support/preview-page";
import { signInFromPane } from "./support/provider-sign-in";

const INGRID = "ingrid.invoicer@contoso.example";
const RILEY = "riley.reader@contoso.example";

describe("the connection shipped by IT", () => {
  let chain: CompanyChain;
  let dist: string;

  beforeAll(async () => {
    // The chain's addresses exist only once it runs: start it on an empty folder, then build the
    // add-in into that folder with the chain's connection, as IT builds it.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "billing-e2e-it-"));
    chain = await startCompanyChain({ dist });
    await buildDevelopmentBundle({
      outDir: dist,
      env: {
        BILLING_BASE_URL: chain.gatewayUrl,
        BILLING_AUTHORITY: chain.idp.issuer,
        BILLING_CLIENT_ID: ADDIN_CLIENT_ID,
        BILLING_SCOPE: API_SCOPE,
      },
    });
  }, 900_000);
  afterAll(async () => {
    await chain?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  const header = (preview: PreviewPage) => preview.pane.locator("#connection-status");

  it("opens ready to sign in, shows IT's settings read-only, and the header follows each sign-in", async () => {
    const preview = await openPreview(chain.env, {
      async beforeLoad(context) {
        await context.route(
          (u) => !["127.0.0.1", "localhost"].includes(u.hostname),
          (route) => route.abort()
        );
      },
    });
    const { pane } = preview;

    // Not signed in yet: grey, asking for a sign-in — not "refused the credentials (HTTP 401)".
    await header(preview).and(pane.locator('[data-state="sign-in"]')).waitFor();
    await expect(header(preview).textContent()).resolves.toBe(
      `${chain.gatewayUrl} — Sign in on the Billing pane (Connection).`
    );
    await expect(
      pane.locator("#connection-dot").evaluate((d) => [...d.classList].join(" "))
    ).resolves.not.toMatch(/\b(ok|bad)\b/);

    // The Connection tab: IT's values, read-only, said to be IT's; nothing typed.
    await pane.locator("#tab-connection").click();
    await expect(pane.getByTestId("it-settings-note").textContent()).resolves.toBe(
      "Set by IT: the base URL and the sign-in settings came with the add-in. Just sign in; ask IT to change them."
    );
    const field = (id: string) => pane.locator(`#${id} input`);
    await expect(field("base-url").inputValue()).resolves.toBe(chain.gatewayUrl);
    await expect(field("signin-directory").inputValue()).resolves.toBe(chain.idp.issuer);
    await expect(field("signin-client-id").inputValue()).resolves.toBe(ADDIN_CLIENT_ID);
    await expect(field("signin-scope").inputValue()).resolves.toBe(API_SCOPE);
    for (const id of ["base-url", "signin-directory", "signin-client-id", "signin-scope"])
      await expect(pane.locator(`#${id}`).getAttribute("readonly")).resolves.not.toBeNull();
    await expect(pane.getByTestId("credential-kind").inputValue()).resolves.toBe("gateway");
    await expect(pane.getByTestId("credential-kind").isDisabled()).resolves.toBe(true);
    await expect(pane.getByTestId("reset-settings").textContent()).resolves.toBe(
      "Back to the settings from IT"
    );

    // Sign in: the header says "Connected" at once (no save, no run in between).
    await signInFromPane(preview, INGRID);
    await pane
      .getByTestId("signed-in-user")
      .filter({ hasText: `Signed in as ${INGRID}` })
      .waitFor();
    await header(preview)
      .filter({ hasText: `Connected: ${chain.gatewayUrl}` })
      .waitFor();

    // Sign out: no longer "Connected", at once.
    await pane.getByTestId("sign-out").click();
    await header(preview).and(pane.locator('[data-state="sign-in"]')).waitFor();
    await pane.getByTestId("signed-in-user").waitFor({ state: "hidden" });

    // Sign in again: the provider's page asks again (select_account), another account signs in.
    await signInFromPane(preview, RILEY);
    await pane
      .getByTestId("signed-in-user")
      .filter({ hasText: `Signed in as ${RILEY}` })
      .waitFor();
    await header(preview)
      .filter({ hasText: `Connected: ${chain.gatewayUrl}` })
      .waitFor();
  });
});
