/**
 * The company's connection, shipped with the add-in by IT (issue 25 item 8; docs/it/it-setup.md,
 * "Shipping the connection settings with the add-in"): the production build reads BILLING_BASE_URL,
 * BILLING_AUTHORITY, BILLING_CLIENT_ID and BILLING_SCOPE (scripts/it-connection.js) into
 * `__BILLING_IT_CONNECTION__`. A controller then opens the pane ready to sign in, copying nothing.
 *
 * IT's values win over anything stored: the base URL and the credential are IT's, and the
 * Connection tab shows them as set by IT without letting them be changed. Why: the user's work
 * token goes wherever the base URL points, so an address pasted from a message could collect it;
 * and a stored value from an earlier setup must not silently replace what IT shipped. Extra
 * headers and timing stay the user's.
 */
import type { SignInSettings } from "../api";
import type { StoredSettings } from "./settings-model";

/** What IT ships: the base URL, the gateway's sign-in when it is a gateway, the company's zone. */
export interface ItConnection {
  baseUrl: string;
  signIn?: SignInSettings;
  /** The company's time zone (BILLING_TIME_ZONE, an IANA name); wins over a stored one. */
  timeZone?: string;
}

declare const __BILLING_IT_CONNECTION__: ItConnection | null | undefined;

/** The bundle's value (DefinePlugin), or null outside a webpack build (Node tests). */
function built(): ItConnection | null {
  return typeof __BILLING_IT_CONNECTION__ === "undefined" ? null : __BILLING_IT_CONNECTION__;
}

let replaced: { value: ItConnection | null } | undefined;

/** Replaces IT's connection (tests); no argument = the bundle's again. */
export function useItConnection(next?: ItConnection | null): void {
  replaced = next === undefined ? undefined : { value: next };
}

/** IT's connection, or undefined when the build carries none. */
export function itConnection(): ItConnection | undefined {
  return (replaced ? replaced.value : built()) ?? undefined;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * `settings` with IT's connection laid over: IT's base URL; IT's gateway sign-in when IT gave one,
 * else the stored credential and headers only while they were saved for IT's origin (a secret is
 * only sent to the address it was entered for).
 */
export function withItConnection(settings: StoredSettings): StoredSettings {
  const it = itConnection();
  if (it === undefined) return settings;
  const c = settings.connection;
  const sameOrigin = originOf(c.baseUrl) === originOf(it.baseUrl);
  const connection = it.signIn
    ? {
        ...c,
        baseUrl: it.baseUrl,
        credential: { kind: "gateway" as const, signIn: { ...it.signIn } },
        ...(sameOrigin ? {} : { headers: {}, secretHeaders: undefined }),
      }
    : sameOrigin
      ? { ...c, baseUrl: it.baseUrl }
      : { baseUrl: it.baseUrl, headers: {}, credential: { kind: "none" as const } };
  if (connection.secretHeaders === undefined) delete connection.secretHeaders;
  // The company's zone: IT's when IT ships one, else the user's own (kept on any address).
  const timeZone = it.timeZone ?? c.timeZone;
  if (timeZone === undefined) delete (connection as { timeZone?: string }).timeZone;
  else (connection as { timeZone?: string }).timeZone = timeZone;
  return { ...settings, connection };
}
