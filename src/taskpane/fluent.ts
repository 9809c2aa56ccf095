/**
 * Registers the Fluent 2 web components (`@fluentui/web-components` 3.x) the pane uses — only
 * these, so the bundle stays small (its budget: task pane < 250 KB gzipped, scripts/bundle-budget.js) — and applies the
 * light or dark Fluent theme as CSS custom properties.
 *
 * Choices are native `<select>`s styled with the Fluent tokens (as Fluent 2's own React `Select`
 * is): 3.1's `fluent-dropdown` renders a combobox button without an accessible name or
 * `aria-expanded`, which axe reports as critical (README "Dependency notes").
 */
import {
  Button,
  ButtonDefinition,
  Checkbox,
  CheckboxDefinition,
  Field,
  FieldDefinition,
  ProgressBar,
  ProgressBarDefinition,
  Tab,
  TabDefinition,
  Tablist,
  TablistDefinition,
  TextInput,
  TextInputDefinition,
  setTheme,
} from "@fluentui/web-components";
import { webDarkTheme, webLightTheme } from "@fluentui/tokens";
import { Updates } from "@microsoft/fast-element";
import type { PaneTheme } from "./theme-choice";

let registered = false;

/** Defines the `fluent-*` elements of taskpane.html (once per page). */
export function registerFluent(): void {
  if (registered) return;
  registered = true;
  Button.define(ButtonDefinition);
  Checkbox.define(CheckboxDefinition);
  Field.define(FieldDefinition);
  ProgressBar.define(ProgressBarDefinition);
  Tab.define(TabDefinition);
  Tablist.define(TablistDefinition);
  TextInput.define(TextInputDefinition);
}

/** Applies the Fluent theme `theme` to `doc` and marks `<html data-theme>` for the pane's own CSS. */
export function applyTheme(theme: PaneTheme, doc: Document = document): void {
  setTheme(theme === "dark" ? webDarkTheme : webLightTheme, doc);
  doc.documentElement.dataset.theme = theme;
  doc.documentElement.style.colorScheme = theme;
}

/**
 * Resolves once the components connected so far have finished their first update (Fluent 3
 * components render in a queued update), so the panels find them complete.
 */
export async function fluentReady(): Promise<void> {
  await Updates.next();
}
