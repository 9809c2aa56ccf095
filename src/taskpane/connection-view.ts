/**
 * The Connection tab's elements and state, shared by its small parts (connection-panel.ts wires
 * them): one object found once in taskpane.html, and the form being edited.
 */
import type { ConnectionForm, FormField } from "./connection-form";
import { byId, showText, type CheckElement, type ValueElement } from "./ui";

/** Every element of the Connection tab the panel reads or writes. */
export interface ConnectionView {
  doc: Document;
  baseUrl: ValueElement;
  kind: ValueElement;
  tokenRow: HTMLElement;
  token: ValueElement;
  tokenShow: CheckElement;
  hint: HTMLElement;
  itNote: HTMLElement;
  signInRow: HTMLElement;
  directory: ValueElement;
  clientId: ValueElement;
  scope: ValueElement;
  signInButton: HTMLElement;
  signOutButton: HTMLElement;
  signInStatus: HTMLElement;
  headerRows: HTMLElement;
  addHeader: HTMLElement;
  poll: ValueElement;
  timeout: ValueElement;
  save: HTMLElement;
  test: HTMLElement;
  reset: HTMLElement;
  saveStatus: HTMLElement;
  testResult: HTMLElement;
  testTitle: HTMLElement;
  testDetails: HTMLElement;
  /** The error line under each field (`form`: under the buttons). */
  fieldErrors: Record<string, HTMLElement>;
  /** The error line of each header row, by row id. */
  headerErrors: Map<number, HTMLElement>;
}

/** The panel's state: the form as edited. */
export interface ConnectionState {
  form: ConnectionForm;
}

/** Finds the Connection tab's elements in `doc` (a missing one is a bug in taskpane.html). */
export function connectionView(doc: Document): ConnectionView {
  const value = (id: string) => byId<ValueElement>(id, doc);
  const el = (id: string) => byId(id, doc);
  return {
    doc,
    baseUrl: value("base-url"),
    kind: value("credential-kind"),
    tokenRow: el("token-row"),
    token: value("token"),
    tokenShow: byId<CheckElement>("token-show", doc),
    hint: el("credential-hint"),
    itNote: el("it-settings-note"),
    signInRow: el("signin-row"),
    directory: value("signin-directory"),
    clientId: value("signin-client-id"),
    scope: value("signin-scope"),
    signInButton: el("sign-in"),
    signOutButton: el("sign-out"),
    signInStatus: el("signin-status"),
    headerRows: el("header-rows"),
    addHeader: el("add-header"),
    poll: value("poll-interval"),
    timeout: value("approval-timeout"),
    save: el("save-settings"),
    test: el("test-connection"),
    reset: el("reset-settings"),
    saveStatus: el("save-status"),
    testResult: el("test-result"),
    testTitle: el("test-result-title"),
    testDetails: el("test-result-details"),
    fieldErrors: {
      baseUrl: el("base-url-error"),
      credentialKind: el("credential-kind-error"),
      token: el("token-error"),
      signInDirectory: el("signin-directory-error"),
      signInClientId: el("signin-client-id-error"),
      signInScope: el("signin-scope-error"),
      pollInterval: el("poll-interval-error"),
      approvalTimeout: el("approval-timeout-error"),
      form: el("form-error"),
    },
    headerErrors: new Map(),
  };
}

/** Shows `errors` next to their fields and clears every other field's. */
export function showErrors(
  view: ConnectionView,
  errors: Partial<Record<FormField, string[]>>
): void {
  for (const [field, el] of Object.entries(view.fieldErrors))
    showText(el, errors[field as FormField]?.join(" "));
  for (const [id, el] of view.headerErrors) showText(el, errors[`header:${id}`]?.join(" "));
}
