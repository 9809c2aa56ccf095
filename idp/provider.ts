/**
 * The local identity provider: oidc-provider 9 (OpenID certified) configured to issue tokens shaped
 * like Microsoft Entra ID's v2 tokens for the gateway API, over HTTPS, with our own sign-in page.
 *
 * ESM-only on koa: this module runs in its own process (idp/cli.ts), never inside jest.
 *
 * - The add-in is a public client: authorization code + PKCE (S256), no secret; any path under the
 *   configured origins is a redirect URI (as the tests need ephemeral ports); CORS for them.
 * - `msal-browser` sends no `resource`: resource indicators with a default resource make every
 *   access token a JWT (RS256) for the gateway API, `aud` = its bare application id.
 * - Refresh tokens for the add-in (msal's silent renewal), rotated on use, like Entra's for SPAs.
 * - The gateway's app registration, when its certificates are given: client credentials for the
 *   billing service, the client authenticated by a certificate's assertion (idp/service-client.ts).
 * - No consent screen for this first-party client: the grant is made when the user signs in.
 * - Nothing reaches the internet: no web fonts, no outgoing request of any kind.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import Provider, {
  errors,
  interactionPolicy,
  type Account,
  type Configuration,
  type KoaContextWithOIDC,
  type ResourceServerInfo,
  type Token,
} from "oidc-provider";
import { httpsMaterial } from "./certificate";
import { accessTokenClaims, userClaims, withoutRfc9068Claims } from "./claims";
import {
  ADDIN_CLIENT_ID,
  ADDIN_CLIENT_NAME,
  API_APP_ID,
  API_RESOURCE,
  API_SCOPE,
  DEMO_PASSWORD,
  ISSUER_PATH,
  SERVICE_APP_ID,
  SERVICE_CLIENT_ID,
  SERVICE_RESOURCE,
  SERVICE_SCOPE,
  TENANT_ID,
  findDemoUser,
  findDemoUserBySub,
  issuerFor,
} from "./directory";
import type { IdpOptions } from "./options";
import { redirectUriUnder } from "./options";
import { PAGE_CSP, errorPage, homePage, loginPage, logoutPage, signedOutPage } from "./pages";
import {
  assertionRefusal,
  certificateProblem,
  readServiceCertificates,
  type ServiceCertificate,
} from "./service-client";

/** A running provider. */
export interface RunningIdp {
  issuer: string;
  port: number;
  /** The file a client must trust for the provider's certificate. */
  caFile: string;
  close(): Promise<void>;
}

/** Lifetimes, seconds: Entra's for single-page applications where it has one. */
const TTL = {
  AuthorizationCode: 60,
  IdToken: 3600,
  Interaction: 10 * 60,
  Session: 8 * 60 * 60,
  Grant: 24 * 60 * 60,
  // Entra: 24 h for a single-page application's refresh token.
  RefreshToken: 24 * 60 * 60,
};

/** Largest sign-in form body read (two short fields). */
const MAX_FORM_BYTES = 16 * 1024;

/** A new RS256 signing key as a private JWK; kept in memory only, new at every start. */
function signingKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" });
  return { ...jwk, kid: randomBytes(12).toString("base64url"), alg: "RS256", use: "sig" };
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Security-Policy", PAGE_CSP);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(html);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(text);
}

/** The url-encoded body of a form post (bounded). */
async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error("form too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * The default policy (login, then consent) plus `select_account`, which Entra supports and msal
 * sends when asked to let the user pick an account (`prompt: "select_account"`); oidc-provider
 * refuses a prompt value it has no prompt for. Here it shows the sign-in page.
 */
function withSelectAccount() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: "select_account", requestable: true }), 0);
  return policy;
}

/** `scope` (space-separated) with `extra` added once. */
function withScope(scope: string | undefined, extra: string): string {
  const scopes = new Set((scope ?? "").split(" ").filter((s) => s !== ""));
  scopes.add(extra);
  return [...scopes].join(" ");
}

/** oidc-provider's configuration for `options`. */
function configuration(
  options: IdpOptions,
  serviceCertificates: readonly ServiceCertificate[],
  log: (line: string) => void
): Configuration {
  const origins = options.redirectOrigins;
  const serviceClient =
    serviceCertificates.length === 0
      ? []
      : [
          {
            client_id: SERVICE_CLIENT_ID,
            client_name: "Billing gateway",
            token_endpoint_auth_method: "private_key_jwt",
            grant_types: ["client_credentials"],
            response_types: [],
            redirect_uris: [],
            jwks: { keys: serviceCertificates.map((c) => c.jwk) },
          },
        ];

  const setPage = (ctx: KoaContextWithOIDC, html: string) => {
    ctx.type = "html";
    ctx.set("Content-Security-Policy", PAGE_CSP);
    ctx.body = html;
  };

  return {
    clients: [
      {
        client_id: ADDIN_CLIENT_ID,
        client_name: ADDIN_CLIENT_NAME,
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        // Registered as the origins' roots; any path under them is accepted (redirectUriAllowed).
        redirect_uris: origins.map((origin) => `${origin}/`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
      },
      ...serviceClient,
    ],
    jwks: { keys: [signingKey()] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    responseTypes: ["code"],
    // msal always sends redirect_uri; Entra requires it.
    allowOmittingSingleRegisteredRedirectUri: false,
    pkce: { required: () => true },
    scopes: ["openid", "profile", "offline_access"],
    // Entra's v2 ID tokens carry these; msal builds its account from them.
    claims: { openid: ["sub", "oid", "tid", "ver"], profile: ["name", "preferred_username"] },
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
      const user = findDemoUserBySub(sub);
      if (!user) return undefined;
      return { accountId: user.sub, claims: () => userClaims(user) };
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: serviceCertificates.length > 0 },
      resourceIndicators: {
        enabled: true,
        // msal sends no `resource`: every token of the add-in is for the gateway API, every token
        // of the gateway's client for the billing service.
        defaultResource: async (_ctx: unknown, client: { clientId: string }, oneOf?: string[]) =>
          oneOf ?? (client.clientId === SERVICE_CLIENT_ID ? SERVICE_RESOURCE : API_RESOURCE),
        useGrantedResource: async () => true,
        async getResourceServerInfo(
          _ctx: unknown,
          indicator: string,
          client: { clientId: string }
        ): Promise<ResourceServerInfo> {
          // Each client gets tokens for its one resource: the add-in the gateway API's, the
          // gateway's client the billing service's.
          const [resource, scope, audience] =
            client.clientId === SERVICE_CLIENT_ID
              ? [SERVICE_RESOURCE, SERVICE_SCOPE, SERVICE_APP_ID]
              : [API_RESOURCE, API_SCOPE, API_APP_ID];
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope,
            audience,
            accessTokenTTL: options.accessTokenTtlSeconds,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          setPage(ctx, logoutPage(form, ctx.host));
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          setPage(ctx, signedOutPage());
        },
      },
    },
    interactions: {
      policy: withSelectAccount(),
      url: async (_ctx: unknown, interaction: { uid: string }) =>
        `${ISSUER_PATH}/interaction/${interaction.uid}`,
    },
    /**
     * The first-party add-in needs no consent screen: its grant is made (or extended) with exactly
     * what it asked for, as an Entra admin consent does for the whole directory.
     */
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const client = oidc.client;
      const accountId = oidc.session?.accountId;
      if (!client || !accountId) return undefined;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId) ?? undefined;
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (client.clientId !== ADDIN_CLIENT_ID) return grant;
      grant ??= new oidc.provider.Grant({ accountId, clientId: client.clientId });
      // offline_access: see issueRefreshToken.
      grant.addOIDCScope([...oidc.requestParamOIDCScopes, "offline_access"].join(" "));
      const claims = [...oidc.requestParamClaims];
      if (claims.length > 0) grant.addOIDCClaims(claims);
      for (const [indicator, server] of Object.entries(oidc.resourceServers)) {
        const scopes = [...oidc.requestParamScopes].filter((s) => server.scopes.has(s));
        if (scopes.length > 0) grant.addResourceScope(indicator, scopes.join(" "));
      }
      await grant.save();
      return grant;
    },
    /**
     * Entra gives a single-page application a refresh token at every sign-in, and msal asks for
     * `offline_access` again at every renewal. oidc-provider follows OpenID Connect Core 11 to the
     * letter and drops `offline_access` from an authorization request without `prompt=consent`
     * (msal never sends it), so the refresh token would lack the scope msal then asks for: the code's
     * scope gets it back here, just before the refresh token is made from it.
     */
    async issueRefreshToken(
      _ctx: unknown,
      client: { grantTypeAllowed(type: string): boolean },
      source: { kind?: string; scope?: string }
    ) {
      if (!client.grantTypeAllowed("refresh_token")) return false;
      if (source.kind === "AuthorizationCode")
        source.scope = withScope(source.scope, "offline_access");
      return true;
    },
    expiresWithSession: async () => false,
    /**
     * Entra finds the certificate by the assertion's `x5t#S256` and refuses one not valid now; the
     * signature itself is checked by oidc-provider against the client's keys.
     */
    async assertJwtClientAuthClaimsAndHeader(
      _ctx: unknown,
      _payload: unknown,
      header: Record<string, unknown>
    ) {
      const problem = certificateProblem(serviceCertificates, header, new Date());
      if (problem) throw new errors.InvalidClientAuth(`certificate ${problem}`);
    },
    async extraTokenClaims(_ctx: unknown, token: Token) {
      if (token.kind === "ClientCredentials") {
        // Entra's application tokens: the directory, the calling app, and no user.
        return { tid: TENANT_ID, azp: token.clientId, idtyp: "app", ver: "2.0" };
      }
      if (token.kind !== "AccessToken" || !token.accountId || !token.clientId) return undefined;
      const user = findDemoUserBySub(token.accountId);
      return user ? accessTokenClaims(user, token.clientId, token.scope) : undefined;
    },
    formats: {
      customizers: {
        async jwt(_ctx: unknown, _token: unknown, jwt: { payload: Record<string, unknown> }) {
          jwt.payload = withoutRfc9068Claims(jwt.payload);
        },
      },
    },
    clientBasedCORS: (_ctx: unknown, origin: string, client: { clientId: string }) =>
      client.clientId === ADDIN_CLIENT_ID && origins.includes(origin),
    async renderError(ctx: KoaContextWithOIDC, out: Record<string, unknown>) {
      setPage(ctx, errorPage(out));
    },
    ttl: { ...TTL, AccessToken: options.accessTokenTtlSeconds },
    // Nothing here may reach the internet (no request_uri, jwks_uri or sector identifier fetches).
    fetch: async (url: URL | string) => {
      log(JSON.stringify({ event: "outgoing-request-refused", host: new URL(String(url)).host }));
      throw new Error("the local identity provider makes no outgoing requests");
    },
  };
}

/**
 * Serves the sign-in interaction (`/interaction/<uid>`, `/login`, `/abort`) for `provider`.
 * `path` is below the issuer path.
 */
async function interaction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  log: (line: string) => void
): Promise<void> {
  const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(path);
  if (!match) return sendText(res, 404, "Not found");
  const [, uid, action] = match;
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    return sendHtml(
      res,
      400,
      errorPage({
        error: "session_not_found",
        error_description: "This sign-in has expired or was already used; start it again.",
      })
    );
  }
  if (details.uid !== uid) return sendText(res, 400, "Interaction mismatch");
  const base = `${ISSUER_PATH}/interaction/${uid}`;
  const page = (status: number, username?: string, error?: string) =>
    sendHtml(
      res,
      status,
      loginPage({
        clientName: ADDIN_CLIENT_NAME,
        action: `${base}/login`,
        abortAction: `${base}/abort`,
        username,
        error,
      })
    );

  if (action === undefined) {
    if (req.method !== "GET") return sendText(res, 405, "Method not allowed");
    if (details.prompt.name === "login" || details.prompt.name === "select_account") {
      // msal passes the account it expects as login_hint (a renewed sign-in): fill it in.
      const hint = details.params.login_hint;
      return page(200, typeof hint === "string" ? hint.slice(0, 256) : undefined);
    }
    // Any other prompt (consent) is answered for the first-party add-in by loadExistingGrant; a
    // prompt left over means something asked for more than this provider knows.
    return provider.interactionFinished(req, res, {
      error: "access_denied",
      error_description: `unexpected prompt ${details.prompt.name}`,
    });
  }
  if (req.method !== "POST") return sendText(res, 405, "Method not allowed");
  if (action === "/abort") {
    return provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The user cancelled the sign-in." },
      { mergeWithLastSubmission: false }
    );
  }
  let form: URLSearchParams;
  try {
    form = await readForm(req);
  } catch {
    return sendText(res, 413, "Form too large");
  }
  const username = form.get("username") ?? "";
  const user = findDemoUser(username);
  // One answer for an unknown user and a wrong password: the page does not tell which.
  if (!user || form.get("password") !== DEMO_PASSWORD) {
    log(JSON.stringify({ time: new Date().toISOString(), event: "sign-in-refused" }));
    return page(401, username, "The user name or password is not right. Try again.");
  }
  log(
    JSON.stringify({
      time: new Date().toISOString(),
      event: "signed-in",
      oid: user.oid,
      preferred_username: user.username,
    })
  );
  // Typing a user name is how an account is selected here.
  const selected = details.prompt.name === "select_account" ? { select_account: {} } : {};
  return provider.interactionFinished(
    req,
    res,
    { ...selected, login: { accountId: user.sub } },
    { mergeWithLastSubmission: false }
  );
}

/** Listens on `port` of 127.0.0.1 and, best effort, the same port of ::1 (`localhost` is both). */
async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  material: { cert: Buffer; key: Buffer },
  port: number
): Promise<https.Server[]> {
  const start = (host: string, p: number) =>
    new Promise<https.Server>((resolve, reject) => {
      const server = https.createServer({ cert: material.cert, key: material.key }, handler);
      server.once("error", (e: NodeJS.ErrnoException) =>
        reject(
          e.code === "EADDRINUSE"
            ? new Error(
                `--port ${p}: the port is in use on ${host}; stop what uses it, or choose another (0: any free port)`
              )
            : e
        )
      );
      server.listen(p, host, () => {
        server.removeAllListeners("error");
        resolve(server);
      });
    });
  const first = await start("127.0.0.1", port);
  const actual = (first.address() as AddressInfo).port;
  const servers = [first];
  try {
    servers.push(await start("::1", actual));
  } catch {
    // No IPv6 loopback here: 127.0.0.1 serves localhost alone.
  }
  return servers;
}

/** The type of a client assertion (RFC 7523): what a certificate's sign-in sends. */
const JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/** The header of a compact JWT, or an empty object. */
function jwtHeader(jwt: unknown): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(
      Buffer.from(String(jwt).split(".")[0], "base64url").toString("utf8")
    );
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * At the token endpoint: logs how the client authenticated (which parameters came, never their
 * values), and answers a refused client assertion as Entra does (`AADSTS700027`), so that the
 * gateway names the certificate as the cause.
 */
function tokenRequestLog(
  certificates: readonly ServiceCertificate[],
  log: (line: string) => void
): (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void> {
  return async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== "token") return;
    const params = ctx.oidc.params ?? {};
    const body = ctx.body as Record<string, unknown> | undefined;
    log(
      JSON.stringify({
        time: new Date().toISOString(),
        event: "token-request",
        grant_type: params.grant_type,
        client_id: ctx.oidc.client?.clientId ?? params.client_id,
        client_assertion_type: params.client_assertion_type,
        client_assertion_sent: typeof params.client_assertion === "string",
        client_secret_sent: typeof params.client_secret === "string",
        status: ctx.status,
        ...(typeof body?.error === "string" ? { error: body.error } : {}),
      })
    );
    if (body?.error === "invalid_client" && params.client_assertion_type === JWT_BEARER) {
      ctx.body = assertionRefusal(
        certificateProblem(certificates, jwtHeader(params.client_assertion), new Date())
      );
    }
  };
}

/** Starts the provider; `log` gets one JSON line per event (requests, sign-ins, errors). */
export async function startIdp(
  options: IdpOptions,
  log: (line: string) => void
): Promise<RunningIdp> {
  const material = await httpsMaterial(options);
  const serviceCertificates = await readServiceCertificates(options.serviceClientCertFiles ?? []);
  let callback: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  let provider: Provider | undefined;

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const url = new URL(req.url ?? "/", "https://localhost");
    res.on("finish", () => {
      // The path only: a query string can hold a code or a state.
      log(
        JSON.stringify({
          time: new Date().toISOString(),
          method: req.method,
          path: url.pathname,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        })
      );
    });
    if (!provider || !callback) return sendText(res, 503, "Starting");
    if (url.pathname === "/" && (req.method === "GET" || req.method === "HEAD")) {
      return sendHtml(res, 200, homePage(provider.issuer));
    }
    const inside = url.pathname.startsWith(`${ISSUER_PATH}/`);
    if (!inside) return sendText(res, 404, `Not found. The issuer is ${provider.issuer}`);
    const path = url.pathname.slice(ISSUER_PATH.length);
    if (path.startsWith("/interaction/")) {
      interaction(provider, req, res, path, log).catch((e: unknown) => {
        log(JSON.stringify({ event: "interaction-error", message: (e as Error).message }));
        if (!res.headersSent) sendText(res, 500, "Sign-in failed; start it again.");
      });
      return;
    }
    // Mounted below the issuer path, as koa-mount does it: oidc-provider builds its URLs from
    // the difference between originalUrl and url.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
    req.url = (req.url ?? "/").slice(ISSUER_PATH.length);
    callback(req, res);
  };

  const servers = await listen(handler, material, options.port);
  const port = (servers[0].address() as AddressInfo).port;
  const issuer = issuerFor(port);
  provider = new Provider(issuer, configuration(options, serviceCertificates, log));
  provider.use(tokenRequestLog(serviceCertificates, log));
  // Any path under a configured origin is a redirect URI (ephemeral test ports, taskpane.html,
  // preview.html); the registered roots alone would not do.
  provider.Client.prototype.redirectUriAllowed = (value: string) =>
    redirectUriUnder(value, options.redirectOrigins);
  provider.Client.prototype.postLogoutRedirectUriAllowed = (value: string) =>
    redirectUriUnder(value, options.redirectOrigins);
  provider.on("server_error", (_ctx: unknown, error: unknown) => {
    log(JSON.stringify({ event: "server-error", message: (error as Error).message }));
  });
  callback = provider.callback();

  return {
    issuer,
    port,
    caFile: material.caFile,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            })
        )
      );
      await material.dispose();
    },
  };
}
