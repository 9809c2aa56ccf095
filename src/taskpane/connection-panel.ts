/**
 * The Connection tab: base URL, credential, the gateway's sign-in, extra headers
 * (secret values masked, with a show toggle), polling interval and approval time-out; Save, Test
 * connection, back to the defaults. Form rules live in connection-form.ts, the header rows in
 * connection-headers.ts, the sign-in block in connection-sign-in.ts; stored secrets never come back
 * into a field. What IT shipped with the add-in (src/excel/it-settings.ts) is shown as set by IT
 * and cannot be changed here.
 */
import { t } from "../i18n";
import type { Credential } from "../api";
import { itConnection, resetSettings, saveSettings } from "../excel";
import { h, replaceChildren, setText } from "./dom";
import {
  CREDENTIAL_HINTS,
  formFromSettings,
  settingsFromForm,
  tokenPlaceholder,
} from "./connection-form";
import type { FormField } from "./connection-form";
import { renderHeaders, wireAddHeader } from "./connection-headers";
import { prepareTyped, wireSignIn } from "./connection-sign-in";
import {
  connectionView,
  showErrors,
  type ConnectionState,
  type ConnectionView,
} from "./connection-view";
import { errorText } from "./error-text";
import { paneSecrets, paneSettings, probeConnection } from "./pane-connection";
import { show, showText, whileDisabled, type ValueElement } from "./ui";

/** Shows the credential's own fields (token, sign-in) and its one-line hint. */
function renderCredential(view: ConnectionView, state: ConnectionState): void {
  const kind = state.form.credentialKind;
  show(view.signInRow, kind === "gateway");
  setText(view.hint, CREDENTIAL_HINTS[kind]);
  show(view.tokenRow, kind === "bearer");
  view.token.setAttribute("type", view.tokenShow.checked ? "text" : "password");
  view.token.setAttribute("placeholder", tokenPlaceholder(state.form));
}

/**
 * Marks what IT set: those fields are read-only with a note saying who set them;
 * the reset button goes back to IT's settings instead of the local simulator.
 */
function renderItSettings(view: ConnectionView): void {
  const it = itConnection();
  const lock = (el: HTMLElement, locked: boolean) => {
    el.toggleAttribute("readonly", locked);
    if (locked) el.setAttribute("aria-readonly", "true");
    else el.removeAttribute("aria-readonly");
  };
  lock(view.baseUrl, it !== undefined);
  // Bad values from IT lock everything: the add-in sends nothing until IT ships good ones.
  const signInLocked = it?.signIn !== undefined || it?.problems !== undefined;
  for (const el of [view.directory, view.clientId, view.scope]) lock(el, signInLocked);
  view.kind.toggleAttribute("disabled", signInLocked);
  showText(
    view.itNote,
    it === undefined
      ? undefined
      : it.problems
        ? t("connection.itBad", { problems: it.problems.join("; ") })
        : it.signIn
          ? t("connection.itSignIn")
          : t("connection.itBaseUrl")
  );
  setText(view.reset, it === undefined ? t("pane.useSimulator") : t("connection.backToIt"));
}

/** Puts the form into the fields (secrets stay out: only "saved" placeholders). */
function fill(view: ConnectionView, state: ConnectionState): void {
  const f = state.form;
  view.baseUrl.value = f.baseUrl;
  view.kind.value = f.credentialKind;
  view.token.value = "";
  view.tokenShow.checked = false;
  view.directory.value = f.signInDirectory;
  view.clientId.value = f.signInClientId;
  view.scope.value = f.signInScope;
  view.poll.value = f.pollIntervalSeconds;
  view.timeout.value = f.approvalTimeoutSeconds;
  renderCredential(view, state);
  renderHeaders(view, state);
  renderItSettings(view);
  showErrors(view, {});
}

/**
 * Follows a field: its value into the form, and its old message cleared at once (a
 * message under a corrected field says something no longer true). Save or Test checks again.
 */
function follow(
  view: ConnectionView,
  input: ValueElement,
  field: FormField,
  set: (value: string) => void,
  event = "input"
): void {
  input.addEventListener(event, () => {
    set(input.value ?? "");
    showText(view.fieldErrors[field]!, undefined);
    showText(view.fieldErrors.form!, undefined);
  });
}

function wireFields(view: ConnectionView, state: ConnectionState): void {
  const form = () => state.form;
  follow(view, view.baseUrl, "baseUrl", (v) => (form().baseUrl = v));
  const kinds: readonly string[] = ["none", "bearer", "gateway"];
  const onKind = (v: string) => {
    form().credentialKind = (kinds.includes(v) ? v : "none") as Credential["kind"];
    for (const f of ["token", "signInDirectory", "signInClientId", "signInScope"] as const)
      showText(view.fieldErrors[f]!, undefined);
    renderCredential(view, state);
    prepareTyped(state);
  };
  follow(view, view.kind, "credentialKind", onKind, "change");
  follow(view, view.token, "token", (v) => (form().token = v));
  const signInField = (set: (v: string) => void) => (v: string) => {
    set(v);
    prepareTyped(state);
  };
  follow(
    view,
    view.directory,
    "signInDirectory",
    signInField((v) => (form().signInDirectory = v))
  );
  follow(
    view,
    view.clientId,
    "signInClientId",
    signInField((v) => (form().signInClientId = v))
  );
  follow(
    view,
    view.scope,
    "signInScope",
    signInField((v) => (form().signInScope = v))
  );
  view.tokenShow.addEventListener("change", () => renderCredential(view, state));
  follow(view, view.poll, "pollInterval", (v) => (form().pollIntervalSeconds = v));
  follow(view, view.timeout, "approvalTimeout", (v) => (form().approvalTimeoutSeconds = v));
}

async function onSave(view: ConnectionView, state: ConnectionState): Promise<void> {
  showText(view.saveStatus, undefined);
  const result = settingsFromForm(state.form, paneSettings());
  if (!result.ok) {
    showErrors(view, result.errors);
    showText(view.saveStatus, t("connection.notSaved"));
    return;
  }
  try {
    const saved = await saveSettings(result.settings);
    if (!saved.ok) {
      showErrors(view, { form: saved.problems.map((p) => `${p.field} ${p.message}.`) });
      return;
    }
    state.form = formFromSettings(saved.settings);
    fill(view, state);
    showText(view.saveStatus, t("connection.saved"));
  } catch (e) {
    showErrors(view, { form: [errorText(e, { secrets: paneSecrets() })] });
  }
}

async function onTest(view: ConnectionView, state: ConnectionState): Promise<void> {
  const result = settingsFromForm(state.form, paneSettings(), "test");
  if (!result.ok) {
    showErrors(view, result.errors);
    return;
  }
  showErrors(view, {});
  setText(view.testTitle, t("connection.testing", { url: result.settings.connection.baseUrl }));
  replaceChildren(view.testDetails);
  view.testResult.classList.remove("ok", "bad");
  show(view.testResult, true);
  const report = await probeConnection(result.settings.connection, result.withheld);
  view.testResult.classList.add(report.ok ? "ok" : "bad");
  setText(view.testTitle, report.title);
  replaceChildren(view.testDetails, ...report.details.map((d) => h(view.doc, "li", {}, d)));
}

async function onReset(view: ConnectionView, state: ConnectionState): Promise<void> {
  state.form = formFromSettings(await resetSettings());
  fill(view, state);
  showText(
    view.saveStatus,
    itConnection() === undefined ? t("connection.backToSimulator") : t("connection.backToItDone")
  );
}

/** Wires the Connection tab of `doc`; `reload()` shows the stored settings again after a change elsewhere. */
export function mountConnectionPanel(doc: Document = document): { reload(): void } {
  const view = connectionView(doc);
  const state: ConnectionState = { form: formFromSettings(paneSettings()) };
  const refill = () => fill(view, state);
  wireFields(view, state);
  wireSignIn(view, state, refill);
  wireAddHeader(view, state);
  view.save.addEventListener(
    "click",
    () => void whileDisabled(view.save, () => onSave(view, state))
  );
  view.test.addEventListener(
    "click",
    () => void whileDisabled(view.test, () => onTest(view, state))
  );
  view.reset.addEventListener(
    "click",
    () => void whileDisabled(view.reset, () => onReset(view, state))
  );
  fill(view, state);
  return {
    reload() {
      state.form = formFromSettings(paneSettings());
      fill(view, state);
    },
  };
}
