/**
 * The msal-browser configuration for the sign-in settings. Pure, so that Node tests check
 * it: Entra ID for a directory id or domain; any other https authority (the local identity provider)
 * as a plain OpenID provider, listed in `knownAuthorities` so that msal never asks Microsoft's
 * instance discovery on the internet about it.
 */
import type { Configuration } from "@azure/msal-browser";
import type { SignInSettings } from "../api";

/** Microsoft Entra ID's sign-in host (the public cloud). */
export const ENTRA_LOGIN_HOST = "login.microsoftonline.com";

/** The authority URL for `directory`: a directory id/domain → Entra, a URL → itself. */
export function authorityOf(directory: string): string {
  return /^https:\/\//i.test(directory)
    ? directory.replace(/\/+$/, "")
    : `https://${ENTRA_LOGIN_HOST}/${directory}`;
}

/** True when the authority is not Entra ID (the local identity provider, another OpenID provider). */
export function isOtherProvider(authority: string): boolean {
  return new URL(authority).host.toLowerCase() !== ENTRA_LOGIN_HOST;
}

/**
 * msal's configuration. `redirectUri` is the page's own origin + path (the task pane page, which the
 * app registration lists as a single-page-application redirect URI). Tokens are cached in
 * localStorage so that a reload does not ask again (msal encrypts nothing there either way; the
 * access token is short-lived and only good for the gateway).
 */
export function msalConfiguration(settings: SignInSettings, redirectUri: string): Configuration {
  const authority = authorityOf(settings.directory);
  const other = isOtherProvider(authority);
  return {
    auth: {
      clientId: settings.clientId,
      authority,
      redirectUri,
      // An OpenID provider that is not Entra: plain OIDC, its own metadata, no instance discovery.
      ...(other
        ? { protocolMode: "OIDC" as const, knownAuthorities: [new URL(authority).host] }
        : {}),
    },
    cache: { cacheLocation: "localStorage" },
    system: {
      // Renew this long before expiry (msal's default, stated): a run never sends a token that
      // expires in flight.
      tokenRenewalOffsetSeconds: 300,
    },
  };
}

/** A stable key of the settings: a new msal instance only when they change. */
export function signInKey(settings: SignInSettings): string {
  return JSON.stringify([settings.directory, settings.clientId, settings.scope]);
}

/**
 * The `prompt` of an interactive sign-in (switching user): the directory shows its
 * account picker (`select_account`) instead of silently signing the last account in again, so after
 * Sign out a controller can choose another account (and one with two accounts picks the company
 * one). Entra supports it; the local identity provider answers it with its sign-in page. Under
 * nested app authentication msal ignores `prompt`: the account is Office's.
 */
export const INTERACTIVE_PROMPT = "select_account";
