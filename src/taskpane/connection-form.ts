/**
 * The Connection tab's form as plain data, and its conversion to and from the stored settings.
 * Pure. Secrets are never put back into the form: a saved token or secret header value shows as
 * "•••• saved — type to replace" and is kept unless something is typed over it — and
 * only while the base URL stays on the origin it was saved for: after the base URL moves
 * to another origin, Save asks for each saved secret again, and Test connection leaves them out.
 */
import { currentLanguage, t, tIn } from "../i18n";
import type { Credential, SignInSettings } from "../api";
import { isSecretHeaderName, settingsProblemText } from "../api";
import { checkStoredSettings, itConnection, withItConnection, type StoredSettings } from "../excel";

/** One extra header as edited. */
export interface HeaderRow {
  /** Stable id of the row in the page (element ids, error placement). */
  id: number;
  name: string;
  /** What is typed; empty with `saved` = keep the stored value. */
  value: string;
  /** Marked secret by the user (secret-looking names are secret anyway). */
  secret: boolean;
  /** Name of the stored header whose value this row keeps when `value` is empty. */
  savedName?: string;
  /** The masked value is shown in clear while typing (the show toggle). */
  revealed: boolean;
}

/** The whole Connection form. */
export interface ConnectionForm {
  baseUrl: string;
  headers: HeaderRow[];
  credentialKind: Credential["kind"];
  /** Typed token; empty with `tokenSaved` = keep the stored one. */
  token: string;
  tokenSaved: boolean;
  /** The company gateway's sign-in, as typed (none of it is secret). */
  signInDirectory: string;
  signInClientId: string;
  signInScope: string;
  /** Polling interval in seconds, as typed. */
  pollIntervalSeconds: string;
  /** Approval time-out in seconds, as typed. */
  approvalTimeoutSeconds: string;
}

/** The fields an error can sit next to. */
export type FormField =
  | "baseUrl"
  | "token"
  | "credentialKind"
  | "signInDirectory"
  | "signInClientId"
  | "signInScope"
  | "pollInterval"
  | "approvalTimeout"
  | "form"
  | `header:${number}`;

/**
 * What the settings are for: "save" keeps them; "test" only tries them (Test connection), with
 * what the form holds.
 */
export type FormPurpose = "save" | "test";

/** Result of {@link settingsFromForm}. */
export type FormResult =
  | {
      ok: true;
      settings: StoredSettings;
      /**
       * Saved secrets left out because they were entered for another address ("the token",
       * `header "apim-sub"`); only for "test" — a save is refused instead.
       */
      withheld: string[];
    }
  | { ok: false; errors: Partial<Record<FormField, string[]>> };

/** The origin (scheme, host, port) of a base URL, or undefined when it is not a URL. */
export function originOf(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a saved secret cannot go along (docs/developers/rules.md#settings-and-security: a secret
 * belongs to the origin it was entered for): the field's text, naming both addresses and what to
 * do.
 */
export function secretMovedMessage(what: string, from: string, to: string | undefined): string {
  return t("connection.secretMoved", { what, from, to: to ?? t("connection.newBaseUrl") });
}

/** The sign-in settings as typed (trimmed); validated with the rest by `validateSettings`. */
export function signInFromForm(form: ConnectionForm): SignInSettings {
  return {
    directory: form.signInDirectory.trim(),
    clientId: form.signInClientId.trim(),
    scope: form.signInScope.trim(),
  };
}

/**
 * One line under the credential choice saying what it needs: what the base URL is and
 * whether headers are needed.
 */
export const CREDENTIAL_HINTS: Readonly<Record<Credential["kind"], string>> = {
  get none() {
    return t("connection.hint.none");
  },
  get bearer() {
    return t("connection.hint.bearer");
  },
  get gateway() {
    return t("connection.hint.gateway");
  },
};

/** Shown in a secret field whose value is stored and hidden. */
export const SAVED_SECRET_PLACEHOLDER = tIn("en", "connection.savedSecret");

/** The same, in the pane's language. */
const savedSecret = (): string => t("connection.savedSecret");

let nextRowId = 1;

/** A new empty header row. */
export function newHeaderRow(partial: Partial<Omit<HeaderRow, "id">> = {}): HeaderRow {
  return { id: nextRowId++, name: "", value: "", secret: false, revealed: false, ...partial };
}

/** True when the row's value must be masked: marked secret or a secret-looking name. */
export function isMaskedRow(row: Pick<HeaderRow, "name" | "secret">): boolean {
  return row.secret || isSecretHeaderName(row.name);
}

/** The `type` of the row's value input: password while masked and not revealed. */
export function headerValueInputType(row: HeaderRow): "password" | "text" {
  return isMaskedRow(row) && !row.revealed ? "password" : "text";
}

/** Placeholder of the row's value input. */
export function headerValuePlaceholder(row: HeaderRow): string {
  return row.savedName !== undefined && isMaskedRow(row)
    ? savedSecret()
    : t("connection.valuePlaceholder");
}

/** Placeholder of the token input. */
export function tokenPlaceholder(form: Pick<ConnectionForm, "tokenSaved">): string {
  return form.tokenSaved ? savedSecret() : t("connection.pasteToken");
}

/** The form for `stored`: secrets are left out (only "saved" flags), everything else filled in. */
export function formFromSettings(stored: StoredSettings): ConnectionForm {
  const c = stored.connection;
  const extra = c.secretHeaders ?? [];
  const headers = Object.entries(c.headers).map(([name, value]) => {
    const secret = extra.some((e) => e.toLowerCase() === name.toLowerCase());
    const masked = secret || isSecretHeaderName(name);
    return newHeaderRow({
      name,
      value: masked ? "" : value,
      secret,
      savedName: masked ? name : undefined,
    });
  });
  return {
    baseUrl: c.baseUrl,
    headers,
    credentialKind: c.credential.kind,
    token: "",
    tokenSaved: c.credential.kind === "bearer",
    signInDirectory: c.credential.kind === "gateway" ? (c.credential.signIn?.directory ?? "") : "",
    signInClientId: c.credential.kind === "gateway" ? (c.credential.signIn?.clientId ?? "") : "",
    signInScope: c.credential.kind === "gateway" ? (c.credential.signIn?.scope ?? "") : "",
    pollIntervalSeconds: String(stored.pollIntervalMs / 1000),
    approvalTimeoutSeconds: String(stored.approvalTimeoutMs / 1000),
  };
}

/** The label a settings check's field is named by, in the pane's language. */
const LABELS = {
  baseUrl: "connection.label.baseUrl",
  "credential.token": "connection.label.token",
  "credential.kind": "connection.label.credential",
  "credential.signIn.directory": "connection.label.directory",
  "credential.signIn.clientId": "connection.label.clientId",
  "credential.signIn.scope": "connection.label.scope",
  pollIntervalMs: "connection.label.pollInterval",
  approvalTimeoutMs: "connection.label.approvalTimeout",
  secretHeaders: "connection.label.secretHeaders",
  headers: "connection.label.headers",
  settings: "connection.label.settings",
} as const;

function addError(
  errors: Partial<Record<FormField, string[]>>,
  field: FormField,
  message: string
): void {
  (errors[field] ??= []).push(message);
}

/** "2.5" or "2,5" → 2500; undefined when not a number. */
function secondsToMs(text: string): number | undefined {
  const t = text.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(t)) return undefined;
  return Math.round(Number(t) * 1000);
}

function fieldOfProblem(field: string, rowsByName: Map<string, HeaderRow>): FormField {
  if (field === "baseUrl") return "baseUrl";
  if (field === "credential.token") return "token";
  if (field === "credential.kind") return "credentialKind";
  if (field === "credential.signIn.directory") return "signInDirectory";
  if (field === "credential.signIn.clientId") return "signInClientId";
  if (field === "credential.signIn.scope") return "signInScope";
  if (field === "pollIntervalMs") return "pollInterval";
  if (field === "approvalTimeoutMs") return "approvalTimeout";
  if (field.startsWith("headers.")) {
    const row = rowsByName.get(field.slice("headers.".length));
    if (row) return `header:${row.id}`;
  }
  return "form";
}

function labelOf(field: string): string {
  if (field.startsWith("headers.")) {
    return t("connection.label.header", { name: field.slice("headers.".length) });
  }
  return field in LABELS ? t(LABELS[field as keyof typeof LABELS]) : field;
}

/**
 * The settings the form describes, merged with the stored secrets it keeps, validated by
 * `validateSettings` (through `checkStoredSettings`) plus the form's own checks. Errors are keyed by
 * the field they belong next to; their texts never contain a value.
 */
export function settingsFromForm(
  form: ConnectionForm,
  stored: StoredSettings,
  purpose: FormPurpose = "save"
): FormResult {
  const errors: Partial<Record<FormField, string[]>> = {};
  const storedOrigin = originOf(stored.connection.baseUrl) ?? stored.connection.baseUrl;
  const formOrigin = originOf(form.baseUrl);
  // Saved secrets go along only to the origin they were entered for.
  const secretsMayGo =
    formOrigin !== undefined && formOrigin === originOf(stored.connection.baseUrl);
  const withheld: string[] = [];
  const headers: Record<string, string> = {};
  const secretHeaders: string[] = [];
  const rowsByName = new Map<string, HeaderRow>();
  const seen = new Set<string>();

  for (const row of form.headers) {
    const name = row.name.trim();
    const field: FormField = `header:${row.id}`;
    if (name === "" && row.value === "" && row.savedName === undefined) continue; // an untouched blank row
    if (name === "") {
      addError(errors, field, t("connection.headerNameRequired"));
      continue;
    }
    if (seen.has(name.toLowerCase())) {
      addError(errors, field, t("connection.headerTwice", { name }));
      continue;
    }
    seen.add(name.toLowerCase());
    let value = row.value;
    if (value === "" && row.savedName !== undefined) {
      if (!secretsMayGo) {
        if (purpose === "test") {
          withheld.push(`header "${name}"`);
          continue;
        }
        addError(
          errors,
          field,
          secretMovedMessage(t("connection.headerValue", { name }), storedOrigin, formOrigin)
        );
        continue;
      }
      value = stored.connection.headers[row.savedName] ?? "";
    }
    if (value.trim() === "") {
      addError(errors, field, t("connection.headerNeedsValue", { name }));
      continue;
    }
    headers[name] = value;
    rowsByName.set(name, row);
    if (row.secret) secretHeaders.push(name);
  }

  let credential: unknown;
  if (form.credentialKind === "bearer") {
    const storedToken =
      stored.connection.credential.kind === "bearer" ? stored.connection.credential.token : "";
    const keepsSaved = form.token === "" && form.tokenSaved;
    if (keepsSaved && !secretsMayGo) {
      if (purpose === "test") {
        // Tested without it: what the form holds, never the token saved for another address.
        withheld.push("the token");
        credential = { kind: "none" };
      } else {
        addError(
          errors,
          "token",
          secretMovedMessage(t("connection.theToken"), storedOrigin, formOrigin)
        );
        credential = { kind: "none" };
      }
    } else {
      credential = { kind: "bearer", token: keepsSaved ? storedToken : form.token };
    }
  } else if (form.credentialKind === "gateway") {
    // Always with its sign-in: a save asks for the three settings (older saved settings had none).
    credential = { kind: "gateway", signIn: signInFromForm(form) };
  } else {
    credential = { kind: form.credentialKind };
  }

  const pollIntervalMs = secondsToMs(form.pollIntervalSeconds);
  if (pollIntervalMs === undefined) addError(errors, "pollInterval", t("connection.pollInterval"));
  const approvalTimeoutMs = secondsToMs(form.approvalTimeoutSeconds);
  if (approvalTimeoutMs === undefined)
    addError(errors, "approvalTimeout", t("connection.approvalTimeout"));

  const candidate = {
    connection: {
      baseUrl: form.baseUrl,
      headers,
      credential,
      ...(secretHeaders.length > 0 ? { secretHeaders } : {}),
    },
    pollIntervalMs: pollIntervalMs ?? stored.pollIntervalMs,
    approvalTimeoutMs: approvalTimeoutMs ?? stored.approvalTimeoutMs,
  };
  const check = checkStoredSettings(candidate);
  if (!check.ok) {
    for (const p of check.problems) {
      const field = fieldOfProblem(p.field, rowsByName);
      if (
        (field === "pollInterval" && pollIntervalMs === undefined) ||
        (field === "approvalTimeout" && approvalTimeoutMs === undefined)
      ) {
        continue; // already said in the form's own words
      }
      addError(errors, field, `${labelOf(p.field)} ${settingsProblemText(p, currentLanguage())}.`);
    }
  }
  if (Object.keys(errors).length > 0 || !check.ok) {
    if (Object.keys(errors).length === 0) addError(errors, "form", t("connection.notValid"));
    return { ok: false, errors };
  }
  // IT's values win here too: its fields are locked, but a page's fields can be changed, so Save,
  // Test connection and Sign in use IT's address and sign-in, never what the page says now; with
  // bad values from IT nothing is used at all.
  const it = itConnection();
  if (it?.problems) {
    addError(errors, "form", t("connection.itBad", { problems: it.problems.join("; ") }));
    return { ok: false, errors };
  }
  return { ok: true, settings: withItConnection(check.settings), withheld };
}
