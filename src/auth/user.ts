/**
 * Who is signed in, as the pane and the Billing log name them.
 */
import type { AccountInfo } from "@azure/msal-browser";

/** Who is signed in. */
export interface SignedInUser {
  /** `preferred_username` (e.g. name@company); display only — it can change, `oid` does not. */
  username: string;
  /** The display name, when the directory gives one. */
  name?: string;
  /** True when the token comes from Office's own account (nested app authentication). */
  nested: boolean;
  /** The app roles of the user's access token (`roles`), once a token was issued. */
  roles?: readonly string[];
}

/** The name to show for `account`: its ID token's `preferred_username`, else msal's username. */
export function usernameOf(account: Pick<AccountInfo, "username" | "idTokenClaims">): string {
  const claims = account.idTokenClaims as { preferred_username?: unknown } | undefined;
  return typeof claims?.preferred_username === "string"
    ? claims.preferred_username
    : account.username;
}

/** The SignedInUser for `account`. */
export function userOf(
  account: Pick<AccountInfo, "username" | "idTokenClaims" | "name">,
  nested: boolean
): SignedInUser {
  const username = usernameOf(account);
  return account.name ? { username, name: account.name, nested } : { username, nested };
}
