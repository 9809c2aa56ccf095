/**
 * The wiring of `npm run start:company` (scripts/start-company.ts), kept pure so that a unit test
 * can hold it against the gateway's own configuration check: ports, the development credentials
 * between gateway and simulator, and the gateway's environment.
 */
import {
  ADDIN_CLIENT_ID,
  API_APP_ID,
  DEFAULT_IDP_PORT,
  DEFAULT_REDIRECT_ORIGIN,
} from "../../idp/directory";

/** The chain's ports; each can be moved with its variable. */
export interface ChainPorts {
  simulator: number;
  gateway: number;
  idp: number;
}

/** Ports from SIMULATOR_PORT, GATEWAY_PORT and IDP_PORT, or 3001, 3002, 3003. */
export function chainPorts(env: NodeJS.ProcessEnv): ChainPorts {
  const port = (name: string, fallback: number) => {
    const text = env[name]?.trim();
    if (!text) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 65535) {
      throw new Error(`${name} must be a port number (1-65535)`);
    }
    return n;
  };
  return {
    simulator: port("SIMULATOR_PORT", 3001),
    gateway: port("GATEWAY_PORT", 3002),
    idp: port("IDP_PORT", DEFAULT_IDP_PORT),
  };
}

/** The add-in's dev server: the gateway's allowed origin and the provider's redirect origin. */
export const ADDIN_ORIGIN = DEFAULT_REDIRECT_ORIGIN;

/**
 * Development-only credentials between the gateway and the simulator (as `npm run simulator --
 * --require-auth` prints them). They never reach the browser: keeping them out of it is the
 * gateway's point.
 */
export const SERVICE_CREDENTIALS = {
  clientId: "dev-gateway-client",
  clientSecret: "dev-gateway-secret",
  apiKey: "dev-api-key",
  tenantId: "11111111-1111-4111-8111-111111111111",
  organisationId: "22222222-2222-4222-8222-222222222222",
  scope: "api://billing-service/.default",
} as const;

/**
 * The gateway's environment: the service side as today (the simulator's token endpoint, its
 * credentials), and the user side from the local identity provider — `GATEWAY_USER_ISSUER`,
 * `GATEWAY_USER_AUDIENCE`, and Node's standard `NODE_EXTRA_CA_CERTS` to trust its certificate.
 */
export function gatewayEnvironment(
  simulatorUrl: string,
  idp: { issuer: string; caFile?: string },
  gatewayPort: number,
  base: NodeJS.ProcessEnv = {}
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...base,
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_HOST: "127.0.0.1",
    GATEWAY_SERVICE_URL: simulatorUrl,
    GATEWAY_TOKEN_URL: `${simulatorUrl}/dev-tenant/oauth2/v2.0/token`,
    GATEWAY_CLIENT_ID: SERVICE_CREDENTIALS.clientId,
    GATEWAY_CLIENT_SECRET: SERVICE_CREDENTIALS.clientSecret,
    GATEWAY_SCOPE: SERVICE_CREDENTIALS.scope,
    GATEWAY_APIM_KEY: SERVICE_CREDENTIALS.apiKey,
    GATEWAY_TENANT_ID: SERVICE_CREDENTIALS.tenantId,
    GATEWAY_ORGANISATION_ID: SERVICE_CREDENTIALS.organisationId,
    GATEWAY_ALLOWED_ORIGINS: ADDIN_ORIGIN,
    GATEWAY_USER_ISSUER: idp.issuer,
    GATEWAY_USER_AUDIENCE: API_APP_ID,
    // Only the add-in's users: a token the provider gave another application is refused.
    GATEWAY_USER_CLIENT_IDS: ADDIN_CLIENT_ID,
  };
  if (idp.caFile) env.NODE_EXTRA_CA_CERTS = idp.caFile;
  else delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/** Where the chain's dev server listens: this machine only, never every interface. */
export const ADDIN_DEV_HOST = "127.0.0.1";

/**
 * The environment of the chain's add-in (dev server or sideloading): IT's connection values, and
 * the dev server bound to {@link ADDIN_DEV_HOST} (webpack.config.js reads BILLING_DEV_SERVER_HOST).
 */
export function addinEnvironment(
  env: NodeJS.ProcessEnv,
  itSettings: Record<string, string>
): NodeJS.ProcessEnv {
  return { ...env, ...itSettings, BILLING_DEV_SERVER_HOST: ADDIN_DEV_HOST };
}
