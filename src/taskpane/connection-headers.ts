/**
 * The extra headers of the Connection tab: one row per header (name, value masked when secret, a
 * show toggle, remove), drawn from the form and written back into it as typed.
 */
import { t } from "../i18n";
import { h, replaceChildren } from "./dom";
import {
  headerValueInputType,
  headerValuePlaceholder,
  isMaskedRow,
  newHeaderRow,
  type HeaderRow,
} from "./connection-form";
import type { ConnectionState, ConnectionView } from "./connection-view";
import { checkboxField, show, showText, type ValueElement } from "./ui";

function textInput(doc: Document, testId: string, label: string, attrs: Record<string, string>) {
  // Fluent 3 text inputs are labelled by their content; the label is for screen readers only.
  return h(
    doc,
    "fluent-text-input",
    { "data-testid": testId, ...attrs },
    h(doc, "span", { class: "visually-hidden" }, label)
  ) as HTMLElement & ValueElement;
}

/** One header row's elements, wired to `row` (and to its removal from the form). */
function headerRowElement(
  view: ConnectionView,
  state: ConnectionState,
  row: HeaderRow
): HTMLElement {
  const doc = view.doc;
  const name = textInput(doc, `header-name-${row.id}`, t("connection.headerName"), {
    placeholder: t("connection.headerNamePlaceholder"),
  });
  const value = textInput(doc, `header-value-${row.id}`, t("connection.headerValueLabel"), {
    placeholder: headerValuePlaceholder(row),
    type: headerValueInputType(row),
    autocomplete: "off",
    spellcheck: "false",
  });
  name.value = row.name;
  value.value = row.value;
  const secret = checkboxField(doc, t("connection.secret"), `header-secret-${row.id}`);
  const reveal = checkboxField(doc, t("pane.token.show"), `header-show-${row.id}`);
  const remove = h(
    doc,
    "fluent-button",
    { appearance: "subtle", "data-testid": `header-remove-${row.id}` },
    t("connection.remove")
  );
  const error = h(doc, "p", { class: "error", role: "alert", hidden: true });
  view.headerErrors.set(row.id, error);
  secret.box.checked = row.secret;
  reveal.box.checked = row.revealed;

  const refreshMask = () => {
    value.setAttribute("type", headerValueInputType(row));
    value.setAttribute("placeholder", headerValuePlaceholder(row));
    show(reveal.field, isMaskedRow(row));
  };
  name.addEventListener("input", () => {
    row.name = name.value ?? "";
    showText(error, undefined);
    refreshMask();
  });
  value.addEventListener("input", () => {
    row.value = value.value ?? "";
    showText(error, undefined);
  });
  secret.box.addEventListener("change", () => {
    row.secret = secret.box.checked;
    refreshMask();
  });
  reveal.box.addEventListener("change", () => {
    row.revealed = reveal.box.checked;
    refreshMask();
  });
  remove.addEventListener("click", () => {
    state.form.headers = state.form.headers.filter((r) => r.id !== row.id);
    renderHeaders(view, state);
  });
  refreshMask();
  return h(
    doc,
    "div",
    { class: "header-row", "data-testid": `header-row-${row.id}` },
    name,
    value,
    h(doc, "div", { class: "row-tools" }, secret.field, reveal.field, remove),
    error
  );
}

/** Draws the header rows of the form. */
export function renderHeaders(view: ConnectionView, state: ConnectionState): void {
  view.headerErrors.clear();
  replaceChildren(
    view.headerRows,
    ...state.form.headers.map((row) => headerRowElement(view, state, row))
  );
}

/** "+ Add header": a new empty row. */
export function wireAddHeader(view: ConnectionView, state: ConnectionState): void {
  view.addHeader.addEventListener("click", () => {
    state.form.headers = [...state.form.headers, newHeaderRow()];
    renderHeaders(view, state);
  });
}
