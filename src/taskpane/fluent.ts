/**
 * Registers the Fluent web components the pane uses — only these, so the bundle stays small
 * (issue 6 budget: task pane < 250 KB gzipped).
 */
import {
  fluentButton,
  fluentCheckbox,
  fluentOption,
  fluentProgress,
  fluentSelect,
  fluentTab,
  fluentTabPanel,
  fluentTabs,
  fluentTextField,
  provideFluentDesignSystem,
} from "@fluentui/web-components";

/** Defines the `fluent-*` elements of taskpane.html. Safe to call once per page. */
export function registerFluent(): void {
  provideFluentDesignSystem().register(
    fluentButton(),
    fluentCheckbox(),
    fluentOption(),
    fluentProgress(),
    fluentSelect(),
    fluentTab(),
    fluentTabPanel(),
    fluentTabs(),
    fluentTextField()
  );
}
