/**
 * The company's connection, shipped with the add-in by IT (docs/it/it-setup.md,
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
import { checkItConnection, dialogDirectoryAllowed as allowedFor } from "../api";
import type { ItConnection } from "../api";
import type { StoredSettings } from "./settings-model";

export { checkItConnection } from "../api";
export type { ItConnection } from "../api";

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

/**
 * IT's connection, checked when it is loaded; undefined when the build carries none. Values that
 * fail the checks come back as `{ baseUrl: "", problems }`: nothing can be sent with them.
 */
export function itConnection(): ItConnection | undefined {
  const raw = (replaced ? replaced.value : built()) ?? undefined;
  if (raw === undefined) return undefined;
  const checked = checkItConnection(raw);
  return checked.ok ? checked.connection : { baseUrl: "", problems: checked.problems };
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
  // A bundle with bad values sends nothing: no address, no credential (the Connection tab warns).
  if (it.problems) {
    return { ...settings, connection: { baseUrl: "", headers: {}, credential: { kind: "none" } } };
  }
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

/** Whether the sign-in dialog may go to `directory`, by the bundle's IT values (src/api/it-values.ts). */
export function dialogDirectoryAllowed(directory: string): boolean {
  return allowedFor((replaced ? replaced.value : built()) ?? null, directory);
}
