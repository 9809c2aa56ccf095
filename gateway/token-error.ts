/**
 * Why the gateway has no token: the one error the token source throws. Its message is for the
 * controller's cell and the IT log alike, so it names the cause and the variable to fix, and never
 * carries the secret or a token.
 */

/** What went wrong with the token endpoint. */
export type TokenFailure = "refused" | "unreachable" | "timeout" | "bad-answer";

/** The gateway could not get a token from Microsoft Entra ID. */
export class TokenError extends Error {
  override name = "TokenError" as const;
  readonly failure: TokenFailure;
  /** Entra's `error` (e.g. `invalid_client`), when it answered one. */
  readonly entraError?: string;

  constructor(failure: TokenFailure, message: string, entraError?: string) {
    super(message);
    this.failure = failure;
    this.entraError = entraError;
  }
}

/** True for a {@link TokenError}, also across module copies. */
export function isTokenError(value: unknown): value is TokenError {
  return value instanceof TokenError || (value as { name?: unknown })?.name === "TokenError";
}
