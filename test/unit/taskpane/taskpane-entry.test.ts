/**
 * The task pane's entry (taskpane.ts) on the real taskpane.html in jsdom: `Office.onReady` wires
 * the page, the connection line tells the truth about the service (the simulator, over HTTP), and
 * Refresh says "Refreshed" only when the recalculation went through.
 *
 * Mocked: fluent.ts (tested in fluent.test.ts; Fluent elements cannot be constructed in jsdom) and
 * styles.ts (its `import.meta.url` asset link is webpack's and does not compile for jest).
 */
import { createSimulator, type Simulator } from "../../../simulator";
import { installPreviewHost, uninstallPreviewHost } from "../excel/preview-host";
import { paneHarness } from "../../support/pane";
import { until } from "../../support/until";

const themes: string[] = [];
jest.mock("../../../src/taskpane/fluent", () => ({
  registerFluent: () => undefined,
  fluentReady: async () => undefined,
  applyTheme: (theme: string) => themes.push(theme),
}));
jest.mock("../../../src/taskpane/styles", () => ({ loadStyles: () => undefined }));

const g = globalThis as unknown as Record<string, unknown>;

let sim: Simulator;
let simRunning = false;
let runCardOf: typeof import("../../../src/taskpane/run-card").runCardOf;
const pane = paneHarness();
const { $, text } = pane;

beforeAll(async () => {
  sim = await createSimulator({ port: 0 });
  simRunning = true;
  const dom = pane.open();
  g.document = dom.window.document;
  g.location = { search: "?theme=dark", origin: "https://localhost:3000" };
  g.Office = {
    onReady: (callback: () => void) => callback(),
    context: {},
  };
  installPreviewHost();
  jest.isolateModules(() => {
    require("../../../src/taskpane/taskpane");
    // The entry's own card (the same module registry): the token's roles reach it through it.
    ({ runCardOf } = require("../../../src/taskpane/run-card"));
  });
  // The stored settings start at the local simulator's default address; point them at this one.
  await until(() => Boolean($("base-url").value), "the Connection panel");
  $("base-url").value = sim.url;
  $("base-url").dispatchEvent(new dom.window.Event("input"));
  $("save-settings").click();
  await until(() => text("connection-status") === `Connected: ${sim.url}`, "the connection");
});
afterAll(async () => {
  uninstallPreviewHost();
  if (simRunning) await sim.close();
  for (const k of ["document", "location", "Office"]) delete g[k];
  pane.close();
});

it("applies the theme the page asks for, and shows the connected service", () => {
  expect(themes[0]).toBe("dark");
  expect($("connection-dot").classList.contains("ok")).toBe(true);
  expect($("connection-status").getAttribute("title")).toBe(`Connected: ${sim.url}`);
  expect($("connection-status").getAttribute("data-state")).toBe("reachable");
  expect($("settings-warning").hidden).toBe(true);
});

it("says Refreshed after a recalculation against a service that answers", async () => {
  $("refresh").click();
  await until(
    () => text("refresh-note") === "Refreshed: BILLING functions read the service again.",
    "the note"
  );
  expect($("refresh-note").classList.contains("error")).toBe(false);
  expect($("refresh").hasAttribute("disabled")).toBe(false);
});

it("does not offer Refresh to an account with no role (the gateway would refuse its calls)", () => {
  const card = runCardOf(pane.doc);
  try {
    card.dispatch({ type: "roles-known", roles: [] });
    expect($("refresh").getAttribute("aria-disabled")).toBe("true");
    card.dispatch({ type: "roles-known", roles: ["Billing.Read"] });
    expect($("refresh").hasAttribute("disabled")).toBe(false);
  } finally {
    card.dispatch({ type: "roles-known", roles: undefined });
  }
});

it("says Not refreshed when Excel cannot recalculate", async () => {
  uninstallPreviewHost();
  try {
    $("refresh").click();
    await until(() => $("refresh-note").classList.contains("error"), "the error note");
    expect(text("refresh-note")).toMatch(/^Not refreshed: /);
  } finally {
    installPreviewHost();
  }
});

it("says Not refreshed, and shows the line red, when the service stops answering", async () => {
  await sim.close();
  simRunning = false;
  $("refresh").click();
  await until(() => $("connection-dot").classList.contains("bad"), "the red dot");
  expect(text("refresh-note")).toBe(
    `Not refreshed: the service does not answer (Unreachable: nothing answers at ${sim.url}.). BILLING cells show errors until it does; press Refresh again then.`
  );
  expect(text("connection-status")).toBe(
    `${sim.url} — Unreachable: nothing answers at ${sim.url}.`
  );
});
