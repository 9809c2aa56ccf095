/**
 * Test connection: one cheap call, and its outcome in plain words — reachable, wrong URL, blocked
 * by CORS (and what the service must allow), 401/403, 5xx, unreachable host. The classification is
 * pure; the probe functions are handed in.
 */
import { currentLanguage, reasonWords, t } from "../i18n";
import type { BillingClient } from "../api";
import {
  isAuthError,
  userAuthAdvice,
  isNotFoundError,
  isRateLimitError,
  isResponseFormatError,
  isSettingsError,
  isUnavailableError,
  isBillingError,
} from "../api";

import { CORS_EXPOSED_HEADERS, CORS_REQUIRED_HEADERS } from "../api";

export { CORS_EXPOSED_HEADERS, CORS_REQUIRED_HEADERS };

/** What one probe call came to. */
export type ProbeOutcome =
  /** The billing service answered the call. */
  | { kind: "ok" }
  /** An HTTP answer with this status that the client could not use. */
  | { kind: "http"; status: number }
  /** Something answered 2xx, but not in the billing service's shape (an HTML page, another API). */
  | { kind: "not-billing" }
  /**
   * The browser's fetch failed without an answer (TypeError). `hostAnswers`: whether the host
   * answered a no-cors request (true → the answer was blocked by CORS; false → host unreachable;
   * undefined → not known).
   */
  | { kind: "fetch-failed"; hostAnswers?: boolean }
  | { kind: "timeout" }
  | { kind: "invalid-settings"; message: string }
  /** The company gateway needs a signed-in user (or one with another role): its plain sentence. */
  | { kind: "sign-in"; message: string };

/** The verdicts a test can reach. */
export type ConnectionVerdict =
  | "reachable"
  | "wrong-url"
  | "cors"
  | "auth"
  | "server-error"
  | "busy"
  | "unreachable"
  | "timeout"
  | "invalid-settings"
  | "unexpected";

/** The plain-words result shown under Test connection. */
export interface ConnectionReport {
  verdict: ConnectionVerdict;
  ok: boolean;
  /** One sentence. */
  title: string;
  /** Further lines: what to check or what the service must allow. */
  details: string[];
}

/** Context of {@link classifyProbe}. */
export interface ProbeContext {
  baseUrl: string;
  /** The add-in's origin (`location.origin`), which the service must allow. */
  origin: string;
  /** Names of the extra headers configured; they must be allowed too. */
  headerNames?: readonly string[];
  /** Saved secrets left out of the test because they belong to another origin ("the token"). */
  withheld?: readonly string[];
  /** The origin those secrets were saved for. */
  savedFor?: string;
}

/** The line saying which saved secrets were not sent, and why; undefined when none were left out. */
export function withheldNote(
  withheld: readonly string[] | undefined,
  savedFor: string | undefined
): string | undefined {
  if (!withheld || withheld.length === 0) return undefined;
  const list = withheld.join(", ");
  const where = savedFor ? t("test.savedFor", { address: savedFor }) : t("test.savedForOther");
  return t("test.withheld", { count: withheld.length, list, where });
}

function corsDetails(ctx: ProbeContext): string[] {
  const allowHeaders = [
    ...new Set([...CORS_REQUIRED_HEADERS, ...(ctx.headerNames ?? []).map((h) => h.toLowerCase())]),
  ];
  return [
    t("test.cors"),
    `Access-Control-Allow-Origin: ${ctx.origin}`,
    "Access-Control-Allow-Methods: GET, POST, OPTIONS",
    `Access-Control-Allow-Headers: ${allowHeaders.join(", ")}`,
    `Access-Control-Expose-Headers: ${CORS_EXPOSED_HEADERS.join(", ")}`,
  ];
}

/** Turns a probe outcome into a verdict with plain words. Pure. */
export function classifyProbe(outcome: ProbeOutcome, ctx: ProbeContext): ConnectionReport {
  switch (outcome.kind) {
    case "ok":
      return {
        verdict: "reachable",
        ok: true,
        title: t("test.ok", { url: ctx.baseUrl }),
        details: [],
      };
    case "not-billing":
      return {
        verdict: "wrong-url",
        ok: false,
        title: t("test.notBilling", { url: ctx.baseUrl }),
        details: [t("test.rootAddress")],
      };
    case "http":
      return classifyStatus(outcome.status, ctx);
    case "fetch-failed":
      if (outcome.hostAnswers === true) {
        return {
          verdict: "cors",
          ok: false,
          title: t("test.blockedCors", { url: ctx.baseUrl }),
          details: corsDetails(ctx),
        };
      }
      if (outcome.hostAnswers === false) {
        return {
          verdict: "unreachable",
          ok: false,
          title: t("test.unreachable", { url: ctx.baseUrl }),
          details: [t("test.checkHost")],
        };
      }
      return {
        verdict: "unreachable",
        ok: false,
        title: t("test.noAnswerRead", { url: ctx.baseUrl }),
        details: [t("test.checkHostRuns"), ...corsDetails(ctx)],
      };
    case "timeout":
      return {
        verdict: "timeout",
        ok: false,
        title: t("test.timeout", { url: ctx.baseUrl }),
        details: [t("test.timeoutDetail")],
      };
    case "invalid-settings":
      return { verdict: "invalid-settings", ok: false, title: outcome.message, details: [] };
    case "sign-in":
      return { verdict: "auth", ok: false, title: outcome.message, details: [] };
  }
}

function classifyStatus(status: number, ctx: ProbeContext): ConnectionReport {
  if (status === 401 || status === 403) {
    return {
      verdict: "auth",
      ok: false,
      title: t("test.refused", { status }),
      details: [t("test.refusedDetail")],
    };
  }
  if (status === 404 || status === 405) {
    return {
      verdict: "wrong-url",
      ok: false,
      title: t("test.noEndpoints", { url: ctx.baseUrl, status }),
      details: [t("test.rootAddress")],
    };
  }
  if (status === 429) {
    return {
      verdict: "busy",
      ok: false,
      title: t("test.busy"),
      details: [],
    };
  }
  if (status >= 500) {
    return {
      verdict: "server-error",
      ok: false,
      title: t("test.failed", { status }),
      details: [t("test.tryLater")],
    };
  }
  return {
    verdict: "unexpected",
    ok: false,
    title: t("test.answered", { status }),
    details: [],
  };
}

function causeChain(e: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = e;
  while (current !== undefined && current !== null && chain.length < 6) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function chainHasName(e: unknown, names: readonly string[]): boolean {
  return causeChain(e).some((c) => c instanceof Error && names.includes(c.name));
}

/** Node's network codes for "nothing answers there" (a browser gives only a TypeError). */
const HOST_UNREACHABLE_CODES = [
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
];

function chainHasCode(e: unknown, codes: readonly string[]): boolean {
  return causeChain(e).some((c) => {
    const code = (c as { code?: unknown }).code;
    return typeof code === "string" && codes.includes(code);
  });
}

/** Maps what the client threw on the probe call to a {@link ProbeOutcome} (without host probe). */
export function outcomeFromError(e: unknown): ProbeOutcome {
  if (isSettingsError(e)) {
    return { kind: "invalid-settings", message: reasonWords(e, currentLanguage()) ?? e.message };
  }
  const userAuth = userAuthAdvice(e, currentLanguage());
  if (userAuth !== undefined) return { kind: "sign-in", message: userAuth };
  if (isAuthError(e)) return { kind: "http", status: e.status ?? 401 };
  if (isNotFoundError(e)) return { kind: "http", status: e.status ?? 404 };
  if (isRateLimitError(e)) return { kind: "http", status: 429 };
  if (isResponseFormatError(e)) return { kind: "not-billing" };
  if (chainHasName(e, ["TimeoutError"]) || (e instanceof Error && e.name === "AbortError")) {
    return { kind: "timeout" };
  }
  if (isUnavailableError(e) || isBillingError(e)) {
    if (e.status !== undefined) return { kind: "http", status: e.status };
    if (chainHasCode(e, HOST_UNREACHABLE_CODES))
      return { kind: "fetch-failed", hostAnswers: false };
    if (/time(d)?[- ]?out/i.test(e.message)) return { kind: "timeout" };
    return { kind: "fetch-failed" };
  }
  if (chainHasName(e, ["TypeError"])) return { kind: "fetch-failed" };
  return { kind: "fetch-failed" };
}

/** What {@link testConnection} needs. */
export interface ConnectionTestDeps {
  /** A client built from the settings under test (short time-out, no retries). */
  client: Pick<BillingClient, "getTaxCodes">;
  /** Whether anything answers at `baseUrl` (e.g. a `fetch(url, { mode: "no-cors" })`); optional. */
  hostAnswers?: (baseUrl: string) => Promise<boolean>;
}

/** Calls one cheap endpoint (tax codes) and reports the result in plain words. Never throws. */
export async function testConnection(
  deps: ConnectionTestDeps,
  ctx: ProbeContext
): Promise<ConnectionReport> {
  let outcome: ProbeOutcome;
  try {
    await deps.client.getTaxCodes();
    outcome = { kind: "ok" };
  } catch (e) {
    outcome = outcomeFromError(e);
    if (outcome.kind === "fetch-failed" && deps.hostAnswers) {
      try {
        outcome = { kind: "fetch-failed", hostAnswers: await deps.hostAnswers(ctx.baseUrl) };
      } catch {
        outcome = { kind: "fetch-failed", hostAnswers: false };
      }
    }
  }
  const report = classifyProbe(outcome, ctx);
  const note = withheldNote(ctx.withheld, ctx.savedFor);
  return note === undefined ? report : { ...report, details: [note, ...report.details] };
}
