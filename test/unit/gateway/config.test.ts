/** The gateway's configuration from the environment: every problem at once, named, never the value. */
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_USER_BODY_SHARE_MB,
  DEFAULT_USER_RATE,
  ENV,
  readConfig,
} from "../../../gateway";

const SECRET = "s3cr3t-client-value-91";

const GOOD: NodeJS.ProcessEnv = {
  [ENV.serviceUrl]: "https://billing.example.com/",
  [ENV.tokenUrl]: "https://login.microsoftonline.com/tenant/oauth2/v2.0/token",
  [ENV.clientId]: "client",
  [ENV.clientSecret]: SECRET,
  [ENV.scope]: "api://billing/.default",
  [ENV.apimKey]: "apim-key",
  [ENV.tenantId]: "tenant",
  [ENV.organisationId]: "org",
  [ENV.allowedOrigins]: "https://addin.example.com/, https://localhost:3000",
  [ENV.userIssuer]: "https://login.microsoftonline.com/7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17/v2.0",
  [ENV.userAudience]: "4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34",
};

describe("readConfig", () => {
  it("reads a complete environment, with defaults for the listening address", () => {
    const result = readConfig(GOOD);
    if (!result.ok) throw new Error(result.problems.join("; "));
    expect(result.config).toEqual({
      port: DEFAULT_PORT,
      host: DEFAULT_HOST,
      serviceUrl: "https://billing.example.com",
      serviceCredential: { kind: "secret" },
      tokenUrl: "https://login.microsoftonline.com/tenant/oauth2/v2.0/token",
      clientId: "client",
      clientSecret: SECRET,
      scope: "api://billing/.default",
      apimKey: "apim-key",
      tenantId: "tenant",
      organisationId: "org",
      allowedOrigins: ["https://addin.example.com", "https://localhost:3000"],
      userIssuer: "https://login.microsoftonline.com/7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17/v2.0",
      userAudience: "4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34",
      userRate: DEFAULT_USER_RATE,
      userBodyShareBytes: DEFAULT_USER_BODY_SHARE_MB * 1024 * 1024,
    });
    expect(DEFAULT_USER_RATE).toBe(20);
  });

  it("takes the port and host given, and plain http for a local service", () => {
    const result = readConfig({
      ...GOOD,
      [ENV.port]: "8080",
      [ENV.host]: "0.0.0.0",
      [ENV.serviceUrl]: "http://localhost:3001",
    });
    expect(result.ok && result.config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      serviceUrl: "http://localhost:3001",
    });
  });

  it("reports every missing variable by name", () => {
    const result = readConfig({});
    expect(result).toEqual({
      ok: false,
      problems: [
        "GATEWAY_SERVICE_URL is not set",
        "GATEWAY_TOKEN_URL is not set",
        "GATEWAY_CLIENT_ID is not set",
        "GATEWAY_CLIENT_SECRET is not set",
        "GATEWAY_SCOPE is not set",
        "GATEWAY_APIM_KEY is not set",
        "GATEWAY_TENANT_ID is not set",
        "GATEWAY_ORGANISATION_ID is not set",
        "GATEWAY_ALLOWED_ORIGINS is not set",
        "GATEWAY_USER_ISSUER is not set",
        "GATEWAY_USER_AUDIENCE is not set",
      ],
    });
  });

  it("takes the user rate given, and a local directory over plain http", () => {
    const result = readConfig({
      ...GOOD,
      [ENV.userRate]: "5",
      [ENV.userIssuer]: "http://localhost:4100/tenant/v2.0",
    });
    expect(result.ok && result.config).toMatchObject({
      userRate: 5,
      userIssuer: "http://localhost:4100/tenant/v2.0",
    });
  });

  it("takes the add-in's application ids when given (none: any application), and refuses what is not one", () => {
    const none = readConfig(GOOD);
    expect(none.ok && none.config.userClientIds).toBeUndefined();
    const two = readConfig({
      ...GOOD,
      [ENV.userClientIds]: " b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13 , billing-addin ,",
    });
    expect(two.ok && two.config.userClientIds).toEqual([
      "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
      "billing-addin",
    ]);
    expect(readConfig({ ...GOOD, [ENV.userClientIds]: "api://x, a b" })).toEqual({
      ok: false,
      problems: [
        'GATEWAY_USER_CLIENT_IDS: "api://x" is not an application (client) id (the add-in\'s, as in its registration)',
        'GATEWAY_USER_CLIENT_IDS: "a b" is not an application (client) id (the add-in\'s, as in its registration)',
      ],
    });
  });

  it("refuses a directory that would let in anyone's users, an api:// audience and a bad rate", () => {
    const result = readConfig({
      ...GOOD,
      [ENV.userIssuer]: "http://login.microsoftonline.com/common/v2.0",
      [ENV.userAudience]: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34",
      [ENV.userRate]: "0.5",
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        "GATEWAY_USER_ISSUER must use https:// (plain http:// only for localhost)",
        "GATEWAY_USER_AUDIENCE must be the gateway API's application (client) id, not its api:// URI (v2 tokens carry the id)",
        "GATEWAY_USER_RATE must be a whole number of requests per second (1 or more)",
      ],
    });
    const common = readConfig({
      ...GOOD,
      [ENV.userIssuer]: "https://login.microsoftonline.com/organizations/v2.0",
    });
    expect(common).toEqual({
      ok: false,
      problems: [
        "GATEWAY_USER_ISSUER must name your directory (https://login.microsoftonline.com/<directory id>/v2.0), not /organizations/",
      ],
    });
  });

  it("refuses bad ports, URLs and origins with what to fix, and never shows a value", () => {
    const result = readConfig({
      ...GOOD,
      [ENV.port]: "70000",
      [ENV.serviceUrl]: `http://user:${SECRET}@billing.example.com/api`,
      [ENV.tokenUrl]: `not a url ${SECRET}`,
      [ENV.allowedOrigins]: "*, https://addin.example.com/path",
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        "GATEWAY_PORT must be a port number (0-65535)",
        "GATEWAY_SERVICE_URL must use https:// (plain http:// only for localhost)",
        "GATEWAY_SERVICE_URL must not contain a user name or password",
        "GATEWAY_SERVICE_URL must be scheme and host only (the gateway adds /api/...)",
        "GATEWAY_TOKEN_URL is not a valid URL",
        'GATEWAY_ALLOWED_ORIGINS: "*" is not an origin (scheme://host[:port], no path, no wildcard)',
        'GATEWAY_ALLOWED_ORIGINS: "https://addin.example.com/path" is not an origin (scheme://host[:port], no path, no wildcard)',
      ],
    });
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});

describe("the user's share of the body budget (GATEWAY_USER_BODY_SHARE_MB)", () => {
  const base = (share?: string) => {
    const env: NodeJS.ProcessEnv = {
      GATEWAY_SERVICE_URL: "https://billing.example.com",
      GATEWAY_TOKEN_URL: "https://login.microsoftonline.com/t/oauth2/v2.0/token",
      GATEWAY_CLIENT_ID: "c",
      GATEWAY_CLIENT_SECRET: "s",
      GATEWAY_SCOPE: "api://x/.default",
      GATEWAY_APIM_KEY: "k",
      GATEWAY_TENANT_ID: "t",
      GATEWAY_ORGANISATION_ID: "o",
      GATEWAY_ALLOWED_ORIGINS: "https://addin.example.com",
      GATEWAY_USER_ISSUER:
        "https://login.microsoftonline.com/7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17/v2.0",
      GATEWAY_USER_AUDIENCE: "4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34",
    };
    if (share !== undefined) env[ENV.userBodyShare] = share;
    return readConfig(env);
  };

  it("is 8 MB unless IT sets it, in whole MB from one create (4) to a third of the budget (21)", () => {
    expect(base()).toMatchObject({ ok: true, config: { userBodyShareBytes: 8 * 1024 * 1024 } });
    expect(base("12")).toMatchObject({
      ok: true,
      config: { userBodyShareBytes: 12 * 1024 * 1024 },
    });
    for (const bad of ["3", "22", "64", "8.5", "lots"]) {
      const result = base(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problems.join("\n")).toContain(ENV.userBodyShare);
    }
  });
});
