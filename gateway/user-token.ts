/**
 * Verifies the user's access token: a JWT of the company's directory, signed with a key
 * the directory publishes, for the gateway's API, delegated (`scp` holds `access_as_user`). `jose`
 * does the cryptography and the key cache; this module decides what is accepted.
 *
 * The keys are found once through the issuer's discovery document (`jwks_uri`), then cached by
 * jose's remote key set: an unknown key id makes it fetch again at most every 30 s (so a rotation is
 * picked up, and a flood of made-up key ids costs no fetch), and the set is refreshed every 10 min.
 *
 * A person's add-in sends the same token for up to an hour, so a token that passed is remembered
 * (by its exact text, signature included) for at most 5 minutes: later requests with it are checked
 * against its `exp`/`nbf` only, which saves the RSA verification on nearly every request
 * (bench/gateway.ts measures both). A forged or altered token is different text and never matches;
 * 5 minutes is shorter than the key set's own 10-minute cache, so a key the directory withdraws
 * stops working no later than it would without this.
 */
import { createRemoteJWKSet, errors, jwtVerify } from "jose";
import { LRUCache } from "lru-cache";
import type { JWTPayload } from "jose";
import { GATEWAY_USER_SCOPE } from "../src/api";

/** The user behind a verified token. */
export interface VerifiedUser {
  /** The user's stable object id in the directory (the rate-limit key, the audit log's user). */
  oid: string;
  /** Sign-in name, for people reading the log (display only: it can change). */
  username?: string;
  /** App roles (`roles`), possibly none. */
  roles: string[];
}

/** A token that passed: who it is and when it stops being good. */
interface Accepted {
  user: VerifiedUser;
  exp: number;
  nbf?: number;
}

/** The token is missing or not one the gateway accepts: the caller must sign in (again). */
export class UserTokenRefusal extends Error {
  override name = "UserTokenRefusal" as const;
  /** True when the only fault is that it has expired. */
  readonly expired: boolean;

  /** `reason` is for the log: a cause, never the token. */
  constructor(reason: string, expired = false) {
    super(reason);
    this.expired = expired;
  }
}

/** The gateway cannot check any token: the directory's keys are out of reach (IT must look). */
export class SigningKeysUnavailable extends Error {
  override name = "SigningKeysUnavailable" as const;
}

/** What the verifier needs. */
export interface UserTokenVerifierOptions {
  /** `iss` exactly, and where the discovery document lives. */
  issuer: string;
  /** `aud`: the gateway API's application id. */
  audience: string;
  /**
   * The applications allowed to call on a user's behalf (`azp`, or `appid` in a v1 token); absent =
   * any application the directory gave a token for the gateway's scope.
   */
  clientIds?: readonly string[];
  /** Time-out of a discovery or key-set request. */
  timeoutMs?: number;
}

/** Largest clock difference accepted for `exp` and `nbf`. */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** An unknown key id makes the gateway fetch the keys again at most this often. */
export const KEY_REFETCH_COOLDOWN_MS = 30_000;
/** The keys are refreshed after this long even when every key id is known. */
export const KEY_CACHE_MAX_AGE_MS = 10 * 60_000;
/** A token that passed is trusted again without RSA for at most this long (see above). */
export const ACCEPTED_TOKEN_TTL_MS = 5 * 60_000;
/** Tokens remembered at once (about 2 KB each): far more than the people using one gateway. */
const ACCEPTED_TOKEN_MAX = 10_000;
/** A failed discovery is not retried before this, so that a down directory is not hammered. */
const DISCOVERY_RETRY_MS = 5_000;
/** The only signature algorithm accepted (Entra signs with RS256; no `none`, no HMAC). */
const ALGORITHMS = ["RS256"];

type KeySet = ReturnType<typeof createRemoteJWKSet>;
type KeyLookup = (...args: Parameters<KeySet>) => ReturnType<KeySet>;

/** Plain http is accepted only for these hosts (as for the other URLs, gateway/config.ts). */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Pulls the token out of `Authorization: Bearer <token>`; the query string is never read. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization);
  return m?.[1];
}

/** Errors of the key lookup that are the token's fault (its key id or algorithm), not the keys'. */
function tokensFault(error: unknown): boolean {
  return (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSENotSupported ||
    error instanceof errors.JWSInvalid
  );
}

/** A short cause for the log: jose's error code and claim, never a value from the token. */
function causeOf(error: errors.JOSEError): string {
  const claim = (error as { claim?: string }).claim;
  return claim ? `${error.code} (${claim})` : error.code;
}

/** Checks user tokens against the configured directory. */
export class UserTokenVerifier {
  private readonly options: Required<Omit<UserTokenVerifierOptions, "clientIds">> &
    Pick<UserTokenVerifierOptions, "clientIds">;
  private keys: Promise<KeyLookup> | undefined;
  private discoveryFailedAt = 0;
  private discoveryError: SigningKeysUnavailable | undefined;
  private readonly accepted = new LRUCache<string, Accepted>({
    max: ACCEPTED_TOKEN_MAX,
    ttl: ACCEPTED_TOKEN_TTL_MS,
  });
  /** Full verifications (jose) so far; the rest were remembered tokens (tests, benchmark). */
  verifications = 0;

  constructor(options: UserTokenVerifierOptions) {
    this.options = { timeoutMs: 5_000, ...options };
  }

  /** The discovery document's URL (OpenID Connect Discovery 1.0 §4). */
  get discoveryUrl(): string {
    return `${this.options.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  }

  /**
   * The verified user of `authorization` (the header's value). Throws {@link UserTokenRefusal} for
   * a missing or unacceptable token, {@link SigningKeysUnavailable} when nothing can be checked.
   */
  async verify(authorization: string | undefined): Promise<VerifiedUser> {
    const token = bearerToken(authorization);
    if (token === undefined) {
      throw new UserTokenRefusal(authorization === undefined ? "no token" : "not a bearer token");
    }
    const known = this.accepted.get(token);
    if (known !== undefined) {
      const now = Date.now() / 1000;
      if (now > known.exp + CLOCK_TOLERANCE_SECONDS) {
        this.accepted.delete(token);
        throw new UserTokenRefusal("ERR_JWT_EXPIRED (exp)", true);
      }
      if (known.nbf !== undefined && now < known.nbf - CLOCK_TOLERANCE_SECONDS) {
        throw new UserTokenRefusal("ERR_JWT_CLAIM_VALIDATION_FAILED (nbf)");
      }
      return known.user;
    }
    const keys = await this.keySet();
    this.verifications += 1;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["exp"],
      }));
    } catch (error) {
      if (error instanceof SigningKeysUnavailable) throw error;
      const jose = error as errors.JOSEError;
      throw new UserTokenRefusal(causeOf(jose), jose instanceof errors.JWTExpired);
    }
    const scopes = typeof payload.scp === "string" ? payload.scp.split(" ") : [];
    // An app-only token has no `scp`: a program signed in as itself, not one of the company's people.
    if (!scopes.includes(GATEWAY_USER_SCOPE)) {
      throw new UserTokenRefusal(`scp lacks ${GATEWAY_USER_SCOPE}`);
    }
    if (typeof payload.oid !== "string" || payload.oid === "") {
      throw new UserTokenRefusal("no oid");
    }
    // Another application the user signed in to (granted the scope too) is not the add-in.
    const clientIds = this.options.clientIds;
    if (clientIds !== undefined) {
      const client = payload.azp ?? payload.appid;
      if (typeof client !== "string" || !clientIds.includes(client)) {
        throw new UserTokenRefusal("azp is not an allowed application");
      }
    }
    const roles = Array.isArray(payload.roles)
      ? payload.roles.filter((r): r is string => typeof r === "string")
      : [];
    const username = payload.preferred_username;
    const user: VerifiedUser = {
      oid: payload.oid,
      ...(typeof username === "string" ? { username } : {}),
      roles,
    };
    this.accepted.set(token, {
      user,
      exp: payload.exp!,
      ...(typeof payload.nbf === "number" ? { nbf: payload.nbf } : {}),
    });
    return user;
  }

  /** The remote key set, after one discovery shared by every caller (retried after a failure). */
  private keySet(): Promise<KeyLookup> {
    if (this.discoveryError && Date.now() - this.discoveryFailedAt < DISCOVERY_RETRY_MS) {
      return Promise.reject(this.discoveryError);
    }
    this.keys ??= this.discover().catch((error: unknown) => {
      this.keys = undefined;
      this.discoveryFailedAt = Date.now();
      this.discoveryError =
        error instanceof SigningKeysUnavailable
          ? error
          : new SigningKeysUnavailable("the directory's discovery document could not be read");
      throw this.discoveryError;
    });
    return this.keys;
  }

  private async discover(): Promise<KeyLookup> {
    const { issuer, timeoutMs } = this.options;
    let answer: Response;
    try {
      answer = await fetch(this.discoveryUrl, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new SigningKeysUnavailable(
        `the directory's discovery document at GATEWAY_USER_ISSUER could not be fetched (${cause})`
      );
    }
    if (!answer.ok) {
      throw new SigningKeysUnavailable(
        `the directory's discovery document at GATEWAY_USER_ISSUER answered ${answer.status}`
      );
    }
    let doc: { issuer?: unknown; jwks_uri?: unknown };
    try {
      doc = (await answer.json()) as typeof doc;
    } catch {
      throw new SigningKeysUnavailable("the directory's discovery document is not JSON");
    }
    // The document must be the configured issuer's own (OpenID Connect Discovery 1.0 §4.3).
    if (doc.issuer !== issuer) {
      throw new SigningKeysUnavailable(
        `the directory's discovery document names another issuer than GATEWAY_USER_ISSUER (${String(doc.issuer).slice(0, 120)})`
      );
    }
    let jwksUrl: URL;
    try {
      jwksUrl = new URL(String(doc.jwks_uri));
    } catch {
      throw new SigningKeysUnavailable("the directory's discovery document has no valid jwks_uri");
    }
    if (
      jwksUrl.protocol !== "https:" &&
      !(jwksUrl.protocol === "http:" && LOCAL_HOSTS.has(jwksUrl.hostname))
    ) {
      throw new SigningKeysUnavailable("the directory's jwks_uri is not https");
    }
    const remote = createRemoteJWKSet(jwksUrl, {
      cooldownDuration: KEY_REFETCH_COOLDOWN_MS,
      cacheMaxAge: KEY_CACHE_MAX_AGE_MS,
      timeoutDuration: timeoutMs,
    });
    // A key set out of reach is the gateway's problem (502 for IT), not the user's (401).
    return async (header, token) => {
      try {
        return await remote(header, token);
      } catch (error) {
        if (tokensFault(error)) throw error;
        const code = error instanceof errors.JOSEError ? error.code : (error as Error).name;
        throw new SigningKeysUnavailable(
          `the directory's signing keys (jwks_uri) could not be read (${code})`
        );
      }
    };
  }
}
