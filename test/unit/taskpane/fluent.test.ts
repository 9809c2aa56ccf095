/**
 * @jest-environment jsdom
 */
/**
 * The Fluent 2 registration and theme. jsdom can define the elements but not construct them
 * (Fluent sets `ElementInternals.role`, which jsdom 26 cannot reflect), so the test checks the
 * definitions and the theme, not rendered components; the pane's e2e tests render them in Chromium.
 */
type Fluent = typeof import("../../../src/taskpane/fluent");

let fluent: Fluent;

beforeAll(() => {
  // Fluent probes `CSS.supports` at load time; jsdom has no `CSS` object.
  (globalThis as unknown as { CSS: unknown }).CSS = { supports: () => false };
  fluent = require("../../../src/taskpane/fluent") as Fluent;
});

it("defines the pane's Fluent elements once, however often it is called", async () => {
  expect(customElements.get("fluent-button")).toBeUndefined();
  fluent.registerFluent();
  fluent.registerFluent(); // a second call must not throw "already defined"
  const names = [
    "fluent-button",
    "fluent-checkbox",
    "fluent-field",
    "fluent-progress-bar",
    "fluent-tab",
    "fluent-tablist",
    "fluent-text-input",
  ];
  await Promise.all(names.map((n) => customElements.whenDefined(n)));
  for (const n of names) expect(customElements.get(n)).toBeDefined();
  await expect(fluent.fluentReady()).resolves.toBeUndefined();
});

it("applies the dark and light themes to the page", () => {
  fluent.applyTheme("dark", document);
  expect(document.documentElement.dataset.theme).toBe("dark");
  expect(document.documentElement.style.colorScheme).toBe("dark");
  fluent.applyTheme("light");
  expect(document.documentElement.dataset.theme).toBe("light");
  expect(document.documentElement.style.colorScheme).toBe("light");
});
