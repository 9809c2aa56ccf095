/** The client's error hierarchy: one class per outcome the caller treats differently. */
export { BillingError, isBillingError, summariseEntries } from "./billing-error";
export type { BillingErrorDetails, BillingErrorName } from "./billing-error";
export { ValidationError, isValidationError } from "./validation-error";
export { NotFoundError, isNotFoundError } from "./not-found-error";
export { AuthError, isAuthError, AUTH_ADVICE, userAuthAdvice } from "./auth-error";
export type { AuthProblem, AuthReason } from "./auth-error";
export { UserTokenError, isUserTokenError, NO_USER_TOKEN_CODE } from "./user-token-error";
export { RateLimitError, isRateLimitError } from "./rate-limit-error";
export { UnavailableError, isUnavailableError } from "./unavailable-error";
export {
  UnknownOutcomeError,
  isUnknownOutcomeError,
  UNKNOWN_OUTCOME_ADVICE,
} from "./unknown-outcome-error";
export { SettingsError, isSettingsError, settingsProblemText } from "./settings-error";
export type { SettingsProblem } from "./settings-error";
export { ResponseFormatError, isResponseFormatError } from "./response-format-error";
export {
  BILLING_ROLES,
  GATEWAY_REFUSAL_KEYS,
  GATEWAY_REFUSAL_TEXT,
  GATEWAY_TOKEN_FAILED,
  SIGN_IN_ON_PANE,
  gatewayAuthReason,
  readerRefusal,
  GATEWAY_USER_SCOPE,
  gatewaySignInProblem,
  isGatewayTokenRefusal,
} from "./gateway-refusal";
export { CancelledError, isCancelledError } from "./cancelled-error";
