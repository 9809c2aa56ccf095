/**
 * The local identity provider (idp/) for tests and scripts: spawned as its own process
 * (`tsx idp/cli.ts`) — oidc-provider is ESM-only on koa and never loads inside
 * jest — plus a password sign-in over plain HTTP requests (authorization code + PKCE), for tests
 * that need real user tokens without a browser.
 *
 * The fixed ids (directory, audience, client, scope, demo users) are in idp/directory.ts, re-exported
 * here.
 */
import { spawn } from "node:child_process";
import { X509Certificate, createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import tls from "node:tls";
import { Agent, fetch as undiciFetch } from "undici";
import { ADDIN_CLIENT_ID, API_SCOPE } from "../../idp/directory";

export {
  ADDIN_CLIENT_ID,
  API_APP_ID,
  API_RESOURCE,
  API_SCOPE,
  SERVICE_APP_ID,
  SERVICE_CLIENT_ID,
  SERVICE_SCOPE,
  DEMO_PASSWORD,
  DEMO_USERS,
  TENANT_ID,
  findDemoUser,
  type DemoUser,
} from "../../idp/directory";

const ROOT = path.resolve(__dirname, "../..");

/**
 * tsx's command line (what node_modules/.bin/tsx links to), run with this Node: the same on every
 * platform, where spawning `.bin/tsx.cmd` on Windows would need a shell.
 */
export const TSX_CLI = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

/** How to start the provider. */
export interface IdentityProviderOptions {
  /** Origins under which any path is a valid redirect URI (default: https://localhost:3000). */
  redirectOrigins?: string[];
  /** Access token lifetime in seconds (default 3600); small values test silent renewal. */
  accessTokenTtlSeconds?: number;
  /** Fixed port (default 0: ephemeral). */
  port?: number;
  /**
   * PEM files of the certificates the gateway's app registration (SERVICE_CLIENT_ID) may sign its
   * client assertions with; none = the provider has no such client.
   */
  serviceClientCertificates?: string[];
  /** PEM files to serve (default: the dev certificate if valid, else a generated one). */
  certificate?: { certFile: string; keyFile: string; caFile?: string };
  /**
   * Where the provider's log (stderr: one JSON line per request or event) goes: collected in
   * `log` (default), or handed line by line to `onLog` and not kept (long-running scripts).
   */
  onLog?: (line: string) => void;
  /** The child's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the ready line, ms (default 60 s: tsx compiles on two shared cores). */
  startTimeoutMs?: number;
}

/** A running provider. */
export interface IdentityProvider {
  /** `https://localhost:<port>/<tid>/v2.0` — also the msal authority. */
  issuer: string;
  port: number;
  /** The certificate file a client must trust (NODE_EXTRA_CA_CERTS, or Agent connect.ca). */
  caFile?: string;
  /** The provider's log lines so far (stderr: one JSON line per request), unless `onLog`. */
  log: string[];
  /** Stops the provider (SIGTERM, then SIGKILL after 5 s). */
  close(): Promise<void>;
}

interface ReadyLine {
  ready: true;
  issuer: string;
  port: number;
  caFile?: string;
}

/** Starts `tsx idp/cli.ts` and resolves when it prints its ready line. */
export function startIdentityProvider(
  options: IdentityProviderOptions = {}
): Promise<IdentityProvider> {
  const args = ["idp/cli.ts", "--port", String(options.port ?? 0)];
  for (const origin of options.redirectOrigins ?? []) args.push("--redirect-origin", origin);
  if (options.accessTokenTtlSeconds !== undefined) {
    args.push("--access-token-ttl", String(options.accessTokenTtlSeconds));
  }
  for (const file of options.serviceClientCertificates ?? []) {
    args.push("--service-client-cert", file);
  }
  if (options.certificate) {
    args.push("--cert", options.certificate.certFile, "--key", options.certificate.keyFile);
    if (options.certificate.caFile) args.push("--ca", options.certificate.caFile);
  }
  const child = spawn(process.execPath, [TSX_CLI, ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: options.env ?? process.env,
  });
  const log: string[] = [];
  const onLog = options.onLog;
  // Until ready, lines are kept either way: they explain a failed start.
  let started = false;
  createInterface({ input: child.stderr! }).on("line", (line) => {
    if (!onLog || !started) log.push(line);
    if (onLog) onLog(line);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const close = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise<IdentityProvider>((resolve, reject) => {
    const timeoutMs = options.startTimeoutMs ?? 60_000;
    const timer = setTimeout(() => {
      void close();
      reject(
        new Error(`The identity provider did not start within ${timeoutMs} ms:\n${log.join("\n")}`)
      );
    }, timeoutMs);
    child.once("error", (e) => {
      clearTimeout(timer);
      reject(new Error(`Cannot start the identity provider (${TSX_CLI}): ${e.message}`));
    });
    let ready = false;
    // "close", not "exit": after stderr is read to its end, so the error shows the whole log.
    child.once("close", (code, signal) => {
      if (ready) return;
      clearTimeout(timer);
      reject(
        new Error(
          `The identity provider exited (${code ?? signal}) before it was ready:\n${log.join("\n")}`
        )
      );
    });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      let parsed: ReadyLine | undefined;
      try {
        parsed = JSON.parse(line) as ReadyLine;
      } catch {
        parsed = undefined;
      }
      if (parsed?.ready !== true || ready) {
        // stdout is the ready line's alone: anything else is a defect, kept to be seen.
        const kept = `stdout: ${line}`;
        if (!onLog || !started) log.push(kept);
        if (onLog) onLog(kept);
        return;
      }
      ready = true;
      started = true;
      if (onLog) log.length = 0;
      clearTimeout(timer);
      resolve({ issuer: parsed.issuer, port: parsed.port, caFile: parsed.caFile, log, close });
    });
  });
}

/**
 * A fetch (undici's, with its own dispatcher) that trusts the certificate in `caFile` — only it,
 * as Node's `ca` option replaces the usual roots: enough for a provider on this machine, and no
 * global switch (NODE_TLS_REJECT_UNAUTHORIZED) touched.
 */
export function fetchTrusting(caFile: string | undefined): typeof fetch {
  const dispatcher = caFile ? new Agent({ connect: { ca: readFileSync(caFile) } }) : new Agent();
  return ((input: string | URL, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}

/**
 * The base64 SHA-256 of the public key (SPKI) of the certificate the provider at `port` presents,
 * for Chromium's `--ignore-certificate-errors-spki-list=<hash>`: the browser then accepts exactly
 * this certificate, while every other one is still checked (rather than `ignoreHTTPSErrors`).
 */
export async function certificateSpkiHash(port: number, host = "localhost"): Promise<string> {
  const raw = await new Promise<Buffer>((resolve, reject) => {
    // Reading the certificate only (nothing is sent): it is not trusted here, the hash is.
    const socket = tls.connect({ port, host, servername: host, rejectUnauthorized: false }, () => {
      const certificate = socket.getPeerCertificate();
      socket.end();
      resolve(certificate.raw);
    });
    socket.once("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no TLS answer on port ${port}`)));
  });
  const spki = new X509Certificate(raw).publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(spki).digest("base64");
}

/** The S256 PKCE pair. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

/** A minimal cookie jar: the provider's cookies, sent back on every request to it. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Remembers the Set-Cookie headers of `response`. */
  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  /** The Cookie header value. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The endpoints of the provider's discovery document. */
export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
}

/** Reads `${issuer}/.well-known/openid-configuration`. */
export async function discover(issuer: string, trustedFetch: typeof fetch): Promise<Discovery> {
  const response = await trustedFetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  return (await response.json()) as Discovery;
}

/** The token endpoint's answer. */
export interface TokenSet {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/** What {@link signInWithPassword} needs. */
export interface PasswordSignIn {
  username: string;
  password: string;
  /** A redirect URI under one of the provider's redirect origins. */
  redirectUri: string;
  /** Default: what msal-browser asks for (the gateway scope, openid, profile, offline_access). */
  scope?: string;
  clientId?: string;
  /**
   * PKCE as msal does it (default), without a code challenge, or with a code verifier that does
   * not match the challenge — for tests that the provider refuses the last two.
   */
  pkce?: "S256" | "none" | "wrong-verifier";
  /** Further authorization request parameters (`prompt`, `login_hint`, …). */
  extraParams?: Record<string, string>;
  /** Press "Cancel" on the sign-in page instead of signing in. */
  cancel?: boolean;
  /** The cookies of an earlier sign-in (the browser's session at the provider). */
  cookies?: CookieJar;
  /** False: stop once the code is back (its `verifier` in the steps), for tests that redeem it. */
  exchange?: boolean;
}

/** The result of each step, for tests that look at a step that should fail. */
export interface SignInSteps {
  /** The sign-in page's HTML (or the error page the authorization request ended at). */
  loginPage: string;
  /** Its status and headers. */
  loginPageStatus: number;
  loginPageHeaders?: Headers;
  /** The answer to the login form post. */
  loginStatus: number;
  loginBody: string;
  /** Where the provider sent the browser back to (the redirect URI with code or error). */
  redirectedTo?: URL;
  /** The `code` the redirect URI received, if any. */
  code?: string;
  /** The PKCE code verifier of this sign-in (S256 of it was the code challenge). */
  verifier: string;
  tokens?: TokenSet;
}

const MAX_REDIRECTS = 10;

/**
 * Signs in as a browser would, over plain HTTP requests: the authorization request with PKCE, the
 * sign-in form, the redirects back, then the code exchanged at the token endpoint (with the redirect
 * URI's origin, as msal calls it from the page). Throws when a step answers unexpectedly; see
 * {@link runPasswordSignIn} for the steps themselves.
 */
export async function signInWithPassword(
  issuer: string,
  trustedFetch: typeof fetch,
  request: PasswordSignIn
): Promise<TokenSet> {
  const steps = await runPasswordSignIn(issuer, trustedFetch, request);
  if (!steps.tokens) {
    throw new Error(`sign-in as ${request.username} failed: login ${steps.loginStatus}`);
  }
  return steps.tokens;
}

/** The steps of a password sign-in; stops at the first one that does not go on. */
export async function runPasswordSignIn(
  issuer: string,
  trustedFetch: typeof fetch,
  request: PasswordSignIn
): Promise<SignInSteps> {
  const discovery = await discover(issuer, trustedFetch);
  const jar = request.cookies ?? new CookieJar();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(12).toString("base64url");
  const clientId = request.clientId ?? ADDIN_CLIENT_ID;
  const pkce = request.pkce ?? "S256";
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    response_mode: "query",
    redirect_uri: request.redirectUri,
    scope: request.scope ?? `${API_SCOPE} openid profile offline_access`,
    ...(pkce === "none" ? {} : { code_challenge: challenge, code_challenge_method: "S256" }),
    state,
    nonce: randomBytes(12).toString("base64url"),
    ...request.extraParams,
  }).toString();

  const get = async (url: string) => {
    const response = await trustedFetch(url, {
      redirect: "manual",
      headers: { cookie: jar.header() },
    });
    jar.take(response);
    return response;
  };
  /** Follows redirects within the provider; returns the first answer that is not one, or the
   * redirect URI it was sent to. */
  const follow = async (first: Response): Promise<{ response?: Response; landed?: URL }> => {
    let response = first;
    for (let i = 0; i < MAX_REDIRECTS && response.status >= 300 && response.status < 400; i++) {
      const location = new URL(response.headers.get("location") ?? "", issuer);
      if (location.origin !== new URL(issuer).origin) return { landed: location };
      response = await get(location.href);
    }
    return { response };
  };

  const steps: SignInSteps = {
    loginPage: "",
    loginPageStatus: 0,
    loginStatus: 0,
    loginBody: "",
    verifier,
  };
  const atLogin = await follow(await get(authorize.href));
  if (!atLogin.response) {
    // Sent straight back (an error for the client, or an existing session).
    steps.redirectedTo = atLogin.landed;
    return steps;
  }
  steps.loginPage = await atLogin.response.text();
  steps.loginPageStatus = atLogin.response.status;
  steps.loginPageHeaders = atLogin.response.headers;
  const form = request.cancel ? "abort" : "login";
  const action = new RegExp(`<form method="post" action="([^"]+/${form})"`).exec(
    steps.loginPage
  )?.[1];
  if (atLogin.response.status !== 200 || !action) return steps;

  const posted = await trustedFetch(new URL(action.replace(/&amp;/g, "&"), issuer), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      username: request.username,
      password: request.password,
    }).toString(),
  });
  jar.take(posted);
  steps.loginStatus = posted.status;
  const back = await follow(posted);
  if (back.response) {
    steps.loginBody = await back.response.text();
    return steps;
  }
  const landed = back.landed!;
  steps.redirectedTo = landed;
  if (landed.searchParams.get("state") !== state) throw new Error("state mismatch");
  const code = landed.searchParams.get("code") ?? undefined;
  steps.code = code;
  if (!code || request.exchange === false) return steps;

  const token = await redeemCode(discovery, trustedFetch, {
    code,
    clientId,
    redirectUri: request.redirectUri,
    verifier: pkce === "wrong-verifier" ? pkcePair().verifier : verifier,
  });
  if (!token.ok) throw new Error(`token endpoint answered ${token.status}: ${await token.text()}`);
  steps.tokens = (await token.json()) as TokenSet;
  return steps;
}

/**
 * Redeems an authorization code at the token endpoint as msal does from the page (the redirect
 * URI's origin); `verifier` undefined sends none.
 */
export function redeemCode(
  discovery: Discovery,
  trustedFetch: typeof fetch,
  grant: { code: string; redirectUri: string; verifier?: string; clientId?: string }
): Promise<Response> {
  return trustedFetch(discovery.token_endpoint, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(grant.redirectUri).origin,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: grant.clientId ?? ADDIN_CLIENT_ID,
      code: grant.code,
      redirect_uri: grant.redirectUri,
      ...(grant.verifier === undefined ? {} : { code_verifier: grant.verifier }),
    }).toString(),
  });
}

/** A refresh-token grant as msal's silent renewal makes it. */
export async function refreshTokens(
  issuer: string,
  trustedFetch: typeof fetch,
  refreshToken: string,
  origin: string,
  scope = `${API_SCOPE} openid profile offline_access`
): Promise<Response> {
  const discovery = await discover(issuer, trustedFetch);
  return trustedFetch(discovery.token_endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      client_id: ADDIN_CLIENT_ID,
      refresh_token: refreshToken,
      scope,
    }).toString(),
  });
}
