/**
 * The Connection tab (issue 5): base URL, credential, extra headers (secret values masked, with a
 * show toggle), polling interval and approval time-out; Save, Test connection, back to the local
 * simulator. Form rules live in connection-form.ts; stored secrets never come back into a field.
 */
import type { Credential } from "../api";
import { resetSettings, saveSettings } from "../excel";
import { h, replaceChildren, setText } from "./dom";
import {
  formFromSettings,
  headerValueInputType,
  headerValuePlaceholder,
  isMaskedRow,
  newHeaderRow,
  settingsFromForm,
  tokenPlaceholder,
  type ConnectionForm,
  type FormField,
  type HeaderRow,
} from "./connection-form";
import { describeError } from "./error-text";
import { paneSecrets, paneSettings, probeConnection } from "./pane-connection";
import {
  byId,
  checkboxField,
  show,
  showText,
  whileDisabled,
  type CheckElement,
  type ValueElement,
} from "./ui";

/** Wires the Connection tab of `doc`; `onSaved` runs after a successful save (to re-check the status). */
export function mountConnectionPanel(doc: Document = document): { reload(): void } {
  const baseUrl = byId<ValueElement>("base-url", doc);
  const kind = byId<ValueElement>("credential-kind", doc);
  const tokenRow = byId("token-row", doc);
  const token = byId<ValueElement>("token", doc);
  const tokenShow = byId<CheckElement>("token-show", doc);
  const headerRows = byId("header-rows", doc);
  const addHeader = byId("add-header", doc);
  const poll = byId<ValueElement>("poll-interval", doc);
  const timeout = byId<ValueElement>("approval-timeout", doc);
  const save = byId("save-settings", doc);
  const test = byId("test-connection", doc);
  const reset = byId("reset-settings", doc);
  const saveStatus = byId("save-status", doc);
  const testResult = byId("test-result", doc);
  const testTitle = byId("test-result-title", doc);
  const testDetails = byId("test-result-details", doc);
  const fieldErrors: Record<string, HTMLElement> = {
    baseUrl: byId("base-url-error", doc),
    credentialKind: byId("credential-kind-error", doc),
    token: byId("token-error", doc),
    pollInterval: byId("poll-interval-error", doc),
    approvalTimeout: byId("approval-timeout-error", doc),
    form: byId("form-error", doc),
  };
  const headerErrors = new Map<number, HTMLElement>();

  let form: ConnectionForm = formFromSettings(paneSettings());

  function renderToken(): void {
    show(tokenRow, form.credentialKind === "bearer");
    token.setAttribute("type", tokenShow.checked ? "text" : "password");
    token.setAttribute("placeholder", tokenPlaceholder(form));
  }

  function headerRowElement(row: HeaderRow): HTMLElement {
    // Fluent 3 text inputs are labelled by their content; the label is for screen readers only.
    const hiddenLabel = (text: string) => h(doc, "span", { class: "visually-hidden" }, text);
    const name = h(
      doc,
      "fluent-text-input",
      { "data-testid": `header-name-${row.id}`, placeholder: "name" },
      hiddenLabel("Header name")
    );
    const value = h(
      doc,
      "fluent-text-input",
      {
        "data-testid": `header-value-${row.id}`,
        placeholder: headerValuePlaceholder(row),
        type: headerValueInputType(row),
        autocomplete: "off",
        spellcheck: "false",
      },
      hiddenLabel("Header value")
    );
    (name as ValueElement).value = row.name;
    (value as ValueElement).value = row.value;
    const secret = checkboxField(doc, "Secret", `header-secret-${row.id}`);
    const reveal = checkboxField(doc, "Show", `header-show-${row.id}`);
    const remove = h(
      doc,
      "fluent-button",
      { appearance: "subtle", "data-testid": `header-remove-${row.id}` },
      "Remove"
    );
    const error = h(doc, "p", { class: "error", role: "alert", hidden: true });
    headerErrors.set(row.id, error);
    secret.box.checked = row.secret;
    reveal.box.checked = row.revealed;

    const refreshMask = () => {
      value.setAttribute("type", headerValueInputType(row));
      value.setAttribute("placeholder", headerValuePlaceholder(row));
      show(reveal.field, isMaskedRow(row));
    };
    name.addEventListener("input", () => {
      row.name = (name as ValueElement).value ?? "";
      refreshMask();
    });
    value.addEventListener("input", () => {
      row.value = (value as ValueElement).value ?? "";
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
      form.headers = form.headers.filter((r) => r.id !== row.id);
      renderHeaders();
    });
    const el = h(
      doc,
      "div",
      { class: "header-row", "data-testid": `header-row-${row.id}` },
      name,
      value,
      h(doc, "div", { class: "row-tools" }, secret.field, reveal.field, remove),
      error
    );
    refreshMask();
    return el;
  }

  function renderHeaders(): void {
    headerErrors.clear();
    replaceChildren(headerRows, ...form.headers.map(headerRowElement));
  }

  function fill(): void {
    baseUrl.value = form.baseUrl;
    kind.value = form.credentialKind;
    token.value = "";
    tokenShow.checked = false;
    poll.value = form.pollIntervalSeconds;
    timeout.value = form.approvalTimeoutSeconds;
    renderToken();
    renderHeaders();
    showErrors({});
  }

  function showErrors(errors: Partial<Record<FormField, string[]>>): void {
    for (const [field, el] of Object.entries(fieldErrors))
      showText(el, errors[field as FormField]?.join(" "));
    for (const [id, el] of headerErrors) showText(el, errors[`header:${id}`]?.join(" "));
  }

  baseUrl.addEventListener("input", () => (form.baseUrl = baseUrl.value ?? ""));
  kind.addEventListener("change", () => {
    form.credentialKind = (
      ["none", "bearer", "gateway"].includes(kind.value) ? kind.value : "none"
    ) as Credential["kind"];
    renderToken();
  });
  token.addEventListener("input", () => (form.token = token.value ?? ""));
  tokenShow.addEventListener("change", renderToken);
  poll.addEventListener("input", () => (form.pollIntervalSeconds = poll.value ?? ""));
  timeout.addEventListener("input", () => (form.approvalTimeoutSeconds = timeout.value ?? ""));
  addHeader.addEventListener("click", () => {
    form.headers = [...form.headers, newHeaderRow()];
    renderHeaders();
  });

  save.addEventListener(
    "click",
    () =>
      void whileDisabled(save, async () => {
        showText(saveStatus, undefined);
        const result = settingsFromForm(form, paneSettings());
        if (!result.ok) {
          showErrors(result.errors);
          showText(saveStatus, "Not saved: fix the fields marked in red.");
          return;
        }
        try {
          const saved = await saveSettings(result.settings);
          if (!saved.ok) {
            showErrors({ form: saved.problems.map((p) => `${p.field} ${p.message}.`) });
            return;
          }
          form = formFromSettings(saved.settings);
          fill();
          showText(saveStatus, "Saved. The next call uses these settings.");
        } catch (e) {
          showErrors({ form: [describeError(e, { secrets: paneSecrets() })] });
        }
      })
  );

  test.addEventListener(
    "click",
    () =>
      void whileDisabled(test, async () => {
        const result = settingsFromForm(form, paneSettings(), "test");
        if (!result.ok) {
          showErrors(result.errors);
          return;
        }
        showErrors({});
        setText(testTitle, `Testing ${result.settings.connection.baseUrl}…`);
        replaceChildren(testDetails);
        testResult.classList.remove("ok", "bad");
        show(testResult, true);
        const report = await probeConnection(result.settings.connection, result.withheld);
        testResult.classList.add(report.ok ? "ok" : "bad");
        setText(testTitle, report.title);
        replaceChildren(testDetails, ...report.details.map((d) => h(doc, "li", {}, d)));
      })
  );

  reset.addEventListener(
    "click",
    () =>
      void whileDisabled(reset, async () => {
        const settings = await resetSettings();
        form = formFromSettings(settings);
        fill();
        showText(saveStatus, "Back to the local simulator.");
      })
  );

  fill();
  return {
    reload() {
      form = formFromSettings(paneSettings());
      fill();
    },
  };
}
