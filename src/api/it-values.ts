/**
 * The checks of IT's connection values, one source for the build (scripts/it-connection.js
 * compiles this file with esbuild and refuses to build with a bad value), for the add-in when it
 * loads them (src/excel/it-settings.ts) and for the sign-in dialog (src/signin-dialog). Pure, no
 * imports but types.
 */
import type { SignInSettings } from "./types";

/** What IT ships: the base URL, and the gateway's sign-in when it is a gateway. */
export interface ItConnection {
  baseUrl: string;
  signIn?: SignInSettings;
  /** The company's time zone (BILLING_TIME_ZONE, an IANA name); wins over a stored one. */
  timeZone?: string;
  /**
   * Set when the bundle's values fail the checks ({@link checkItConnection}): what is wrong, in
   * words that never quote a value. The add-in then sends nothing (no base URL, no credential) and
   * the Connection tab says so.
   */
  problems?: string[];
}

/** Hosts for which plain http (and a non-Entra authority) is accepted: this machine only. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A directory named by its domain (contoso.onmicrosoft.com, contoso.com). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const ENTRA_LOGIN = "login.microsoftonline.com";

/** A URL IT gave, or undefined when it is not one (or has user info, a query or a fragment). */
function cleanUrl(text: string, name: string, problems: string[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.push(`${name} is not a URL`);
    return undefined;
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
    problems.push(`${name} must use https:// (plain http:// only for localhost)`);
  }
  if (url.username !== "" || url.password !== "")
    problems.push(`${name} holds a user name or password`);
  if (text.includes("?")) problems.push(`${name} holds a query (?…)`);
  if (text.includes("#")) problems.push(`${name} holds a fragment (#…)`);
  return url;
}

/** The directory: its id, its domain, or Entra's authority URL for one (a local provider on localhost). */
function checkDirectory(text: string, problems: string[]): void {
  if (GUID.test(text) || DOMAIN.test(text)) return;
  const before = problems.length;
  const url = cleanUrl(text, "The directory (BILLING_AUTHORITY)", problems);
  if (url === undefined || problems.length > before) return;
  const tenant = url.pathname.split("/").filter(Boolean);
  const entra =
    url.protocol === "https:" &&
    url.host.toLowerCase() === ENTRA_LOGIN &&
    tenant.length >= 1 &&
    tenant.length <= 2 &&
    (GUID.test(tenant[0]) || DOMAIN.test(tenant[0])) &&
    (tenant.length === 1 || tenant[1] === "v2.0");
  if (!entra && !LOCAL_HOSTS.has(url.hostname)) {
    problems.push(
      "The directory (BILLING_AUTHORITY) must be a directory id, its domain or https://login.microsoftonline.com/<directory id>"
    );
  }
}

/**
 * Checks IT's values as the build does (scripts/it-connection.js, the same rules): the base URL
 * https (plain http for localhost alone) without user info, query or fragment; a GUID client id; a
 * directory of Entra's shape; a gateway scope `api://…/…`. Fields it does not know are left alone
 * (another setting may ship beside these). Problems never quote a value: a base URL may hold a
 * password.
 */
export function checkItConnection(
  value: unknown
): { ok: true; connection: ItConnection } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof v.baseUrl !== "string" || v.baseUrl.trim() === "") {
    return { ok: false, problems: ["The base URL (BILLING_BASE_URL) is missing"] };
  }
  const url = cleanUrl(v.baseUrl, "The base URL (BILLING_BASE_URL)", problems);
  if (url !== undefined && url.pathname !== "/") {
    problems.push("The base URL (BILLING_BASE_URL) must be scheme and host only, without a path");
  }
  const signIn = v.signIn as Partial<Record<keyof SignInSettings, unknown>> | undefined;
  if (signIn !== undefined) {
    const text = (x: unknown) => (typeof x === "string" ? x.trim() : "");
    checkDirectory(text(signIn.directory), problems);
    if (!GUID.test(text(signIn.clientId))) {
      problems.push("The application id (BILLING_CLIENT_ID) must be a GUID");
    }
    if (!/^api:\/\/[^\s?#]+\/[A-Za-z0-9_.-]+$/.test(text(signIn.scope))) {
      problems.push("The gateway scope (BILLING_SCOPE) must be api://<gateway app>/<scope>");
    }
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, connection: value as ItConnection };
}

/** True when `directory` is of Entra's shape (an id, a domain, Entra's URL) or on this machine. */
export function isDirectoryShape(directory: string): boolean {
  const problems: string[] = [];
  checkDirectory(directory.trim(), problems);
  return problems.length === 0;
}

/**
 * Whether the sign-in dialog may go to `directory`, given IT's shipped values `it` (null: none):
 * only IT's directory when IT set one; none at all when IT's values are bad; else a directory of
 * Entra's shape (or one on this machine). An address must never send the user from the add-in's
 * own domain to a provider of its choosing.
 */
export function dialogDirectoryAllowed(it: unknown, directory: string): boolean {
  if (it === null || it === undefined) return isDirectoryShape(directory);
  const checked = checkItConnection(it);
  if (!checked.ok) return false;
  const own = checked.connection.signIn?.directory;
  if (own === undefined) return isDirectoryShape(directory);
  return directory.trim().toLowerCase() === own.trim().toLowerCase();
}
