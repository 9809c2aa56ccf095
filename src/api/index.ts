/**
 * The billing service client (docs/developers/architecture.md "api"): the one public entry of `src/api`.
 */
export { createBillingClient } from "./billing-client";
export type { ClientOptions, RequestInfo, UserTokenProvider } from "./client-options";
export { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from "./client-options";
export { DEFAULT_RETRY, requestBudgetMs } from "./retry-policy";
export type { RetrySettings } from "./retry-policy";
export { DEFAULT_SETTINGS, companyTimeZone, validateSettings } from "./settings";
export type { SettingsValidation } from "./settings";
export {
  calendarDateInZone,
  calendarDateOfInstant,
  isTimeZone,
  isoInZone,
  machineTimeZone,
  nextDay,
  startOfDayInZone,
  startOfDayMs,
} from "./time-zone";
export { isServiceId, sameId } from "./ids";
export { isDecimalText, moneyText } from "./decimal-text";
export { REDACTED, isSecretHeaderName, redactHeaders, redactSecrets, secretValues } from "./redact";
export { CORS_EXPOSED_HEADERS, CORS_REQUIRED_HEADERS } from "./cors-headers";
export { parseRetryAfter } from "./retry-after";
export { QUOTE_LIMIT, quoteShort } from "./short-text";
export { RateGovernor, governorFor, serviceKey } from "./rate-governor";
export type { RateGovernorOptions, RateLimitState } from "./rate-governor";
export {
  AUTH_ADVICE,
  AuthError,
  BillingError,
  CancelledError,
  NotFoundError,
  RateLimitError,
  ResponseFormatError,
  SettingsError,
  UNKNOWN_OUTCOME_ADVICE,
  UnavailableError,
  UnknownOutcomeError,
  ValidationError,
  isAuthError,
  isBillingError,
  isCancelledError,
  isNotFoundError,
  isRateLimitError,
  isResponseFormatError,
  isSettingsError,
  settingsProblemText,
  isUnavailableError,
  isUnknownOutcomeError,
  isValidationError,
  isUserTokenError,
  userAuthAdvice,
  UserTokenError,
} from "./errors";
export type { AuthProblem, BillingErrorDetails, BillingErrorName, SettingsProblem } from "./errors";
export {
  BILLING_ROLES,
  GATEWAY_REFUSAL_KEYS,
  GATEWAY_REFUSAL_TEXT,
  GATEWAY_TOKEN_FAILED,
  SIGN_IN_ON_PANE,
  GATEWAY_USER_SCOPE,
  gatewaySignInProblem,
} from "./errors";
export type {
  BankAccount,
  BillingClient,
  BillingItem,
  BillingItemKind,
  BillingItemSummary,
  BillingTariff,
  CallOptions,
  ConnectionSettings,
  Contract,
  ContractProduct,
  ContractSummary,
  CreateInvoiceRequest,
  Credential,
  Customer,
  Invoice,
  SearchedInvoices,
  InvoiceLineRequest,
  InvoiceQuery,
  InvoiceSentStatus,
  InvoiceStatus,
  Product,
  ProductBillingItem,
  PropertyGroupBillingConfiguration,
  ServiceErrorEntry,
  ServiceLocation,
  ServiceLocationRef,
  SignInSettings,
  TariffCalculationType,
  TaxCode,
  TaxRate,
} from "./types";
export { INVOICE_STATUSES } from "./types";
export { isNotSentError } from "./to-billing-error";
export { isBulkNotOffered } from "./invoice-actions";
export type { BulkOutcome, BulkRefusal, SendChannel } from "./invoice-actions";
export { BULK_CHUNK_SIZE } from "./bulk-request";
export { actionErrorReason, actionErrorWords, describeActionEntry } from "./action-error-words";
// The reasons the client's errors carry (src/i18n), for the layers that may import only api (src/auth).
export { reason, reasonText } from "../i18n";
export { checkItConnection, dialogDirectoryAllowed, isDirectoryShape } from "./it-values";
export type { ItConnection } from "./it-values";
