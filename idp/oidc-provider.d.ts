/**
 * The part of oidc-provider 9's API the local identity provider uses. The package ships no types
 * (DefinitelyTyped's lag behind 9.x); these follow its documentation (docs/README.md) and source.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  /** The account a `findAccount` answers with. */
  export interface Account {
    accountId: string;
    claims(
      use: string,
      scope: string,
      claims: unknown,
      rejected: string[]
    ): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  /** A resource server as `getResourceServerInfo` describes it. */
  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: "opaque" | "jwt";
    jwt?: { sign?: { alg?: string } };
  }

  export interface ClientMetadata {
    client_id: string;
    client_name?: string;
    application_type?: "web" | "native";
    token_endpoint_auth_method?: string;
    grant_types?: string[];
    response_types?: string[];
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    [key: string]: unknown;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    clientAuthMethod: string;
    redirectUris: string[];
    grantTypeAllowed(type: string): boolean;
    redirectUriAllowed(value: string): boolean;
    postLogoutRedirectUriAllowed(value: string): boolean;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  /** An issued token as `extraTokenClaims` and the JWT customizer see it. */
  export interface Token {
    kind: string;
    accountId?: string;
    clientId?: string;
    scope?: string;
    aud?: string | string[];
    resourceServer?: { audience?: string };
  }

  export interface ResourceServer {
    scope?: string;
    readonly scopes: Set<string>;
  }

  /** `ctx.oidc`: what the request carries, as far as used here. */
  export interface OIDCContext {
    client?: Client;
    route?: string;
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    readonly requestParamScopes: Set<string>;
    readonly requestParamOIDCScopes: Set<string>;
    readonly requestParamClaims: Set<string>;
    resourceServers: Record<string, ResourceServer>;
    /** The request's parameters that the route recognises (token endpoint: grant, client auth). */
    params?: Record<string, unknown>;
    provider: Provider;
  }

  /** The koa context, as far as used here. */
  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    path: string;
    host: string;
    type: string;
    body: unknown;
    status: number;
    set(name: string, value: string): void;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons?: string[]; details?: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }

  export type Configuration = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean }
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    /** A koa middleware around every route. */
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): this;
    Client: { prototype: Client; find(id: string): Promise<Client | undefined> };
    Grant: {
      new (properties: { accountId?: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
  }

  /** A prompt of the interaction policy. */
  export class Prompt {
    constructor(options: { name: string; requestable?: boolean });
    readonly name: string;
  }

  /** The interaction policy: an ordered list of prompts. */
  export type InteractionPolicy = Prompt[] & { add(prompt: Prompt, index?: number): void };

  export const interactionPolicy: {
    base(): InteractionPolicy;
    Prompt: typeof Prompt;
  };

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
    InvalidClientAuth: new (detail?: string) => Error;
  };

  export default Provider;
}
