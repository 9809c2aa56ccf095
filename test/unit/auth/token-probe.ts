/**
 * A listener of the signed-in user that asks for a token the moment it is told of a change, with no
 * await before, as the pane's header probe does (and the fetch-based client, which asks without
 * awaits): what it was given tells whether the sessions were up to date when the listeners heard
 * of the change (commit 4561ee1).
 */
import { getToken, onUserChanged } from "../../../src/auth/index";
import type { SignedInUser } from "../../../src/auth/index";
import { isUserTokenError } from "../../../src/api/index";
import type { SignInSettings } from "../../../src/api/index";

/** What one ask was given: the token, or the refusal's words and whether it is a UserTokenError. */
export type ProbeOutcome = { token: string } | { refused: string; userTokenError: boolean };

/**
 * Runs `action` with a listener that, for each change where `when(user)` holds, asks for a token of
 * `settings` synchronously inside the notification; returns what every ask was given, in order.
 */
export async function probeDuring(
  settings: SignInSettings,
  when: (user: SignedInUser | undefined) => boolean,
  action: () => Promise<unknown>
): Promise<ProbeOutcome[]> {
  const asked: Promise<string>[] = [];
  const off = onUserChanged((user) => {
    if (when(user)) asked.push(getToken(settings));
  });
  try {
    await action();
  } finally {
    off();
  }
  return await Promise.all(
    asked.map((ask) =>
      ask.then(
        (token): ProbeOutcome => ({ token }),
        (error: unknown): ProbeOutcome => ({
          refused: (error as Error).message,
          userTokenError: isUserTokenError(error),
        })
      )
    )
  );
}
