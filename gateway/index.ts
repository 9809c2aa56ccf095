/**
 * The company's credentials gateway (docs/developers/rules.md#settings-and-security, docs/developers/rules.md#identity): lets in only
 * signed-in users of the company's directory, for the add-in's operations under their app role;
 * holds the company's credential for the service (certificate, managed identity or secret) and gets,
 * caches and renews its own Microsoft Entra ID token, adds the service's headers
 * and forwards the calls; writes an audit line per forwarded call and per refusal (JSON on stdout).
 *
 * ```ts
 * const gw = await createGateway({ config: { ...config, port: 0 } });
 * await fetch(`${gw.url}/api/md/Contracts/…`, {
 *   headers: { origin: "https://localhost:3000", authorization: `Bearer ${userToken}` },
 * });
 * await gw.close();
 * ```
 */
import type { AddressInfo } from "node:net";
import { buildGatewayApp } from "./app";
import type { GatewayConfig } from "./config";
import { stdoutSink } from "./request-log";
import type { FlushableSink, LogSink } from "./request-log";
import {
  BODY_BUDGET_BYTES,
  UPLOADS_PER_USER,
  USER_SHARE_BYTES,
  UploadBudget,
} from "./upload-budget";
import { certificateCredential, managedIdentityCredential } from "./msal-credentials";
import { DEFAULT_TOKEN_TIMEOUT_MS, TokenSource } from "./token-source";
import type { ServiceCredential } from "./token-source";
import { UserTokenVerifier } from "./user-token";

export {
  readConfig,
  ENV,
  SERVICE_CREDENTIALS,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_USER_RATE,
  DEFAULT_USER_BODY_SHARE_MB,
} from "./config";
export type {
  ConfigResult,
  GatewayConfig,
  ServiceCredentialConfig,
  ServiceCredentialKind,
} from "./config";
export { parseClientCertificate, readClientCertificate } from "./client-certificate";
export type { ClientCertificate } from "./client-certificate";
export { authorityFor, resourceOf } from "./msal-credentials";
export { normalisePath } from "./normalise-path";
export type { LogSink, RequestLogLine, FlushableSink } from "./request-log";
export { stdoutSink, formatLogLine } from "./request-log";
export {
  UploadBudget,
  UPLOADS_PER_USER,
  BODY_BUDGET_BYTES,
  USER_SHARE_BYTES,
} from "./upload-budget";
export { HEALTH_PATH, READY_PATH } from "./app";
export { FORWARDED_REQUEST_HEADERS, rewriteServiceUrl } from "./forward-headers";

export { TokenSource } from "./token-source";
export type { ServiceCredential, AcquiredToken } from "./token-source";
export { TokenError, isTokenError } from "./token-error";
export { OPERATIONS, matchOperation, NO_BODY, SMALL_BODY, CREATE_BODY } from "./operations";
export { BULK_MAX_IDS, checkBodyShape } from "./body-shapes";
export type { BodyShapeName } from "./body-shapes";
export type { Operation, MatchedOperation } from "./operations";
export { UserTokenVerifier, KEY_REFETCH_COOLDOWN_MS, CLOCK_TOLERANCE_SECONDS } from "./user-token";
export { SlidingWindow } from "./user-rate";
export type { RateAnswer } from "./user-rate";
export type { VerifiedUser } from "./user-token";

/** The service must start answering within this; shorter than the add-in's own 15 s time-out. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 12_000;

/** Options of {@link createGateway}. */
export interface GatewayOptions {
  config: GatewayConfig;
  /**
   * Where the audit log goes (stdout by default): a function called with each line as it is
   * written, or a batching sink (stdoutSink) whose `writeNow` takes the `forward` lines.
   */
  log?: LogSink | Pick<FlushableSink, "write" | "writeNow">;
  /** Clock of the token cache (tests move it). */
  now?: () => number;
  /** The body counters (per-user uploads, byte budget); a fresh one by default. */
  uploads?: UploadBudget;
  upstreamTimeoutMs?: number;
  /** Time-out of a token request. */
  tokenTimeoutMs?: number;
  /**
   * The `fetch` of the gateway's own sign-in (certificate and managed identity: msal-node's
   * requests); tests give one that trusts the local identity provider's certificate.
   */
  tokenFetch?: typeof fetch;
  /**
   * Checks the users' tokens; by default the configured directory's. Only the benchmark replaces it
   * (bench/gateway.ts, to measure what verification costs); there is no variable for it.
   */
  verifier?: Pick<UserTokenVerifier, "verify">;
}

/** A running gateway. */
export interface Gateway {
  /** `http://HOST:PORT`, no trailing slash. */
  url: string;
  port: number;
  tokens: TokenSource;
  /** This instance's body counters (what it holds now, the most it held). */
  uploads: UploadBudget;
  /**
   * Drains: `/readyz` answers 503, new requests get 503 `GATEWAY_DRAINING` (audited), calls in
   * flight finish, then the listener and idle connections close.
   */
  close(): Promise<void>;
}

let sharedStdout: ReturnType<typeof stdoutSink> | undefined;
/** The process's one stdout sink (buffered; the cli flushes it before exiting). */
export function defaultSink(): ReturnType<typeof stdoutSink> {
  return (sharedStdout ??= stdoutSink());
}

/** The credential of `config` through msal-node; undefined for the secret (token-source.ts's own request). */
function msalCredential(
  config: GatewayConfig,
  options: GatewayOptions
): ServiceCredential | undefined {
  const credential = config.serviceCredential;
  const common = {
    timeoutMs: options.tokenTimeoutMs ?? DEFAULT_TOKEN_TIMEOUT_MS,
    fetch: options.tokenFetch ?? ((input, init) => globalThis.fetch(input, init)),
  } satisfies { timeoutMs: number; fetch: typeof fetch };
  if (credential?.kind === "certificate") {
    return certificateCredential({
      tokenUrl: config.tokenUrl,
      clientId: config.clientId,
      scope: config.scope,
      certificate: credential.certificate,
      ...common,
    });
  }
  if (credential?.kind === "managed-identity") {
    return managedIdentityCredential({
      scope: config.scope,
      ...(credential.clientId ? { clientId: credential.clientId } : {}),
      ...common,
    });
  }
  return undefined;
}

/** Starts a gateway; resolves once it listens. */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const { config } = options;
  const credential = msalCredential(config, options);
  const tokens = new TokenSource({
    tokenUrl: config.tokenUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scope: config.scope,
    ...(credential ? { credential } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.tokenTimeoutMs ? { timeoutMs: options.tokenTimeoutMs } : {}),
  });
  const verifier =
    options.verifier ??
    new UserTokenVerifier({
      issuer: config.userIssuer,
      audience: config.userAudience,
      ...(config.userClientIds ? { clientIds: config.userClientIds } : {}),
    });
  const uploads =
    options.uploads ??
    new UploadBudget(
      UPLOADS_PER_USER,
      BODY_BUDGET_BYTES,
      config.userBodyShareBytes ?? USER_SHARE_BYTES
    );
  const app = await buildGatewayApp({
    config,
    tokens,
    verifier,
    log: options.log ?? defaultSink(),
    uploads,
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
  });
  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as AddressInfo).port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    port,
    tokens,
    uploads,
    close: () => app.close(),
  };
}
