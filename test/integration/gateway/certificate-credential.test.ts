/**
 * The gateway's own sign-in by certificate (GATEWAY_SERVICE_CREDENTIAL=certificate): msal-node signs
 * a client assertion (`private_key_jwt`, RFC 7523) and the local identity provider (idp/, spawned)
 * issues the client-credentials token for the billing service — no secret sent. A recording service
 * (a real HTTP server) shows what the gateway forwards. A certificate the app registration does not
 * have, and an expired one, are refused: the gateway answers in its own error format, forwards
 * nothing, and neither its answers nor its log hold key material or a token.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalJWKSet, jwtVerify } from "jose";
import {
  ENV,
  createGateway,
  parseClientCertificate,
  readClientCertificate,
} from "../../../gateway";
import type { ClientCertificate as GatewayCertificate, Gateway } from "../../../gateway";
import { makeClientCertificate } from "../../support/client-certificate";
import type { ClientCertificate } from "../../support/client-certificate";
import {
  SERVICE_APP_ID,
  SERVICE_CLIENT_ID,
  SERVICE_SCOPE,
  discover,
  fetchTrusting,
  startIdentityProvider,
} from "../../support/identity-provider";
import type { IdentityProvider } from "../../support/identity-provider";
import { until } from "../../support/until";
import { spawnGateway } from "./attack-kit";
import { expectSignInFailure, startRecordingService } from "./credential-kit";
import type { RecordingService } from "./credential-kit";
import { ORIGIN, USERS, gatewayConfig, logEntries, startTestIssuer } from "./helpers";
import type { TestIssuer } from "./helpers";

/** Token requests the provider logged (which parameters came, never their values). */
function tokenRequests(idp: IdentityProvider): Record<string, unknown>[] {
  return idp.log
    .filter((line) => line.includes('"event":"token-request"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Pieces of a PEM key's base64 body: any one of them in a text would be a leak. */
function keyPieces(pem: string): string[] {
  const body = pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
  const pieces: string[] = [];
  for (let i = 0; i + 24 <= body.length; i += 24) pieces.push(body.slice(i, i + 24));
  return pieces;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the gateway signing in to the service with a certificate", () => {
  let dir: string;
  let good: ClientCertificate;
  let unregistered: ClientCertificate;
  let expired: ClientCertificate;
  let idp: IdentityProvider;
  let tokenUrl: string;
  let trusting: typeof fetch;
  let issuer: TestIssuer;
  let service: RecordingService;
  const gateways: Gateway[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "gateway-certificate-"));
    good = await makeClientCertificate(dir, "gateway");
    unregistered = await makeClientCertificate(dir, "someone-else");
    expired = await makeClientCertificate(dir, "gateway-last-year", {
      notBefore: new Date(Date.now() - 400 * DAY_MS),
      notAfter: new Date(Date.now() - DAY_MS),
    });
    // The app registration holds the good and the expired certificate, not the other one.
    idp = await startIdentityProvider({
      serviceClientCertificates: [good.certFile, expired.certFile],
    });
    trusting = fetchTrusting(idp.caFile);
    tokenUrl = (await discover(idp.issuer, trusting)).token_endpoint;
    issuer = await startTestIssuer();
    service = await startRecordingService();
  });

  afterAll(async () => {
    await Promise.all(gateways.map((gw) => gw.close()));
    await service?.close();
    await issuer?.close();
    await idp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A gateway whose credential is `certificate`; its log lines in `lines`. */
  async function gatewayWith(certificate: GatewayCertificate, lines: string[]): Promise<Gateway> {
    const gw = await createGateway({
      config: gatewayConfig(service.url, "", {
        userIssuer: issuer.issuer,
        serviceCredential: { kind: "certificate", certificate },
        tokenUrl,
        clientId: SERVICE_CLIENT_ID,
        clientSecret: "",
        scope: SERVICE_SCOPE,
      }),
      log: (line) => lines.push(line),
      tokenFetch: trusting,
    });
    gateways.push(gw);
    return gw;
  }

  /** The gateway's certificate as its configuration reads it (GATEWAY_CLIENT_CERTIFICATE). */
  function configured(file: string, now = new Date()): GatewayCertificate {
    const read = parseClientCertificate(ENV.clientCertificate, readFileSync(file, "utf8"), now);
    if (!read.ok) throw new Error(read.problem);
    return read.certificate;
  }

  it("gets its token by a client assertion, without a secret, and forwards the call with it", async () => {
    const lines: string[] = [];
    const gw = await gatewayWith(configured(good.pemFile), lines);
    const headers = {
      origin: ORIGIN,
      authorization: `Bearer ${await issuer.token({ user: USERS.invoicer })}`,
    };
    const res = await fetch(`${gw.url}/api/cfg/TaxCodes`, { headers });
    const text = await res.text();
    expect(res.status).toBe(200);

    await until(() => tokenRequests(idp).length > 0, "the provider's token-request line");
    expect(tokenRequests(idp)).toEqual([
      expect.objectContaining({
        grant_type: "client_credentials",
        client_id: SERVICE_CLIENT_ID,
        client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        client_assertion_sent: true,
        client_secret_sent: false,
        status: 200,
      }),
    ]);

    // The service got the provider's token for it: the billing service's audience, the gateway's
    // application, signed by the provider's key.
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0].path).toBe("/api/cfg/TaxCodes");
    const token = String(service.calls[0].authorization).replace(/^Bearer /, "");
    const jwks = (await (await trusting(`${idp.issuer}/jwks`)).json()) as Parameters<
      typeof createLocalJWKSet
    >[0];
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: idp.issuer,
      audience: SERVICE_APP_ID,
    });
    expect(payload).toMatchObject({ azp: SERVICE_CLIENT_ID, idtyp: "app" });

    // The token is cached: a second call asks the provider nothing.
    expect((await fetch(`${gw.url}/api/cfg/TaxCodes`, { headers })).status).toBe(200);
    expect(gw.tokens.fetches).toBe(1);
    expect(service.calls).toHaveLength(2);

    const written = `${text}\n${lines.join("\n")}`;
    for (const piece of keyPieces(good.keyPem)) expect(written).not.toContain(piece);
    expect(written).not.toContain(token.split(".")[2]);
  });

  it.each([
    ["a certificate the app registration does not have", () => unregistered, 0],
    ["an expired certificate", () => expired, 30 * DAY_MS],
  ])(
    "is refused with %s: 502 in the gateway's format naming the certificate, nothing forwarded, no key material",
    async (_name, which, readAgoMs) => {
      const certificate = which();
      const before = service.calls.length;
      const requestsBefore = tokenRequests(idp).length;
      const lines: string[] = [];
      // Read as the configuration would have read it while it was valid (the expired one a month
      // ago): a certificate that expires while the gateway runs is refused by the directory.
      const gw = await gatewayWith(
        configured(certificate.pemFile, new Date(Date.now() - readAgoMs)),
        lines
      );
      const headers = { origin: ORIGIN, authorization: `Bearer ${await issuer.token()}` };
      const text = await expectSignInFailure(
        gw,
        headers,
        "Microsoft Entra ID refused the gateway's sign-in (invalid_client, AADSTS700027): the certificate was refused (not uploaded to the app registration, or expired); IT must check GATEWAY_CLIENT_CERTIFICATE against the app registration's certificates"
      );
      expect(service.calls.length).toBe(before);

      await until(() => tokenRequests(idp).length > requestsBefore, "the refused token request");
      expect(tokenRequests(idp).slice(requestsBefore)).toEqual([
        expect.objectContaining({
          client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
          client_secret_sent: false,
          status: 401,
          error: "invalid_client",
        }),
      ]);

      const audit = logEntries(lines).filter((l) => l.status === 502);
      expect(audit).toEqual([
        expect.objectContaining({
          reason: "GATEWAY_TOKEN_FAILED",
          detail: expect.stringContaining("AADSTS700027"),
        }),
      ]);
      const written = `${text}\n${lines.join("\n")}`;
      for (const piece of keyPieces(certificate.keyPem)) expect(written).not.toContain(piece);
      expect(written).not.toMatch(/eyJ[\w-]*\.eyJ/);
    }
  );

  it("works as IT starts it: the command line, the certificate's file named in the environment, the provider trusted by NODE_EXTRA_CA_CERTS", async () => {
    const calls = service.calls.length;
    const gw = await spawnGateway(service.url, issuer.issuer, {
      extra: { tokenUrl, clientId: SERVICE_CLIENT_ID, clientSecret: "", scope: SERVICE_SCOPE },
      env: {
        GATEWAY_SERVICE_CREDENTIAL: "certificate",
        GATEWAY_CLIENT_CERTIFICATE: good.pemFile,
        ...(idp.caFile ? { NODE_EXTRA_CA_CERTS: idp.caFile } : {}),
      },
    });
    try {
      const headers = { origin: ORIGIN, authorization: `Bearer ${await issuer.token()}` };
      expect((await fetch(`${gw.url}/api/cfg/TaxCodes`, { headers })).status).toBe(200);
      expect(service.calls.length).toBe(calls + 1);
      expect(service.calls.at(-1)?.authorization).toMatch(/^Bearer eyJ/);
    } finally {
      await gw.stop();
    }
    const printed = `${gw.stdout().join("\n")}\n${gw.stderr()}`;
    for (const piece of keyPieces(good.keyPem)) expect(printed).not.toContain(piece);
    expect(printed).not.toMatch(/eyJ[\w-]*\.eyJ/);
  });

  it("answers 502 naming the token URL when the directory cannot be reached, and forwards nothing", async () => {
    const calls = service.calls.length;
    const gw = await createGateway({
      config: gatewayConfig(service.url, "", {
        userIssuer: issuer.issuer,
        serviceCredential: { kind: "certificate", certificate: configured(good.pemFile) },
        // Nothing listens on port 9 (discard).
        tokenUrl: "https://127.0.0.1:9/tenant/oauth2/v2.0/token",
        clientId: SERVICE_CLIENT_ID,
        clientSecret: "",
        scope: SERVICE_SCOPE,
      }),
      log: () => {},
      tokenFetch: trusting,
    });
    gateways.push(gw);
    await expectSignInFailure(
      gw,
      { origin: ORIGIN, authorization: `Bearer ${await issuer.token()}` },
      "Microsoft Entra ID could not be reached; IT must check GATEWAY_TOKEN_URL and the network"
    );
    expect(service.calls.length).toBe(calls);
  });

  it("refuses to start with an expired certificate, naming the variable and the date, never the key", () => {
    const read = readClientCertificate(ENV.clientCertificate, expired.pemFile);
    expect(read).toEqual({
      ok: false,
      problem: expect.stringMatching(
        /^GATEWAY_CLIENT_CERTIFICATE: the certificate expired on \d{4}-\d\d-\d\dT[\d:.]+Z; make a new one and upload it to the app registration$/
      ),
    });
  });
});
