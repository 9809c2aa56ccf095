/**
 * Connection settings: validation of what the task pane (or storage) hands over, and the defaults.
 * Pure; problems name the field and never echo a secret value.
 */
import type { ConnectionSettings, Credential, SignInSettings } from "./types";
import { settingsProblem, type SettingsProblem } from "./errors/settings-error";
import { isJsonObject } from "./pick";
import { isTimeZone, machineTimeZone } from "./time-zone";

/**
 * The embedded simulator (`npm run simulator`), used when nothing else is configured
 * (docs/developers/rules.md#where-settings-live).
 */
export const DEFAULT_SETTINGS: Readonly<ConnectionSettings> = Object.freeze<ConnectionSettings>({
  baseUrl: "http://localhost:3001",
  headers: {},
  credential: { kind: "none" },
});

/**
 * Hosts for which plain http is allowed; everything else needs https
 * (docs/developers/rules.md#what-is-set).
 */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** RFC 7230 `token`: the characters a header name may contain. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Characters a header value must not contain (they would split or end the header). */
const HEADER_VALUE_FORBIDDEN = /[\r\n\0]/;

/** A pasted token often starts with the scheme; it is added by the client. */
const BEARER_PREFIX = /^bearer(\s+|$)/i;

/** Result of {@link validateSettings}. */
export type SettingsValidation =
  { ok: true; settings: ConnectionSettings } | { ok: false; problems: SettingsProblem[] };

function validateBaseUrl(value: unknown, problems: SettingsProblem[]): string | undefined {
  const field = "baseUrl";
  if (typeof value !== "string" || value.trim() === "") {
    problems.push(settingsProblem(field, "set.url.required"));
    return undefined;
  }
  // "billing.example.com" or "localhost:3001" (which URL reads as scheme "localhost:"): say what
  // is missing rather than "not a valid URL".
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim())) {
    problems.push(settingsProblem(field, "set.url.noScheme"));
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    problems.push(settingsProblem(field, "set.url.invalid"));
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    problems.push(settingsProblem(field, "set.url.scheme"));
    return undefined;
  }
  const before = problems.length;
  if (url.hostname === "") problems.push(settingsProblem(field, "set.url.noHost"));
  if (url.username !== "" || url.password !== "") {
    problems.push(settingsProblem(field, "set.url.userInfo"));
  }
  if (url.pathname !== "/" && url.pathname !== "") {
    problems.push(settingsProblem(field, "set.url.path"));
  }
  if (url.search !== "" || value.includes("?")) {
    problems.push(settingsProblem(field, "set.url.query"));
  }
  if (url.hash !== "" || value.includes("#")) {
    problems.push(settingsProblem(field, "set.url.fragment"));
  }
  if (url.protocol === "http:" && !LOCAL_HOSTS.has(url.hostname)) {
    problems.push(settingsProblem(field, "set.url.https"));
  }
  if (problems.length > before) return undefined;
  return `${url.protocol}//${url.host}`;
}

function validateHeaders(value: unknown, problems: SettingsProblem[]): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isJsonObject(value)) {
    problems.push(settingsProblem("headers", "set.hdr.list"));
    return {};
  }
  const headers: Record<string, string> = {};
  for (const [name, headerValue] of Object.entries(value)) {
    const field = `headers.${name}`;
    if (!HEADER_NAME.test(name)) {
      problems.push(settingsProblem(field, "set.hdr.name"));
      continue;
    }
    if (typeof headerValue !== "string") {
      problems.push(settingsProblem(field, "set.hdr.text"));
      continue;
    }
    if (HEADER_VALUE_FORBIDDEN.test(headerValue)) {
      problems.push(settingsProblem(field, "set.hdr.lineBreak"));
      continue;
    }
    headers[name] = headerValue.trim();
  }
  return headers;
}

function validateSecretHeaders(value: unknown, problems: SettingsProblem[]): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    problems.push(settingsProblem("secretHeaders", "set.secretHeaders"));
    return undefined;
  }
  return value as string[];
}

function validateTimeZone(value: unknown, problems: SettingsProblem[]): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "string" && isTimeZone(value.trim())) return value.trim();
  problems.push(settingsProblem("timeZone", "set.timeZone"));
  return undefined;
}

function validateCredential(value: unknown, problems: SettingsProblem[]): Credential | undefined {
  if (value === undefined || value === null) return { kind: "none" };
  const kind = isJsonObject(value) ? value.kind : undefined;
  if (kind === "none") return { kind };
  if (kind === "gateway") {
    const raw = (value as { signIn?: unknown }).signIn;
    // Saved before sign-in existed: kept, and the add-in asks for sign-in (validateSignIn's job).
    if (raw === undefined || raw === null) return { kind };
    const signIn = validateSignIn(raw, problems);
    return signIn === undefined ? undefined : { kind, signIn };
  }
  if (kind !== "bearer") {
    problems.push(settingsProblem("credential.kind", "set.cred.kind"));
    return undefined;
  }
  const raw = (value as { token?: unknown }).token;
  const field = "credential.token";
  if (typeof raw !== "string") {
    problems.push(settingsProblem(field, "set.token.required"));
    return undefined;
  }
  const token = raw.trim().replace(BEARER_PREFIX, "").trim();
  if (token === "") {
    problems.push(settingsProblem(field, "set.token.required"));
    return undefined;
  }
  if (/\s/.test(token)) {
    problems.push(settingsProblem(field, "set.token.spaces"));
    return undefined;
  }
  return { kind: "bearer", token };
}

/** A GUID, as Entra writes directory and application ids. */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A directory's domain name, e.g. contoso.onmicrosoft.com (Entra accepts it for the id). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/** `api://<app id or URI>/<scope name>`, or an https application id URI + scope name. */
const SCOPE = /^(api:\/\/|https:\/\/)[^\s/]+(\/[^\s/]+)*\/[A-Za-z0-9_.-]+$/;

function validateDirectory(value: string, problems: SettingsProblem[]): string | undefined {
  const field = "credential.signIn.directory";
  if (value === "") {
    problems.push(settingsProblem(field, "set.signIn.directoryRequired"));
    return undefined;
  }
  if (GUID.test(value) || DOMAIN.test(value)) return value.toLowerCase();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    problems.push(settingsProblem(field, "set.signIn.directoryKind"));
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(settingsProblem(field, "set.url.invalid"));
    return undefined;
  }
  // msal-browser refuses a plain-http authority (authority_uri_insecure), even for localhost.
  if (url.protocol !== "https:") {
    problems.push(settingsProblem(field, "set.signIn.https"));
    return undefined;
  }
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") {
    problems.push(settingsProblem(field, "set.signIn.authority"));
    return undefined;
  }
  return url.href.replace(/\/+$/, "");
}

function validateSignIn(value: unknown, problems: SettingsProblem[]): SignInSettings | undefined {
  if (!isJsonObject(value)) {
    problems.push(settingsProblem("credential.signIn", "set.signIn.object"));
    return undefined;
  }
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const before = problems.length;
  const directory = validateDirectory(str(value.directory), problems);
  const clientId = str(value.clientId);
  if (clientId === "") {
    problems.push(settingsProblem("credential.signIn.clientId", "set.signIn.clientIdRequired"));
  } else if (!GUID.test(clientId)) {
    problems.push(settingsProblem("credential.signIn.clientId", "set.signIn.clientId"));
  }
  const scope = str(value.scope);
  if (scope === "") {
    problems.push(settingsProblem("credential.signIn.scope", "set.signIn.scopeRequired"));
  } else if (!SCOPE.test(scope)) {
    problems.push(settingsProblem("credential.signIn.scope", "set.signIn.scope"));
  }
  if (problems.length > before || directory === undefined) return undefined;
  return { directory, clientId: clientId.toLowerCase(), scope };
}

/**
 * Checks connection settings and returns them normalised (base URL without trailing slash,
 * "Bearer " prefix and outer whitespace removed from the token), or every problem found.
 */
export function validateSettings(input: unknown): SettingsValidation {
  if (!isJsonObject(input)) {
    return { ok: false, problems: [{ field: "settings", message: "must be an object" }] };
  }
  const problems: SettingsProblem[] = [];
  const baseUrl = validateBaseUrl(input.baseUrl, problems);
  const headers = validateHeaders(input.headers, problems);
  const secretHeaders = validateSecretHeaders(input.secretHeaders, problems);
  const credential = validateCredential(input.credential, problems);
  const timeZone = validateTimeZone(input.timeZone, problems);
  if (problems.length > 0 || baseUrl === undefined || credential === undefined) {
    return { ok: false, problems };
  }
  const settings: ConnectionSettings = { baseUrl, headers, credential };
  if (secretHeaders !== undefined) settings.secretHeaders = secretHeaders;
  if (timeZone !== undefined) settings.timeZone = timeZone;
  return { ok: true, settings };
}

/** The company's time zone of `settings`: the one set (by IT or the user), else the machine's. */
export function companyTimeZone(settings: Pick<ConnectionSettings, "timeZone">): string {
  return settings.timeZone ?? machineTimeZone();
}
