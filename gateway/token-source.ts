/**
 * The gateway's own tokens for the service: one fetch serves every request until shortly before the
 * token expires; concurrent callers share one fetch; a token the service refused is replaced once,
 * however many requests saw the refusal at the same time; a failure is held a few seconds.
 *
 * Where a token comes from is the {@link ServiceCredential}: by default the client secret's request
 * to Entra's v2.0 token endpoint (below); a certificate or a managed identity through msal-node
 * (gateway/msal-credentials.ts).
 */
import { TokenError, isTokenError } from "./token-error";

/** One token and how long it lives. */
export interface AcquiredToken {
  token: string;
  expiresInSeconds: number;
}

/** A way to get one token; throws a {@link TokenError} whose message names what IT must check. */
export interface ServiceCredential {
  acquire(): Promise<AcquiredToken>;
}

/** What the source needs. */
export interface TokenSourceOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Where tokens come from; absent: the client secret's request to `tokenUrl`. */
  credential?: ServiceCredential;
  /** Time-out of one token request. */
  timeoutMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
  fetch?: typeof fetch;
}

/** A token is renewed this long before it expires (Entra's tokens live 60–90 minutes)... */
const MAX_RENEW_MARGIN_MS = 5 * 60_000;
/** ...or after 90 % of its lifetime, whichever comes first. */
const RENEW_SHARE = 0.1;
/** A refusal is remembered this long, so that a wrong secret does not hammer Entra ID. */
const FAILURE_HOLD_MS = 5_000;
/** Default time-out of a token request. */
export const DEFAULT_TOKEN_TIMEOUT_MS = 10_000;

/** Entra ID's `error_codes` that point at one variable of the configuration, whatever the credential. */
const COMMON_CAUSES: Record<number, string> = {
  700016: "the client id is unknown in the Entra tenant; IT must check GATEWAY_CLIENT_ID",
  1002012: "the scope is not valid; IT must check GATEWAY_SCOPE (it ends in /.default)",
  70011: "the scope is not valid; IT must check GATEWAY_SCOPE (it ends in /.default)",
  90002: "the Entra tenant does not exist; IT must check GATEWAY_TOKEN_URL",
};

/** ...and those of one credential, with the variables to check when no code says more. */
export const CREDENTIAL_CAUSES = {
  secret: {
    causes: {
      7000215: "the client secret was refused; IT must check GATEWAY_CLIENT_SECRET",
      7000222:
        "the client secret has expired; IT must create a new one and set GATEWAY_CLIENT_SECRET",
    } as Record<number, string>,
    check: "GATEWAY_CLIENT_ID, GATEWAY_CLIENT_SECRET and GATEWAY_SCOPE",
  },
  certificate: {
    causes: {
      700027:
        "the certificate was refused (not uploaded to the app registration, or expired); IT must check GATEWAY_CLIENT_CERTIFICATE against the app registration's certificates",
      700024:
        "the client assertion is outside its valid time; IT must check the clock of the gateway's machine",
    } as Record<number, string>,
    check: "GATEWAY_CLIENT_ID, GATEWAY_CLIENT_CERTIFICATE and GATEWAY_SCOPE",
  },
} as const;

interface Cached {
  value: string;
  renewAt: number;
}

/** Removes `secrets` (and anything after a trace id) from text Entra sent. */
export function cleanDescription(text: string, secrets: readonly string[]): string {
  let first = text.split(/\r?\n|\s+Trace ID:/)[0].trim();
  for (const secret of secrets) if (secret !== "") first = first.split(secret).join("[redacted]");
  return first.length > 160 ? `${first.slice(0, 159)}…` : first;
}

/**
 * The error for a refusal of Entra's token endpoint (`status`, its JSON `body`) to a client signing
 * in with `credential`; `secrets` are removed from Entra's description.
 */
export function entraRefusal(
  credential: keyof typeof CREDENTIAL_CAUSES,
  status: number,
  body: Record<string, unknown>,
  secrets: readonly string[]
): TokenError {
  const { causes, check } = CREDENTIAL_CAUSES[credential];
  const error = typeof body.error === "string" ? body.error : undefined;
  const codes = Array.isArray(body.error_codes) ? body.error_codes.map(Number) : [];
  const cause = codes.map((c) => causes[c] ?? COMMON_CAUSES[c]).find((c) => c !== undefined);
  const code = codes.length > 0 ? `AADSTS${codes[0]}` : undefined;
  const description =
    typeof body.error_description === "string"
      ? cleanDescription(body.error_description, secrets)
      : "";
  const what = [error, code].filter(Boolean).join(", ") || `HTTP ${status}`;
  const message = cause
    ? `Microsoft Entra ID refused the gateway's sign-in (${what}): ${cause}`
    : `Microsoft Entra ID refused the gateway's sign-in (${what})${description ? `: ${description}` : ""}; IT must check the gateway's ${check}`;
  return new TokenError("refused", message, error);
}

/** The errors of a token request that got no answer. */
export function noAnswer(
  kind: "timeout" | "unreachable",
  timeoutMs: number,
  who: string,
  check: string
): TokenError {
  return kind === "timeout"
    ? new TokenError(
        "timeout",
        `${who} did not answer within ${timeoutMs / 1000} s; IT must check ${check}`
      )
    : new TokenError("unreachable", `${who} could not be reached; IT must check ${check}`);
}

/** A cache of one client-credentials token. */
export class TokenSource {
  private readonly options: Required<Omit<TokenSourceOptions, "fetch" | "credential">> & {
    fetch: typeof fetch;
    credential?: ServiceCredential;
  };
  private cached: Cached | undefined;
  private pending: Promise<string> | undefined;
  private failure: { error: TokenError; until: number } | undefined;
  /** Token requests sent so far (for the health answer and tests). */
  fetches = 0;

  constructor(options: TokenSourceOptions) {
    this.options = {
      timeoutMs: DEFAULT_TOKEN_TIMEOUT_MS,
      now: Date.now,
      fetch: (input, init) => globalThis.fetch(input, init),
      ...options,
    };
  }

  /** A valid token: the cached one, or one fetched now (shared with concurrent callers). */
  async get(): Promise<string> {
    const now = this.options.now();
    if (this.cached && now < this.cached.renewAt) return this.cached.value;
    return await this.fetchShared();
  }

  /**
   * A token to replace `rejected`, which the service refused with 401: when another request has
   * replaced it already, that token; otherwise one new fetch shared by everyone asking.
   */
  async replace(rejected: string): Promise<string> {
    if (this.cached && this.cached.value !== rejected) return await this.get();
    if (this.cached?.value === rejected) this.cached = undefined;
    return await this.fetchShared();
  }

  /** The cached token while it is valid (no promise: the forwarder's common case), else undefined. */
  current(): string | undefined {
    const cached = this.cached;
    return cached !== undefined && this.options.now() < cached.renewAt ? cached.value : undefined;
  }

  /** True when a token is cached and still valid. */
  hasToken(): boolean {
    return this.cached !== undefined && this.options.now() < this.cached.renewAt;
  }

  private fetchShared(): Promise<string> {
    const held = this.failure;
    if (held && this.options.now() < held.until) return Promise.reject(held.error);
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async fetchToken(): Promise<string> {
    const { credential, now } = this.options;
    this.fetches += 1;
    const started = now();
    let acquired: AcquiredToken;
    try {
      acquired = credential ? await credential.acquire() : await this.secretToken();
    } catch (error) {
      throw this.hold(
        isTokenError(error)
          ? error
          : new TokenError("refused", "The gateway could not sign in to Microsoft Entra ID")
      );
    }
    const lifetimeMs = acquired.expiresInSeconds * 1000;
    const margin = Math.min(MAX_RENEW_MARGIN_MS, lifetimeMs * RENEW_SHARE);
    this.cached = { value: acquired.token, renewAt: started + lifetimeMs - margin };
    this.failure = undefined;
    return acquired.token;
  }

  /** One token by the client secret (a request written here: msal-node wants https, and the simulator's endpoint is plain http). */
  private async secretToken(): Promise<AcquiredToken> {
    const { tokenUrl, clientId, clientSecret, scope, timeoutMs } = this.options;
    let response: Response;
    let text: string;
    try {
      response = await this.options.fetch(tokenUrl, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: clientId,
          client_secret: clientSecret,
          scope,
        }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: unknown })?.name;
      const timedOut = name === "TimeoutError" || name === "AbortError";
      throw noAnswer(
        timedOut ? "timeout" : "unreachable",
        timeoutMs,
        "Microsoft Entra ID",
        "GATEWAY_TOKEN_URL and the network"
      );
    }
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === "object" && parsed !== null) body = parsed as Record<string, unknown>;
    } catch {
      // Not JSON (a proxy's error page): handled below as a bad answer.
    }
    if (!response.ok) throw entraRefusal("secret", response.status, body, [clientSecret]);
    const token = body.access_token;
    const expiresIn = Number(body.expires_in);
    if (typeof token !== "string" || token === "" || !(expiresIn > 0)) {
      throw new TokenError(
        "bad-answer",
        `Microsoft Entra ID answered ${response.status} without a token; IT must check GATEWAY_TOKEN_URL`
      );
    }
    return { token, expiresInSeconds: expiresIn };
  }

  private hold(error: TokenError): TokenError {
    this.failure = { error, until: this.options.now() + FAILURE_HOLD_MS };
    return error;
  }
}
