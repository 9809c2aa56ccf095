/**
 * The local identity provider's command line (pure: parsing and checking, unit-tested).
 *
 * `tsx idp/cli.ts [--port N] [--cert file --key file [--ca file]] [--redirect-origin url ...]
 * [--access-token-ttl seconds] [--service-client-cert file ...]`
 */
import { parseArgs } from "node:util";
import {
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_IDP_PORT,
  DEFAULT_REDIRECT_ORIGIN,
} from "./directory";

/** What the provider needs to start. */
export interface IdpOptions {
  /** 0 = an ephemeral port (the ready line says which). */
  port: number;
  /** PEM files of the HTTPS certificate; both or neither. Neither: see idp/certificate.ts. */
  certFile?: string;
  keyFile?: string;
  /** The CA a client must trust for `certFile` (reported as `caFile`); default: `certFile`. */
  caFile?: string;
  /** Origins (scheme://host[:port]) under which any path is a valid redirect URI; CORS for them. */
  redirectOrigins: string[];
  /** Lifetime of access tokens, seconds. */
  accessTokenTtlSeconds: number;
  /**
   * PEM files of the certificates the gateway's app registration (SERVICE_CLIENT_ID) signs its
   * client assertions with; none = no such client (idp/service-client.ts).
   */
  serviceClientCertFiles?: string[];
}

/** Result of {@link parseIdpArgs}: options, a help request, or every problem at once. */
export type ParsedArgs =
  | { kind: "options"; options: IdpOptions }
  | { kind: "help" }
  | { kind: "problems"; problems: string[] };

/** The usage line printed by `--help` and after a mistake. */
export const USAGE =
  "tsx idp/cli.ts [--port 3003 (0 = ephemeral)] [--cert file --key file [--ca file]]\n" +
  "  [--redirect-origin https://localhost:3000 ...] [--access-token-ttl 3600]\n" +
  "  [--service-client-cert gateway-certificate.pem ...]";

/** The longest access token lifetime accepted: a day (Entra's maximum). */
const MAX_TTL_SECONDS = 24 * 60 * 60;

/** `value` as an exact origin (no path, query, user or wildcard), or a problem naming the flag. */
export function checkOrigin(value: string): { origin: string } | { problem: string } {
  const problem = `--redirect-origin "${value}" is not an origin (http(s)://host[:port], no path)`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { problem };
  if (url.origin !== value.replace(/\/$/, "")) return { problem };
  return { origin: url.origin };
}

function integer(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  problems: string[]
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || n < min || n > max) {
    problems.push(`--${name} must be a whole number from ${min} to ${max} (got "${value}")`);
    return undefined;
  }
  return n;
}

/** Parses the provider's arguments (without `node` and the script). */
export function parseIdpArgs(argv: readonly string[]): ParsedArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        port: { type: "string" },
        cert: { type: "string" },
        key: { type: "string" },
        ca: { type: "string" },
        "redirect-origin": { type: "string", multiple: true },
        "access-token-ttl": { type: "string" },
        "service-client-cert": { type: "string", multiple: true },
        help: { type: "boolean" },
      },
    }));
  } catch (e) {
    return { kind: "problems", problems: [(e as Error).message] };
  }
  if (values.help) return { kind: "help" };

  const problems: string[] = [];
  const port = integer("port", values.port, 0, 65535, problems) ?? DEFAULT_IDP_PORT;
  const ttl =
    integer("access-token-ttl", values["access-token-ttl"], 1, MAX_TTL_SECONDS, problems) ??
    DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  if ((values.cert === undefined) !== (values.key === undefined)) {
    problems.push("--cert and --key go together: give both or neither");
  }
  if (values.ca !== undefined && values.cert === undefined) {
    problems.push("--ca needs --cert and --key");
  }
  const origins: string[] = [];
  for (const value of values["redirect-origin"] ?? [DEFAULT_REDIRECT_ORIGIN]) {
    const checked = checkOrigin(value);
    if ("problem" in checked) problems.push(checked.problem);
    else if (!origins.includes(checked.origin)) origins.push(checked.origin);
  }
  if (problems.length > 0) return { kind: "problems", problems };

  const options: IdpOptions = { port, redirectOrigins: origins, accessTokenTtlSeconds: ttl };
  const serviceCerts = values["service-client-cert"] ?? [];
  if (serviceCerts.length > 0) options.serviceClientCertFiles = serviceCerts;
  if (values.cert !== undefined && values.key !== undefined) {
    options.certFile = values.cert;
    options.keyFile = values.key;
    options.caFile = values.ca ?? values.cert;
  }
  return { kind: "options", options };
}

/**
 * True when `redirectUri` is an absolute URL under one of `origins`, without a fragment or user
 * info, written exactly as the URL standard writes it (as a browser's `location` gives it, which is
 * what msal sends): a backslash, a dot segment, a tab, an upper-case host or an explicit default
 * port would be read one way here and perhaps another by something else on the way, so none is
 * accepted. The one liberty: an origin alone without its `/`.
 */
export function redirectUriUnder(redirectUri: unknown, origins: readonly string[]): boolean {
  if (typeof redirectUri !== "string") return false;
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  // OAuth 2.0 (RFC 6749 3.1.2): a redirection URI must not include a fragment; and no user info.
  if (url.hash !== "" || redirectUri.includes("#")) return false;
  if (url.username !== "" || url.password !== "") return false;
  const canonical = url.href === redirectUri || url.href === `${redirectUri}/`;
  return canonical && origins.includes(url.origin);
}
