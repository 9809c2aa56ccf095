/**
 * The gateway's configuration: environment variables (names fixed, IT scripts rely on them),
 * checked once at start. Problems name the variable, never its value.
 */
import { readClientCertificate } from "./client-certificate";
import type { ClientCertificate } from "./client-certificate";

/** How the gateway signs in to the service (GATEWAY_SERVICE_CREDENTIAL), in Entra's order of preference. */
export const SERVICE_CREDENTIALS = ["certificate", "managed-identity", "secret"] as const;
export type ServiceCredentialKind = (typeof SERVICE_CREDENTIALS)[number];

/** The gateway's own credential for the service. */
export type ServiceCredentialConfig =
  | { kind: "secret" }
  | { kind: "certificate"; certificate: ClientCertificate }
  | { kind: "managed-identity"; clientId?: string };

/** What the gateway needs to run. */
export interface GatewayConfig {
  port: number;
  host: string;
  /** Base URL of the billing service, no trailing slash. */
  serviceUrl: string;
  /**
   * How the gateway gets its own token (absent: the client secret). With a managed identity,
   * `tokenUrl`, `clientId` and `clientSecret` are not used (empty).
   */
  serviceCredential?: ServiceCredentialConfig;
  /** Microsoft Entra ID v2.0 token endpoint (`https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token`). */
  tokenUrl: string;
  clientId: string;
  /** The client secret's value; empty unless the credential is the secret. */
  clientSecret: string;
  /** For client credentials: `api://…/.default`. */
  scope: string;
  /** Sent as `apim-sub`. */
  apimKey: string;
  /** Sent as `zf-tuuid`. */
  tenantId: string;
  /** Sent as `zf-ouuid`. */
  organisationId: string;
  /** Exact origins of the add-in (`https://addin.example.com`). */
  allowedOrigins: string[];
  /**
   * The directory whose users may call: the `iss` of their tokens, exactly
   * (`https://login.microsoftonline.com/<directory id>/v2.0`); its keys are found through
   * `<issuer>/.well-known/openid-configuration`.
   */
  userIssuer: string;
  /** The gateway API's application (client) id: the `aud` of the users' v2 tokens. */
  userAudience: string;
  /** Requests per second one user (`oid`) may make through one gateway instance. */
  userRate: number;
  /**
   * Bytes of request bodies one user may have in one gateway instance at once (their share of the
   * instance's body budget); absent = {@link DEFAULT_USER_BODY_SHARE_MB}.
   */
  userBodyShareBytes?: number;
  /**
   * The applications whose users' tokens are accepted (`azp`; v1 tokens: `appid`); absent = any
   * application the directory issued a token for the gateway's scope to.
   */
  userClientIds?: string[];
}

/** Default listening address: only this machine, until IT says otherwise. */
export const DEFAULT_PORT = 3002;
export const DEFAULT_HOST = "127.0.0.1";
/** Default per-user rate (requests per second): far above a person, well below a runaway loop. */
export const DEFAULT_USER_RATE = 20;
/** Default share of one user in the body budget, in MB (two of the largest creates). */
export const DEFAULT_USER_BODY_SHARE_MB = 8;
/** The share's bounds in MB: one create at least; at most a third of the 64 MB budget. */
const SHARE_MIN_MB = 4;
const SHARE_MAX_MB = 21;

/** The variables, in the order the README lists them. */
export const ENV = {
  port: "GATEWAY_PORT",
  host: "GATEWAY_HOST",
  serviceUrl: "GATEWAY_SERVICE_URL",
  tokenUrl: "GATEWAY_TOKEN_URL",
  clientId: "GATEWAY_CLIENT_ID",
  serviceCredential: "GATEWAY_SERVICE_CREDENTIAL",
  clientCertificate: "GATEWAY_CLIENT_CERTIFICATE",
  managedIdentityClientId: "GATEWAY_MANAGED_IDENTITY_CLIENT_ID",
  clientSecret: "GATEWAY_CLIENT_SECRET",
  scope: "GATEWAY_SCOPE",
  apimKey: "GATEWAY_APIM_KEY",
  tenantId: "GATEWAY_TENANT_ID",
  organisationId: "GATEWAY_ORGANISATION_ID",
  allowedOrigins: "GATEWAY_ALLOWED_ORIGINS",
  userIssuer: "GATEWAY_USER_ISSUER",
  userAudience: "GATEWAY_USER_AUDIENCE",
  userRate: "GATEWAY_USER_RATE",
  userClientIds: "GATEWAY_USER_CLIENT_IDS",
  userBodyShare: "GATEWAY_USER_BODY_SHARE_MB",
} as const;

/** Result of {@link readConfig}. */
export type ConfigResult = { ok: true; config: GatewayConfig } | { ok: false; problems: string[] };

/** Plain http is accepted only for these hosts (the simulator on this machine). */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function required(env: NodeJS.ProcessEnv, name: string, problems: string[]): string {
  const value = env[name]?.trim() ?? "";
  if (value === "") problems.push(`${name} is not set`);
  return value;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string, problems: string[]): string {
  const value = required(env, name, problems);
  if (value === "") return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name} is not a valid URL`);
    return value;
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname))) {
    problems.push(`${name} must use https:// (plain http:// only for localhost)`);
  }
  if (url.username !== "" || url.password !== "") {
    problems.push(`${name} must not contain a user name or password`);
  }
  return value.replace(/\/+$/, "");
}

function serviceUrl(env: NodeJS.ProcessEnv, problems: string[]): string {
  const value = httpUrl(env, ENV.serviceUrl, problems);
  if (value !== "" && URL.canParse(value) && new URL(value).pathname !== "/") {
    problems.push(`${ENV.serviceUrl} must be scheme and host only (the gateway adds /api/...)`);
  }
  return value;
}

function origins(env: NodeJS.ProcessEnv, problems: string[]): string[] {
  const name = ENV.allowedOrigins;
  const list = required(env, name, problems)
    .split(",")
    .map((o) => o.trim())
    .filter((o) => o !== "");
  for (const origin of list) {
    let exact: string | undefined;
    try {
      exact = new URL(origin).origin;
    } catch {
      exact = undefined;
    }
    if (origin === "*" || exact !== origin.replace(/\/$/, "")) {
      problems.push(
        `${name}: "${origin}" is not an origin (scheme://host[:port], no path, no wildcard)`
      );
    }
  }
  return list.map((o) => o.replace(/\/$/, ""));
}

/** Entra's multi-tenant issuers: they name no directory, so they would let in anyone's users. */
const SHARED_TENANTS = new Set(["common", "organizations", "consumers"]);

function userIssuer(env: NodeJS.ProcessEnv, problems: string[]): string {
  const name = ENV.userIssuer;
  const before = problems.length;
  // Checked like the other URLs, but kept exactly as written: `iss` is compared as text.
  httpUrl(env, name, problems);
  const value = env[name]?.trim() ?? "";
  if (problems.length > before) return value;
  const url = new URL(value);
  if (url.search !== "" || url.hash !== "") {
    problems.push(`${name} must be the issuer URL only, without ?query or #fragment`);
  }
  const tenant = url.pathname.split("/")[1]?.toLowerCase() ?? "";
  if (SHARED_TENANTS.has(tenant)) {
    problems.push(
      `${name} must name your directory (https://login.microsoftonline.com/<directory id>/v2.0), not /${tenant}/`
    );
  }
  return value;
}

function scope(env: NodeJS.ProcessEnv, problems: string[]): string {
  const value = required(env, ENV.scope, problems);
  if (value !== "" && !value.endsWith("/.default")) {
    problems.push(
      `${ENV.scope} must end in /.default (the service's Application ID URI, then /.default)`
    );
  }
  return value;
}

function userAudience(env: NodeJS.ProcessEnv, problems: string[]): string {
  const value = required(env, ENV.userAudience, problems);
  if (/^api:\/\//i.test(value)) {
    problems.push(
      `${ENV.userAudience} must be the gateway API's application (client) id, not its api:// URI (v2 tokens carry the id)`
    );
  }
  return value;
}

function userRate(env: NodeJS.ProcessEnv, problems: string[]): number {
  const text = env[ENV.userRate]?.trim() || String(DEFAULT_USER_RATE);
  const rate = Number(text);
  if (!Number.isInteger(rate) || rate < 1) {
    problems.push(`${ENV.userRate} must be a whole number of requests per second (1 or more)`);
  }
  return rate;
}

function userBodyShare(env: NodeJS.ProcessEnv, problems: string[]): number {
  const text = env[ENV.userBodyShare]?.trim() || String(DEFAULT_USER_BODY_SHARE_MB);
  const mb = Number(text);
  if (!Number.isInteger(mb) || mb < SHARE_MIN_MB || mb > SHARE_MAX_MB) {
    problems.push(
      `${ENV.userBodyShare} must be a whole number of MB from ${SHARE_MIN_MB} (one create) to ${SHARE_MAX_MB} (a third of the gateway's 64 MB for bodies)`
    );
  }
  return mb * 1024 * 1024;
}

/** The optional list of client application ids (comma-separated); undefined when not set. */
function userClientIds(env: NodeJS.ProcessEnv, problems: string[]): string[] | undefined {
  const text = env[ENV.userClientIds]?.trim() ?? "";
  if (text === "") return undefined;
  const ids = text
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
  for (const id of ids) {
    if (!/^[A-Za-z0-9._-]+$/.test(id) || /^api:/i.test(id)) {
      problems.push(
        `${ENV.userClientIds}: "${id}" is not an application (client) id (the add-in's, as in its registration)`
      );
    }
  }
  return ids;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the gateway's own sign-in needs, by GATEWAY_SERVICE_CREDENTIAL (default: secret). */
function serviceCredential(
  env: NodeJS.ProcessEnv,
  problems: string[],
  now: Date
): {
  credential: ServiceCredentialConfig;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
} {
  const text = env[ENV.serviceCredential]?.trim().toLowerCase() || "secret";
  const kind = (SERVICE_CREDENTIALS as readonly string[]).includes(text)
    ? (text as ServiceCredentialKind)
    : undefined;
  if (kind === undefined) {
    problems.push(`${ENV.serviceCredential} must be ${SERVICE_CREDENTIALS.join(", ")}`);
  }
  const isSet = (name: string) => (env[name]?.trim() ?? "") !== "";
  const notWith = (name: string) => {
    if (kind !== undefined && isSet(name)) {
      problems.push(
        `${name} is set, but ${ENV.serviceCredential} is ${kind}: remove it (a credential the gateway does not use should not lie on its machine)`
      );
    }
  };
  if (kind !== "certificate") notWith(ENV.clientCertificate);
  if (kind !== "secret") notWith(ENV.clientSecret);
  if (kind !== "managed-identity") notWith(ENV.managedIdentityClientId);

  if (kind === "managed-identity") {
    const clientId = env[ENV.managedIdentityClientId]?.trim() ?? "";
    if (clientId !== "" && !GUID.test(clientId)) {
      problems.push(
        `${ENV.managedIdentityClientId} must be the user-assigned identity's client id (a GUID), or not set for the system-assigned identity`
      );
    }
    return {
      credential: clientId === "" ? { kind } : { kind, clientId },
      tokenUrl: "",
      clientId: "",
      clientSecret: "",
    };
  }
  const tokenUrl = httpUrl(env, ENV.tokenUrl, problems);
  const clientId = required(env, ENV.clientId, problems);
  if (kind === "certificate") {
    if (tokenUrl !== "" && URL.canParse(tokenUrl) && new URL(tokenUrl).protocol !== "https:") {
      problems.push(
        `${ENV.tokenUrl} must use https:// with a certificate (msal-node refuses plain http)`
      );
    }
    const file = required(env, ENV.clientCertificate, problems);
    if (file !== "") {
      const read = readClientCertificate(ENV.clientCertificate, file, now);
      if (!read.ok) problems.push(read.problem);
      else
        return {
          credential: { kind, certificate: read.certificate },
          tokenUrl,
          clientId,
          clientSecret: "",
        };
    }
    return { credential: { kind: "secret" }, tokenUrl, clientId, clientSecret: "" };
  }
  const clientSecret = kind === "secret" ? required(env, ENV.clientSecret, problems) : "";
  return { credential: { kind: "secret" }, tokenUrl, clientId, clientSecret };
}

/** Reads and checks the configuration from `env` (certificates at `now`); every problem at once. */
export function readConfig(env: NodeJS.ProcessEnv, now = new Date()): ConfigResult {
  const problems: string[] = [];
  const portText = env[ENV.port]?.trim() || String(DEFAULT_PORT);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`${ENV.port} must be a port number (0-65535)`);
  }
  const host = env[ENV.host]?.trim() || DEFAULT_HOST;
  const service_ = serviceUrl(env, problems);
  const service = serviceCredential(env, problems, now);
  const config: GatewayConfig = {
    port,
    host,
    serviceUrl: service_,
    serviceCredential: service.credential,
    tokenUrl: service.tokenUrl,
    clientId: service.clientId,
    clientSecret: service.clientSecret,
    scope: scope(env, problems),
    apimKey: required(env, ENV.apimKey, problems),
    tenantId: required(env, ENV.tenantId, problems),
    organisationId: required(env, ENV.organisationId, problems),
    allowedOrigins: origins(env, problems),
    userIssuer: userIssuer(env, problems),
    userAudience: userAudience(env, problems),
    userRate: userRate(env, problems),
    userBodyShareBytes: userBodyShare(env, problems),
  };
  const clientIds = userClientIds(env, problems);
  if (clientIds !== undefined) config.userClientIds = clientIds;
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
}
