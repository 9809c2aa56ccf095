/**
 * The gateway's own sign-in through `@azure/msal-node`, as Entra prefers for a service:
 *
 * - **certificate**: a `ConfidentialClientApplication` with `clientCertificate` signs a client
 *   assertion (`private_key_jwt`, RFC 7523: PS256, `x5t#S256`, `x5c`) and redeems it at
 *   GATEWAY_TOKEN_URL for a client-credentials token;
 * - **managed identity**: a `ManagedIdentityApplication` asks the platform's identity endpoint
 *   (App Service / Container Apps: `IDENTITY_ENDPOINT` + `IDENTITY_HEADER`; a VM or AKS: IMDS; and
 *   the other sources msal-node knows) for a token to the service's resource.
 *
 * msal-node's own cache is skipped (the token source caches and shares, and a token the service
 * refused must really be replaced), its retries are off (the token source holds a failure and
 * tries again later), its log is silent, and every HTTP request goes through the gateway's `fetch`
 * with the gateway's time-out: the last answer is kept so that a refusal is explained as the
 * secret's is (gateway/token-source.ts), without msal's message (which can quote the request).
 *
 * No instance discovery and no discovery document: the authority's metadata is given from
 * GATEWAY_TOKEN_URL, so the certificate's request goes exactly where the secret's went.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import {
  ConfidentialClientApplication,
  LogLevel,
  ManagedIdentityApplication,
} from "@azure/msal-node";
import type {
  AuthenticationResult,
  INetworkModule,
  NetworkRequestOptions,
  NetworkResponse,
} from "@azure/msal-node";
import type { ClientCertificate } from "./client-certificate";
import { TokenError } from "./token-error";
import { entraRefusal, cleanDescription, noAnswer } from "./token-source";
import type { AcquiredToken, ServiceCredential } from "./token-source";

/** The last HTTP exchange of one token request. */
type Exchange =
  | { kind: "answer"; status: number; body: Record<string, unknown> }
  | { kind: "timeout" | "unreachable" };

/** One token request's HTTP: the gateway's `fetch` and time-out, and the last exchange. */
interface RequestScope {
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  last?: Exchange;
}

/**
 * msal-node's network module on the `fetch` of the token request under way. The request's scope
 * travels with it (AsyncLocalStorage), not with the module: msal-node keeps the managed identity's
 * source, and with it the first network module it was given, for the whole process.
 */
class ScopedNetwork implements INetworkModule {
  private readonly scopes = new AsyncLocalStorage<RequestScope>();

  /** Runs `ask` with `scope` for its requests. */
  run<T>(scope: RequestScope, ask: () => Promise<T>): Promise<T> {
    return this.scopes.run(scope, ask);
  }

  sendGetRequestAsync<T>(
    url: string,
    options?: NetworkRequestOptions
  ): Promise<NetworkResponse<T>> {
    return this.send<T>("GET", url, options);
  }

  sendPostRequestAsync<T>(
    url: string,
    options?: NetworkRequestOptions
  ): Promise<NetworkResponse<T>> {
    return this.send<T>("POST", url, options);
  }

  private async send<T>(
    method: string,
    url: string,
    options: NetworkRequestOptions | undefined
  ): Promise<NetworkResponse<T>> {
    const scope = this.scopes.getStore();
    if (!scope) throw new Error("a token request outside the gateway's credential");
    let response: Response;
    let text: string;
    try {
      response = await scope.fetch(url, {
        method,
        headers: options?.headers,
        body: method === "POST" ? options?.body : undefined,
        signal: AbortSignal.timeout(scope.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: unknown })?.name;
      scope.last = {
        kind: name === "TimeoutError" || name === "AbortError" ? "timeout" : "unreachable",
      };
      throw new Error("no answer");
    }
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === "object" && parsed !== null) body = parsed as Record<string, unknown>;
    } catch {
      // Not JSON (a proxy's page): msal sees an empty body and fails; explained from `status`.
    }
    scope.last = { kind: "answer", status: response.status, body };
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, headers, body: body as T };
  }
}

/** The one network module of every msal-node application in the process. */
const NETWORK = new ScopedNetwork();

/** msal's log: nothing (its messages can carry request details; the gateway explains failures). */
const SILENT = {
  loggerOptions: { logLevel: LogLevel.Error, piiLoggingEnabled: false, loggerCallback: () => {} },
};

/** Seconds from now until `expiresOn` (msal's), at least 1. */
function secondsUntil(expiresOn: Date | null | undefined): number {
  const ms = (expiresOn?.getTime() ?? 0) - Date.now();
  return Math.max(1, Math.floor(ms / 1000));
}

/** Asks msal-node (`ask`) for one token; a failure is explained from the last exchange. */
async function acquireWith(
  options: { fetch: typeof globalThis.fetch; timeoutMs: number },
  ask: () => Promise<AuthenticationResult | null>,
  explain: (last: Exchange | undefined) => TokenError
): Promise<AcquiredToken> {
  const scope: RequestScope = { fetch: options.fetch, timeoutMs: options.timeoutMs };
  let result: AuthenticationResult | null;
  try {
    result = await NETWORK.run(scope, ask);
  } catch {
    throw explain(scope.last);
  }
  if (!result?.accessToken) throw explain(scope.last);
  return { token: result.accessToken, expiresInSeconds: secondsUntil(result.expiresOn) };
}

/** The authority msal-node wants (`https://host/<tenant>`) and its metadata, from the token URL. */
export function authorityFor(tokenUrl: string): {
  authority: string;
  knownAuthorities: string[];
  authorityMetadata: string;
} {
  const url = new URL(tokenUrl);
  const tenant = url.pathname.split("/").filter((s) => s !== "")[0] ?? "";
  const authority = `${url.origin}/${tenant}`;
  return {
    authority,
    // A known authority: msal-node asks no instance discovery of login.microsoftonline.com.
    knownAuthorities: [url.host],
    // The endpoints msal-node would read from the discovery document; only the token endpoint is
    // used by client credentials.
    authorityMetadata: JSON.stringify({
      token_endpoint: url.href,
      issuer: `${authority}/v2.0`,
      authorization_endpoint: `${authority}/oauth2/v2.0/authorize`,
      jwks_uri: `${authority}/discovery/v2.0/keys`,
    }),
  };
}

/** What the certificate's sign-in needs. */
export interface CertificateCredentialOptions {
  tokenUrl: string;
  clientId: string;
  scope: string;
  certificate: ClientCertificate;
  timeoutMs: number;
  fetch: typeof globalThis.fetch;
}

/** Client credentials by a certificate's assertion (`private_key_jwt`). */
export function certificateCredential(options: CertificateCredentialOptions): ServiceCredential {
  const app = new ConfidentialClientApplication({
    auth: {
      clientId: options.clientId,
      ...authorityFor(options.tokenUrl),
      clientCertificate: {
        thumbprintSha256: options.certificate.thumbprintSha256,
        privateKey: options.certificate.privateKeyPem,
        x5c: options.certificate.certificatePem,
      },
    },
    system: { ...SILENT, networkClient: NETWORK, disableInternalRetries: true },
  });
  const explain = (last: Exchange | undefined): TokenError => {
    if (last?.kind === "timeout" || last?.kind === "unreachable") {
      return noAnswer(
        last.kind,
        options.timeoutMs,
        "Microsoft Entra ID",
        "GATEWAY_TOKEN_URL and the network"
      );
    }
    if (last?.kind === "answer" && last.status >= 400) {
      return entraRefusal("certificate", last.status, last.body, []);
    }
    return last?.kind === "answer"
      ? new TokenError(
          "bad-answer",
          `Microsoft Entra ID answered ${last.status} without a token; IT must check GATEWAY_TOKEN_URL`
        )
      : new TokenError(
          "refused",
          "The gateway could not sign its client assertion; IT must check GATEWAY_CLIENT_CERTIFICATE"
        );
  };
  return {
    acquire: () =>
      acquireWith(
        options,
        () => app.acquireTokenByClientCredential({ scopes: [options.scope], skipCache: true }),
        explain
      ),
  };
}

/** What the managed identity's sign-in needs. */
export interface ManagedIdentityCredentialOptions {
  /** GATEWAY_SCOPE: the resource is what comes before `/.default`. */
  scope: string;
  /** A user-assigned identity's client id; absent: the system-assigned identity. */
  clientId?: string;
  timeoutMs: number;
  fetch: typeof globalThis.fetch;
  /** Where msal-node reads the platform's variables (process.env); tests read it too. */
  env?: NodeJS.ProcessEnv;
}

/** The resource a managed identity asks a token for: the scope without `/.default`. */
export function resourceOf(scope: string): string {
  return scope.replace(/\/\.default$/, "");
}

const MI_WHO = "The managed identity endpoint";
const MI_CHECK =
  "that the gateway runs on Azure with a managed identity turned on (GATEWAY_MANAGED_IDENTITY_CLIENT_ID for a user-assigned one) and GATEWAY_SCOPE";

/**
 * A token from the platform's managed identity. msal-node picks the identity endpoint once per
 * process, from the environment it runs in (its sources are process-wide).
 */
export function managedIdentityCredential(
  options: ManagedIdentityCredentialOptions
): ServiceCredential {
  const app = new ManagedIdentityApplication({
    ...(options.clientId
      ? { managedIdentityIdParams: { userAssignedClientId: options.clientId } }
      : {}),
    system: { ...SILENT, networkClient: NETWORK, disableInternalRetries: true },
  });
  const env = options.env ?? process.env;
  const explain = (last: Exchange | undefined): TokenError => {
    if (last?.kind === "timeout" || last?.kind === "unreachable") {
      return noAnswer(last.kind, options.timeoutMs, MI_WHO, MI_CHECK);
    }
    if (last?.kind !== "answer") {
      return new TokenError(
        "unreachable",
        `${MI_WHO} could not be asked; IT must check ${MI_CHECK}`
      );
    }
    const body = last.body;
    const nested =
      typeof body.error === "object" && body.error !== null
        ? (body.error as Record<string, unknown>)
        : {};
    const error =
      typeof body.error === "string"
        ? body.error
        : typeof nested.code === "string"
          ? nested.code
          : undefined;
    const text = [body.error_description, body.message, nested.message].find(
      (t) => typeof t === "string"
    ) as string | undefined;
    // The platform's header is a secret of the machine: never repeated.
    const description = text ? cleanDescription(text, [env.IDENTITY_HEADER ?? ""]) : "";
    const what = [error, `HTTP ${last.status}`].filter(Boolean).join(", ");
    return new TokenError(
      last.status >= 400 ? "refused" : "bad-answer",
      `${MI_WHO} refused the gateway's sign-in (${what})${description ? `: ${description}` : ""}; IT must check ${MI_CHECK}`,
      error
    );
  };
  return {
    acquire: () =>
      acquireWith(
        options,
        () => app.acquireToken({ resource: resourceOf(options.scope), forceRefresh: true }),
        explain
      ),
  };
}
