/**
 * The company gateway's (gateway/) own refusal to forward: it could not get a token from Microsoft
 * Entra ID, so nothing reached the service. Its message names the cause and what IT must fix; the
 * add-in shows it as it is instead of "cannot reach the service"
 * (docs/developers/rules.md#settings-and-security).
 */
import { reason, reasonText, type Reason } from "../../i18n";
import type { ServiceErrorEntry } from "../types";
import type { AuthReason } from "./auth-error";
import { isBillingError } from "./billing-error";

/** The error key of the gateway's 502 when it has no token (nothing was forwarded). */
export const GATEWAY_TOKEN_FAILED = "GATEWAY_TOKEN_FAILED";

/** True when `entries` carry the gateway's "no token" refusal. */
export function isGatewayTokenRefusal(entries: readonly ServiceErrorEntry[]): boolean {
  return entries.some((e) => (e.key ?? "").toUpperCase() === GATEWAY_TOKEN_FAILED);
}

/** The gateway's own words when `error` is its "no token" refusal; undefined otherwise. */
export function gatewaySignInProblem(error: unknown): string | undefined {
  if (!isBillingError(error) || !isGatewayTokenRefusal(error.entries)) return undefined;
  const entry = error.entries.find((e) => (e.key ?? "").toUpperCase() === GATEWAY_TOKEN_FAILED);
  return (
    entry?.message ??
    "The company gateway could not sign in to the billing service; IT must check its configuration."
  );
}

/**
 * The gateway's refusals of the caller: the keys of its 401/403/429 answers, shared by the
 * gateway that sends them and the add-in that explains them.
 */
export const GATEWAY_REFUSAL_KEYS = {
  /** 401: no token, or one that is not a valid token of the company's directory: sign in again. */
  signInRequired: "GATEWAY_SIGN_IN_REQUIRED",
  /** 403: a valid user without the app role the operation needs; the message names the role. */
  roleMissing: "GATEWAY_ROLE_MISSING",
  /** 403: an operation the add-in never makes; refused whoever asks. */
  operationNotAllowed: "GATEWAY_OPERATION_NOT_ALLOWED",
  /** 429: this user's own rate at the gateway (GATEWAY_USER_RATE), not the service's. */
  userRateLimited: "GATEWAY_USER_RATE_LIMITED",
} as const;

/** The Entra app roles the gateway knows (docs/developers/rules.md#identity). */
export const BILLING_ROLES = {
  /** Costs, lookups, reading invoices. */
  read: "Billing.Read",
  /** Also create, approve, delete a draft, send, credit. */
  invoice: "Billing.Invoice",
} as const;

/** The delegated scope every user token must carry (`scp`). */
export const GATEWAY_USER_SCOPE = "access_as_user";

/** Where a controller signs in: the words every "please sign in" message ends with. */
export const SIGN_IN_ON_PANE = "Sign in on the Billing pane (Connection)";

/**
 * The add-in's words for each refusal of the gateway (the gateway's own text may vary by version),
 * in English: the reasons catalogue's words (src/i18n/reasons-en.ts, `auth.*`), written once.
 */
export const GATEWAY_REFUSAL_TEXT = {
  signInRequired: /*#__PURE__*/ reasonText(reason("auth.signInRequired")),
  readerCreating: /*#__PURE__*/ reasonText(
    reason("auth.reader", { action: reason("auth.do.create"), role: BILLING_ROLES.invoice })
  ),
  noRead: /*#__PURE__*/ reasonText(reason("auth.noRead", { role: BILLING_ROLES.read })),
  roleMissing: /*#__PURE__*/ reasonText(reason("auth.roleMissing")),
  operationNotAllowed: /*#__PURE__*/ reasonText(reason("auth.notAllowed")),
} as const;

/** What a Billing.Invoice call does, in the words of a reader's refusal, from its endpoint. */
const INVOICE_ACTIONS: [RegExp, Reason][] = [
  [/\/(bulk\/)?send(viapostal)?$/, reason("auth.do.send")],
  [/\/(bulk\/)?credit$/, reason("auth.do.credit")],
  // Marking as sent needs the role that may send: said as sending.
  [/\/(bulk\/)?marksent$/, reason("auth.do.send")],
  [/\/(bulk\/)?approve$/, reason("auth.do.approve")],
  [/^DELETE /, reason("auth.do.delete")],
];

/** {@link readerRefusal} as a reason: the words are chosen where it is shown. */
export function readerRefusalReason(endpoint = ""): Reason {
  const action =
    INVOICE_ACTIONS.find(([pattern]) => pattern.test(endpoint))?.[1] ?? reason("auth.do.create");
  return reason("auth.reader", { action, role: BILLING_ROLES.invoice });
}

/**
 * A reader's refusal for the call at `endpoint` ("POST /api/bill/Invoices/{id}/send"): "Your
 * account may read but not send invoices; …". Creating is the default (the first thing a run does).
 */
export function readerRefusal(endpoint = ""): string {
  return reasonText(readerRefusalReason(endpoint));
}

function entryWithKey(
  entries: readonly ServiceErrorEntry[],
  key: string
): ServiceErrorEntry | undefined {
  return entries.find((e) => (e.key ?? "").toUpperCase() === key);
}

/**
 * The reason of a 401/403 that the company gateway itself sent (its keys in `entries`), or
 * undefined for any other 401/403 (the service's, a proxy's). The missing role is read from the
 * gateway's message, which names it ("… ask IT for Billing.Invoice"); what was refused, from the
 * call's `endpoint` (the add-in's own words, never the message's).
 */
export function gatewayAuthReason(
  status: number,
  entries: readonly ServiceErrorEntry[],
  endpoint?: string
): AuthReason | undefined {
  if (status === 401 && entryWithKey(entries, GATEWAY_REFUSAL_KEYS.signInRequired)) {
    return advised("sign-in-required", reason("auth.signInRequired"));
  }
  if (status !== 403) return undefined;
  const role = entryWithKey(entries, GATEWAY_REFUSAL_KEYS.roleMissing);
  if (role) {
    const words = `${role.key ?? ""} ${role.message ?? ""}`;
    const why = words.includes(BILLING_ROLES.invoice)
      ? readerRefusalReason(endpoint)
      : words.includes(BILLING_ROLES.read)
        ? reason("auth.noRead", { role: BILLING_ROLES.read })
        : reason("auth.roleMissing");
    return advised("role-missing", why);
  }
  if (entryWithKey(entries, GATEWAY_REFUSAL_KEYS.operationNotAllowed)) {
    return advised("operation-not-allowed", reason("auth.notAllowed"));
  }
  return undefined;
}

function advised(problem: AuthReason["problem"], why: Reason): AuthReason {
  return { problem, advice: reasonText(why), why };
}
