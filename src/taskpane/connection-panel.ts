/**
 * The Connection tab (issue 5): base URL, credential, extra headers (secret values masked, with a
 * show toggle), polling interval and approval time-out; Save, Test connection, back to the local
 * simulator. Form rules live in connection-form.ts; stored secrets never come back into a field.
 */
import type { Credential } from "../api";
import { validateSettings } from "../api";
import {
  currentUser,
  onUserChanged,
  prepareSignIn,
  signIn,
  signInErrorText,
  signOut,
  type SignedInUser,
} from "../auth";
import { resetSettings, saveSettings, isSameConnection } from "../excel";
import { refresh } from "../functions";
import { h, replaceChildren, setText } from "./dom";
import {
  CREDENTIAL_HINTS,
  formFromSettings,
  signInFromForm,
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
  setEnabled,
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
  const hint = byId("credential-hint", doc);
  const signInRow = byId("signin-row", doc);
  const directory = byId<ValueElement>("signin-directory", doc);
  const clientId = byId<ValueElement>("signin-client-id", doc);
  const scope = byId<ValueElement>("signin-scope", doc);
  const signInButton = byId("sign-in", doc);
  const signOutButton = byId("sign-out", doc);
  const signInStatus = byId("signin-status", doc);
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
    signInDirectory: byId("signin-directory-error", doc),
    signInClientId: byId("signin-client-id-error", doc),
    signInScope: byId("signin-scope-error", doc),
    pollInterval: byId("poll-interval-error", doc),
    approvalTimeout: byId("approval-timeout-error", doc),
    form: byId("form-error", doc),
  };
  const headerErrors = new Map<number, HTMLElement>();

  let form: ConnectionForm = formFromSettings(paneSettings());

  function renderUser(user: SignedInUser | undefined = currentUser()): void {
    setText(
      signInStatus,
      user === undefined
        ? "Not signed in: nothing is sent to the gateway until you sign in."
        : `Signed in as ${user.username}${user.nested ? " (your Office account)" : ""}.`
    );
    setEnabled(signOutButton, user !== undefined);
  }

  /** Starts msal for the typed sign-in settings when they are valid, so Sign in opens at once. */
  function prepareTyped(): void {
    if (form.credentialKind !== "gateway") return;
    const checked = validateSettings({
      baseUrl: "https://gateway.invalid",
      credential: { kind: "gateway", signIn: signInFromForm(form) },
    });
    if (checked.ok && checked.settings.credential.kind === "gateway") {
      void prepareSignIn(checked.settings.credential.signIn);
    }
  }

  function renderToken(): void {
    show(signInRow, form.credentialKind === "gateway");
    setText(hint, CREDENTIAL_HINTS[form.credentialKind]);
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
      showText(error, undefined);
      refreshMask();
    });
    value.addEventListener("input", () => {
      row.value = (value as ValueElement).value ?? "";
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
    directory.value = form.signInDirectory;
    clientId.value = form.signInClientId;
    scope.value = form.signInScope;
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

  /**
   * Follows a field: its value into the form, and its old message cleared at once (issue 19: a
   * message under a corrected field says something no longer true). Save or Test checks again.
   */
  function follow(
    input: ValueElement,
    field: FormField,
    set: (value: string) => void,
    event = "input"
  ): void {
    input.addEventListener(event, () => {
      set(input.value ?? "");
      showText(fieldErrors[field]!, undefined);
      showText(fieldErrors.form!, undefined);
    });
  }

  follow(baseUrl, "baseUrl", (v) => (form.baseUrl = v));
  follow(
    kind,
    "credentialKind",
    (v) => {
      form.credentialKind = (
        ["none", "bearer", "gateway"].includes(v) ? v : "none"
      ) as Credential["kind"];
      for (const f of ["token", "signInDirectory", "signInClientId", "signInScope"] as const)
        showText(fieldErrors[f]!, undefined);
      renderToken();
      prepareTyped();
    },
    "change"
  );
  follow(token, "token", (v) => (form.token = v));
  follow(directory, "signInDirectory", (v) => {
    form.signInDirectory = v;
    prepareTyped();
  });
  follow(clientId, "signInClientId", (v) => {
    form.signInClientId = v;
    prepareTyped();
  });
  follow(scope, "signInScope", (v) => {
    form.signInScope = v;
    prepareTyped();
  });
  tokenShow.addEventListener("change", renderToken);
  follow(poll, "pollInterval", (v) => (form.pollIntervalSeconds = v));
  follow(timeout, "approvalTimeout", (v) => (form.approvalTimeoutSeconds = v));

  signInButton.addEventListener("click", () => {
    showText(saveStatus, undefined);
    const result = settingsFromForm(form, paneSettings());
    const credential = result.ok ? result.settings.connection.credential : undefined;
    if (!result.ok || credential?.kind !== "gateway" || credential.signIn === undefined) {
      if (!result.ok) showErrors(result.errors);
      setText(signInStatus, "Fix the fields marked in red, then press Sign in.");
      return;
    }
    showErrors({});
    // Started here, in the click itself: the popup must open before anything is awaited.
    const signingIn = signIn(credential.signIn);
    setText(signInStatus, "Signing in…");
    void whileDisabled(signInButton, async () => {
      try {
        await signingIn;
      } catch (e) {
        renderUser();
        setText(signInStatus, signInErrorText(e));
        return;
      }
      // Signed in with what the form holds: those are the settings from now on.
      if (!isSameConnection(result.settings.connection, paneSettings().connection)) {
        const saved = await saveSettings(result.settings);
        if (saved.ok) {
          form = formFromSettings(saved.settings);
          fill();
          showText(saveStatus, "Saved. The next call uses these settings.");
        }
      }
      renderUser();
      // Cells that asked for a sign-in calculate again, now with the user's token.
      await refresh().catch(() => undefined);
    });
  });

  signOutButton.addEventListener(
    "click",
    () =>
      void whileDisabled(signOutButton, async () => {
        await signOut();
        // Cells ask for a sign-in again (nothing cached under the old sign-in is shown).
        await refresh().catch(() => undefined);
      }).then(() => renderUser())
  );
  onUserChanged((user) => renderUser(user));
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
  renderUser();
  return {
    reload() {
      form = formFromSettings(paneSettings());
      fill();
    },
  };
}
