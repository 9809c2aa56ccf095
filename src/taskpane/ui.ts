/**
 * Small page helpers over the Fluent elements of taskpane.html: find by id, show/hide, set a
 * button's state, show an error next to its field. Text goes in through `setText` only.
 */
import { h, setText } from "./dom";
import type { ButtonView } from "./invoice-run-words";

/** A Fluent input (text field, select): its value property. */
export type ValueElement = HTMLElement & { value: string };
/** A Fluent checkbox. */
export type CheckElement = HTMLElement & { checked: boolean };

/** The element with `id`; a missing one is a bug in taskpane.html, so it throws. */
export function byId<T extends HTMLElement = HTMLElement>(id: string, doc: Document = document): T {
  const el = doc.getElementById(id);
  if (!el) throw new Error(`taskpane.html has no #${id}`);
  return el as T;
}

/** Shows or hides `el`. */
export function show(el: HTMLElement, visible: boolean): void {
  el.hidden = !visible;
}

/** Shows `text` in `el` (as text), or hides `el` when there is none. */
export function showText(el: HTMLElement, text: string | undefined): void {
  setText(el, text ?? "");
  show(el, text !== undefined && text !== "");
}

/**
 * Enables or disables a Fluent button (or any control). `aria-disabled` on the host says so to
 * tools that cannot read Fluent's element internals (axe would otherwise hold a disabled button to
 * the contrast of an enabled one, which WCAG exempts it from).
 */
export function setEnabled(el: HTMLElement, enabled: boolean): void {
  el.toggleAttribute("disabled", !enabled);
  if (enabled) el.removeAttribute("aria-disabled");
  else el.setAttribute("aria-disabled", "true");
}

/** Applies a button view: visible, enabled, Fluent "primary" when it is the view's one primary action. */
export function applyButton(el: HTMLElement, view: ButtonView): void {
  show(el, view.visible);
  setEnabled(el, view.enabled);
  el.setAttribute("appearance", view.primary ? "primary" : "secondary");
  setText(el, view.label);
}

/** Runs `task` with `button` disabled, re-enabled afterwards whatever happens. */
export async function whileDisabled<T>(button: HTMLElement, task: () => Promise<T>): Promise<T> {
  setEnabled(button, false);
  try {
    return await task();
  } finally {
    setEnabled(button, true);
  }
}

/**
 * A Fluent 3 checkbox with its visible label: `<fluent-field>` ties the `<label>` to the box (the
 * checkbox itself has no label slot). `testId` goes on the box, which is what is clicked.
 */
export function checkboxField(
  doc: Document,
  label: string,
  testId: string
): { field: HTMLElement; box: CheckElement } {
  const box = h(doc, "fluent-checkbox", { slot: "input", "data-testid": testId }) as CheckElement;
  const field = h(
    doc,
    "fluent-field",
    { "label-position": "after" },
    h(doc, "label", { slot: "label" }, label),
    box
  );
  return { field, box };
}
