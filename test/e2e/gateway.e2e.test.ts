/**
 * The add-in in Chromium, signed in with the work account through the company gateway,
 * on the Office path: msal's nested app authentication, with Office's bridge stood in for
 * (support/fake-nested-app-bridge.ts) and the tokens signed by a test directory that the real
 * gateway verifies. The simulator behind it requires the gateway's token, API key and tenant
 * headers. Cells and a run work with the user's token and no popup; the Billing log names the user;
 * a reader's run is refused in plain words with nothing created; a function never asks the host for
 * interaction; the browser never holds a service secret and never calls the service itself.
 */
import { DEMO, createSimulator } from "../../simulator";
import type { Simulator } from "../../simulator";
import { createGateway } from "../../gateway";
import type { Gateway } from "../../gateway";
import {
  AUTH,
  AUDIENCE,
  USERS,
  WRONG_SECRET,
  expectNoSecret,
  gatewayConfig,
  logEntries,
  startTestIssuer,
} from "../integration/gateway/helpers";
import type { DemoUser, TestIssuer } from "../integration/gateway/helpers";
import { DIRECTORY_ID, ADDIN_CLIENT_ID } from "../integration/gateway/test-issuer";
import { startEnvironment } from "./support/e2e-env";
import type { E2eEnvironment } from "./support/e2e-env";
import { installFakeBridge } from "./support/fake-nested-app-bridge";
import type { FakeBridge } from "./support/fake-nested-app-bridge";
import { installFakeOfficeHost } from "./support/fake-office-auth";
import type { FakeOfficeHost, FakeOfficeRecord } from "./support/fake-office-auth";
import { COL } from "./support/invoice-rows";
import { refuseOutsideRequests } from "./support/outside-requests";
import type { OutsideLog } from "./support/outside-requests";
import { openPreview } from "./support/preview-page";
import type { PreviewPage } from "./support/preview-page";

/** localStorage key of the task pane's settings in the preview (as in support/preview-page.ts). */
const SETTINGS_KEY = "billing-preview:billing-for-excel.settings.v1";
const GATEWAY_SCOPE = `api://${AUDIENCE}/access_as_user`;

describe("the add-in signed in through the company gateway (nested app authentication)", () => {
  let env: E2eEnvironment;
  let sim: Simulator;
  let issuer: TestIssuer;
  let gateway: Gateway;
  let wrong: Gateway;
  const lines: string[] = [];

  beforeAll(async () => {
    env = await startEnvironment();
    sim = await createSimulator({ port: 0, auth: AUTH, approvalDelayMs: 300, numberDelayMs: 200 });
    issuer = await startTestIssuer();
    const extra = { allowedOrigins: [env.appUrl], userIssuer: issuer.issuer };
    gateway = await createGateway({
      config: gatewayConfig(sim.url, sim.url, extra),
      log: (l) => lines.push(l),
    });
    wrong = await createGateway({
      config: gatewayConfig(sim.url, sim.url, { ...extra, clientSecret: WRONG_SECRET }),
      log: (l) => lines.push(l),
    });
  });
  afterAll(async () => {
    await wrong?.close();
    await gateway?.close();
    await issuer?.close();
    await sim?.close();
    await env?.close();
  });

  interface Opened extends PreviewPage {
    bridge: FakeBridge;
    /** What the Office stand-ins saw (getAuthContext, dialogs), when the test installed them. */
    office?: FakeOfficeRecord;
    /** Access tokens the bridge handed out. */
    issued: string[];
    requests: { url: string; headers: Record<string, string> }[];
    /** Pages other than the preview that opened (a popup would be one). */
    popups: string[];
    /** Requests to anything but this machine (all refused), the add-in's own told from office.js's. */
    outside: OutsideLog;
  }

  /** The preview inside a fake Office host signed in as `user`, the add-in set to the gateway. */
  async function previewAs(
    user: DemoUser,
    url = gateway.url,
    host: { interactionRequired?: boolean; office?: FakeOfficeHost } = {}
  ): Promise<Opened> {
    const issued: string[] = [];
    const requests: Opened["requests"] = [];
    const popups: string[] = [];
    let outside: OutsideLog | undefined;
    const settings = {
      connection: {
        baseUrl: url,
        headers: {},
        credential: {
          kind: "gateway",
          signIn: { directory: DIRECTORY_ID, clientId: ADDIN_CLIENT_ID, scope: GATEWAY_SCOPE },
        },
      },
      pollIntervalMs: 2000,
      approvalTimeoutMs: 60000,
    };
    let bridge: FakeBridge | undefined;
    let office: FakeOfficeRecord | undefined;
    const preview = await openPreview(env, {
      async beforeLoad(context) {
        // No test reaches the internet: anything not on this machine is refused and recorded.
        outside = await refuseOutsideRequests(context);
        context.on("request", (r) => requests.push({ url: r.url(), headers: r.headers() }));
        context.on("page", (p) => popups.push(p.url()));
        await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
          SETTINGS_KEY,
          JSON.stringify(settings),
        ] as const);
        bridge = await installFakeBridge(
          context,
          { oid: user.oid, tenantId: DIRECTORY_ID, username: user.username, name: user.name },
          async () => {
            const token = await issuer.token({ user });
            issued.push(token);
            return token;
          }
        );
        // Set before the page loads: the pane's first status check asks for a token at once.
        bridge.interactionRequired = host.interactionRequired ?? false;
        if (host.office) office = await installFakeOfficeHost(context, host.office);
      },
    });
    return { ...preview, bridge: bridge!, office, issued, requests, popups, outside: outside! };
  }

  async function settled(preview: PreviewPage, address: string): Promise<string> {
    const cell = preview.page.locator(`td[data-cell="${address}"]:not(.busy):not(:empty)`);
    await cell.waitFor({ state: "attached" });
    return (await cell.textContent()) ?? "";
  }

  const tooltip = async (preview: PreviewPage, address: string) =>
    ((await preview.page.locator(`td[data-cell="${address}"]`).getAttribute("title")) ?? "").split(
      "\n"
    )[0];

  it("computes a cell with the token Office gives, silently, and the header names the user", async () => {
    const preview = await previewAs(USERS.invoicer);
    await preview.typeInto(
      "A1",
      `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.heatingGeneric}","2026-06-15")`
    );
    await expect(settled(preview, "A1")).resolves.toBe("636.86");

    // msal asked the host's bridge, silently, for the gateway's scope; no popup, no window.
    const methods = preview.bridge.requests.map((r) => r.method);
    expect(methods[0]).toBe("GetInitContext");
    expect(methods).toContain("GetToken");
    expect(methods).not.toContain("GetTokenPopup");
    const asked = preview.bridge.requests.find((r) => r.method === "GetToken");
    expect(asked?.scope?.split(" ")).toContain(GATEWAY_SCOPE);
    expect(asked?.clientId).toBe(ADDIN_CLIENT_ID);
    expect(preview.popups).toEqual([]);
    await expect(preview.pane.getByTestId("signed-in-user").textContent()).resolves.toBe(
      "Signed in as ingrid.invoicer@contoso.example"
    );

    // Every call went to the gateway with the user's token, and nothing left this machine.
    const toGateway = preview.requests.filter((r) => r.url.startsWith(gateway.url));
    const calls = toGateway.filter((r) => r.url.includes("/api/"));
    expect(calls.length).toBeGreaterThan(0);
    for (const r of calls) {
      expect(preview.issued).toContain(r.headers.authorization?.replace(/^Bearer /, ""));
    }
    for (const r of preview.requests) {
      expect(r.url.startsWith(sim.url)).toBe(false);
      expectNoSecret(JSON.stringify(r));
    }
    // Nothing of the add-in's left this machine (office.js's own telemetry iframe, when office.js
    // adds it, is refused too but is not the add-in's doing: support/outside-requests.ts).
    expect(preview.outside.addinOwn()).toEqual([]);
    const storage = await preview.page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expectNoSecret(storage);
    // The gateway's audit line names the user; its log holds no token.
    const named = logEntries(lines).filter((e) =>
      JSON.stringify(e).includes("ingrid.invoicer@contoso.example")
    );
    expect(named.length).toBeGreaterThan(0);
    for (const token of preview.issued) expect(lines.join("\n")).not.toContain(token);
  });

  async function runOneInvoice(preview: PreviewPage, reference: string): Promise<void> {
    const { pane } = preview;
    await checkOneInvoice(preview, reference);
    await pane.locator("#create").click();
    await pane.locator("#confirm-yes").click();
    await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 60_000 });
  }

  /** Types one invoice on a new template sheet and checks it. */
  async function checkOneInvoice(preview: PreviewPage, reference: string): Promise<void> {
    const { page, pane } = preview;
    await pane.locator("#tab-invoices").click();
    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    await preview.typeInto(`${COL.invoiceRef}2`, reference);
    await preview.typeInto(`${COL.customerId}2`, DEMO.customers.jansen);
    await preview.typeInto(`${COL.companyBankAccountId}2`, DEMO.bankAccounts.main);
    await preview.typeInto(`${COL.taxCodeId}2`, DEMO.taxCodes.vat21);
    await preview.typeInto(`${COL.description}2`, "Meter check");
    await preview.typeInto(`${COL.quantity}2`, "1");
    await preview.typeInto(`${COL.unitPrice}2`, "45.50");
    await page.locator('td[data-cell="B2"]').click();
    await pane.locator("#check").click();
    await pane.locator("#check-summary-text").waitFor({ state: "visible" });
  }

  it("runs an invoice to its approved number, and the Billing log names the user", async () => {
    const preview = await previewAs(USERS.invoicer);
    await runOneInvoice(preview, "GW");
    await expect(preview.cellText(`${COL.status}2`)).resolves.toBe("approved");
    const stored = sim.store.invoice(await preview.cellText(`${COL.invoiceId}2`));
    expect(stored?.status).toBe("approved");
    await expect(preview.cellText(`${COL.invoiceNum}2`)).resolves.toBe(stored?.invoiceNum);
    await preview.page.locator('.sheet-tab[data-sheet="Billing log"]').click();
    await expect(preview.cellText("B1")).resolves.toBe("user");
    await expect(preview.cellText("B2")).resolves.toBe("ingrid.invoicer@contoso.example");
    expect(preview.popups).toEqual([]);
    for (const r of preview.requests) expectNoSecret(JSON.stringify(r));
  });

  it("does not offer a reader Create (the token's roles), says why, and creates nothing", async () => {
    const preview = await previewAs(USERS.reader);
    const before = sim.store.invoices.size;
    await checkOneInvoice(preview, "READER-1");
    // The pane knows the reader's role from the token before it offers Create.
    await expect(preview.pane.locator("#create").getAttribute("aria-disabled")).resolves.toBe(
      "true"
    );
    await expect(preview.pane.locator("#role-note").textContent()).resolves.toMatch(
      /may read invoices but not create, approve, send or credit them .*Billing\.Invoice/
    );
    expect(sim.store.invoices.size).toBe(before);
    // The gateway refused the create and forwarded nothing: no POST reached the simulator.
    const posts = [...sim.store.invoices.values()].filter((i) =>
      (i.externalReference ?? "").includes("READER-1")
    );
    expect(posts).toEqual([]);
  });

  it("never asks the host for interaction from a cell; Sign in in the pane does", async () => {
    const preview = await previewAs(USERS.invoicer, gateway.url, { interactionRequired: true });
    await preview.typeInto("A1", `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.heatingGeneric}")`);
    await expect(settled(preview, "A1")).resolves.toBe("#N/A");
    expect(await tooltip(preview, "A1")).toBe("Sign in on the Billing pane (Connection).");
    expect(preview.bridge.requests.map((r) => r.method)).not.toContain("GetTokenPopup");
    expect(preview.requests.filter((r) => r.url.includes("/api/"))).toEqual([]);

    // Sign in (a click in the pane): the host's own prompt through the bridge, no browser popup.
    const { pane } = preview;
    await pane.locator("#tab-connection").click();
    await pane.getByTestId("sign-in").click();
    await expect(pane.getByTestId("signin-status").textContent()).resolves.toMatch(
      /Signing in|Signed in/
    );
    await pane
      .getByTestId("signin-status")
      .filter({ hasText: "Signed in as ingrid.invoicer@contoso.example" })
      .waitFor();
    expect(preview.bridge.requests.map((r) => r.method)).toContain("GetTokenPopup");
    expect(preview.popups).toEqual([]);
    // The pane's sign-in recalculates: the cell now has its number.
    await preview.page
      .locator('td[data-cell="A1"]', { hasText: /^\d+\.\d{2}$/ })
      .waitFor({ timeout: 30_000 });
  });

  it("shows the gateway's own sign-in failure on the cell when its client secret is wrong", async () => {
    const preview = await previewAs(USERS.invoicer, wrong.url);
    await preview.typeInto("A1", `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.heatingGeneric}")`);
    await expect(settled(preview, "A1")).resolves.toBe("#N/A");
    expect(await tooltip(preview, "A1")).toBe(
      "The company gateway could not sign in to the billing service: Microsoft Entra ID refused the gateway's sign-in (invalid_client, AADSTS7000215): the client secret was refused; IT must check GATEWAY_CLIENT_SECRET. Refresh once IT has fixed it."
    );
    expectNoSecret(lines.join("\n"));
  });

  it("catches the add-in's own call to outside this machine (the check above is not blind)", async () => {
    const outsideService = "https://billing-gateway.example.invalid";
    const preview = await previewAs(USERS.invoicer, outsideService);
    await preview.typeInto("A1", `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.heatingGeneric}")`);
    // The cell ends in an error (the call was refused), not a number.
    await expect(settled(preview, "A1")).resolves.toMatch(/^#/);
    const own = preview.outside.addinOwn();
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((url) => url.startsWith(`${outsideService}/`))).toBe(true);
    expect(preview.outside.all.filter((r) => r.url.startsWith(outsideService))).toEqual(
      own.map((url) => expect.objectContaining({ url, officeTelemetry: false }))
    );
  });

  /** Excel on the web, as far as sign-in goes (Microsoft's requirement-set tables). */
  const excelOnTheWeb = (user: DemoUser): FakeOfficeHost => ({
    sets: { NestedAppAuth: "1.1", DialogApi: "1.2", DialogOrigin: "1.1" },
    authContext: {
      userPrincipalName: user.username,
      loginHint: user.username,
      tenantId: DIRECTORY_ID,
      userObjectId: user.oid,
    },
  });

  it("on Excel on the web: reads Office's account (getAuthContext) and signs in silently, no popup or dialog", async () => {
    const preview = await previewAs(USERS.invoicer, gateway.url, {
      office: excelOnTheWeb(USERS.invoicer),
    });
    await preview.typeInto(
      "A1",
      `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.heatingGeneric}","2026-06-15")`
    );
    await expect(settled(preview, "A1")).resolves.toBe("636.86");
    // getAuthContext gave the loginHint; msal's silent request went through Office's bridge.
    expect(preview.office!.authContextCalls).toBeGreaterThan(0);
    const methods = preview.bridge.requests.map((r) => r.method);
    expect(methods).toContain("GetToken");
    expect(methods).not.toContain("GetTokenPopup");
    expect(preview.office!.dialogs).toEqual([]);
    expect(preview.popups).toEqual([]);
    await expect(preview.pane.getByTestId("signed-in-user").textContent()).resolves.toBe(
      `Signed in as ${USERS.invoicer.username}`
    );
  });

  it("names Office's account in the Billing log when nobody signs in for a gateway", async () => {
    const preview = await openPreview(env, {
      presetSimulator: true,
      beforeLoad: async (context) => {
        await installFakeOfficeHost(context, excelOnTheWeb(USERS.reader));
      },
    });
    await runOneInvoice(preview, "OFFICE-USER");
    await expect(preview.cellText(`${COL.status}2`)).resolves.toBe("approved");
    await preview.page.locator('.sheet-tab[data-sheet="Billing log"]').click();
    await expect(preview.cellText("B1")).resolves.toBe("user");
    await expect(preview.cellText("B2")).resolves.toBe(USERS.reader.username);
    // No gateway sign-in: the header names nobody.
    await expect(preview.pane.getByTestId("signed-in-user").isHidden()).resolves.toBe(true);
  });
});
