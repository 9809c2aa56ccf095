/**
 * Test connection and Save across origins, over real HTTP: two simulators that
 * both require the same token and API key. The secrets saved for the first must never reach the
 * second unless they are typed again for it.
 */
import { createSimulator } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { resetSettings, saveSettings } from "../../../src/excel/settings-store";
import { defaultStoredSettings } from "../../../src/excel/settings-model";
import { formFromSettings, settingsFromForm } from "../../../src/taskpane/connection-form";
import {
  initPaneConnection,
  paneSettings,
  probeConnection,
} from "../../../src/taskpane/pane-connection";

const TOKEN = "eyJ-origin-token-4c1d9e";
const API_KEY = "apim-origin-key-77aa10";
const auth = { bearerToken: TOKEN, apiKey: API_KEY };

describe("secrets stay with the origin they were saved for", () => {
  let saved: Simulator;
  let other: Simulator;

  beforeAll(async () => {
    (globalThis as unknown as { location: { origin: string } }).location = {
      origin: "https://localhost:3000",
    };
    saved = await createSimulator({ port: 0, auth });
    other = await createSimulator({ port: 0, auth });
    const result = await saveSettings({
      ...defaultStoredSettings(),
      connection: {
        baseUrl: saved.url,
        headers: { "apim-sub": API_KEY },
        credential: { kind: "bearer", token: TOKEN },
      },
    });
    expect(result.ok).toBe(true);
    await initPaneConnection();
  });
  afterAll(async () => {
    await resetSettings();
    await saved.close();
    await other.close();
    delete (globalThis as unknown as { location?: unknown }).location;
  });

  it("Test connection on the saved address sends the saved secrets", async () => {
    const result = settingsFromForm(formFromSettings(paneSettings()), paneSettings(), "test");
    if (!result.ok) throw new Error("form not valid");
    const report = await probeConnection(result.settings.connection, result.withheld);
    expect(report.verdict).toBe("reachable");
  });

  it("Test connection on an edited, unsaved address does not send them there", async () => {
    other.log.clear();
    const form = { ...formFromSettings(paneSettings()), baseUrl: other.url };
    const result = settingsFromForm(form, paneSettings(), "test");
    if (!result.ok) throw new Error("form not valid");
    const report = await probeConnection(result.settings.connection, result.withheld);
    expect(report.verdict).toBe("auth");
    expect(report.details[0]).toBe(
      `Not sent: header "apim-sub", the token (saved for ${saved.url}; a secret is only sent to the address it was entered for). Type them again to test with them.`
    );
    expect(other.log.entries().map((e) => e.status)).toEqual([401]);
    expect(JSON.stringify(report)).not.toContain(TOKEN);
    expect(JSON.stringify(report)).not.toContain(API_KEY);
  });

  it("Save on the other address asks for the secrets again; typed again, they go there", async () => {
    const form = { ...formFromSettings(paneSettings()), baseUrl: other.url };
    const refused = settingsFromForm(form, paneSettings());
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.errors.token).toEqual([
      `The token was saved for ${saved.url}; type it again to use it with ${other.url} (a secret is only sent to the address it was entered for).`,
    ]);
    form.token = TOKEN;
    form.headers = form.headers.map((h) => (h.name === "apim-sub" ? { ...h, value: API_KEY } : h));
    const accepted = settingsFromForm(form, paneSettings());
    if (!accepted.ok) throw new Error("form not valid");
    expect((await saveSettings(accepted.settings)).ok).toBe(true);
    // The pane follows the saved settings; the secrets now belong to the other address.
    expect(paneSettings().connection.baseUrl).toBe(other.url);
    const again = settingsFromForm(formFromSettings(paneSettings()), paneSettings(), "test");
    if (!again.ok) throw new Error("form not valid");
    expect(again.withheld).toEqual([]);
    expect((await probeConnection(again.settings.connection)).verdict).toBe("reachable");
  });
});
