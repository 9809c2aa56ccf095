/**
 * The user-token provider (ClientOptions.userToken) could not give a token: nobody is signed in, or
 * the silent renewal failed. Thrown by the provider (src/auth), before anything is sent; the client
 * turns it into an AuthError ("sign-in-required") whose cause carries {@link NO_USER_TOKEN_CODE},
 * so that `isNotSentError` knows the request never left.
 */

import { reasonText, type Reason } from "../../i18n";

/** The code on a UserTokenError: nothing was sent. */
export const NO_USER_TOKEN_CODE = "ERR_NO_USER_TOKEN";

/** No user token could be had; `message` is the plain sentence a controller sees. */
export class UserTokenError extends Error {
  override name = "UserTokenError" as const;
  /** Read by `networkErrorCodes` (to-billing-error.ts): the request was never sent. */
  readonly code = NO_USER_TOKEN_CODE;
  /** The sentence as a code and values (src/i18n reasons), when made from one. */
  readonly reason?: Reason;

  /** @param message - the sentence, or its reason (the message is then its English words) */
  constructor(message: string | Reason) {
    super(typeof message === "string" ? message : reasonText(message));
    if (typeof message !== "string") this.reason = message;
  }
}

/** True when `value` is a {@link UserTokenError} (by name, across module copies). */
export function isUserTokenError(value: unknown): value is UserTokenError {
  return (
    value instanceof UserTokenError || (value instanceof Error && value.name === "UserTokenError")
  );
}
