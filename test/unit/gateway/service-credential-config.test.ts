/**
 * GATEWAY_SERVICE_CREDENTIAL and what each credential needs, checked at start: the certificate file
 * (key, certificate, that they belong together, RSA, valid now), the managed identity's optional
 * client id, the secret as before; a credential the gateway would not use is refused too. Problems
 * name the variable, never a value, and never key material.
 */
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENV, SERVICE_CREDENTIALS, readConfig } from "../../../gateway";
import { makeClientCertificate } from "../../support/client-certificate";
import type { ClientCertificate } from "../../support/client-certificate";

const SECRET = "s3cr3t-client-value-91";
const DAY_MS = 24 * 60 * 60 * 1000;

const BASE: NodeJS.ProcessEnv = {
  [ENV.serviceUrl]: "https://billing.example.com",
  [ENV.tokenUrl]: "https://login.microsoftonline.com/tenant/oauth2/v2.0/token",
  [ENV.clientId]: "3f2e1d0c-9b8a-4765-8432-10fedcba9876",
  [ENV.scope]: "api://billing/.default",
  [ENV.apimKey]: "apim-key",
  [ENV.tenantId]: "tenant",
  [ENV.organisationId]: "org",
  [ENV.allowedOrigins]: "https://addin.example.com",
  [ENV.userIssuer]: "https://login.microsoftonline.com/7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17/v2.0",
  [ENV.userAudience]: "4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34",
};

function problems(env: NodeJS.ProcessEnv): string[] {
  const result = readConfig(env);
  return result.ok ? [] : result.problems;
}

/** Asserts that no line of `texts` holds a piece of the PEM key `keyPem`. */
function expectNoKey(texts: string[], keyPem: string): void {
  const body = keyPem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
  const all = texts.join("\n");
  for (let i = 0; i + 16 <= body.length; i += 16) expect(all).not.toContain(body.slice(i, i + 16));
}

describe("GATEWAY_SERVICE_CREDENTIAL", () => {
  let dir: string;
  let good: ClientCertificate;
  let other: ClientCertificate;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "gateway-credential-config-"));
    good = await makeClientCertificate(dir, "gateway");
    other = await makeClientCertificate(dir, "other");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  it("is the secret when not set (gateways configured before it keep working), in Entra's order of preference otherwise", () => {
    expect(SERVICE_CREDENTIALS).toEqual(["certificate", "managed-identity", "secret"]);
    const result = readConfig({ ...BASE, [ENV.clientSecret]: SECRET });
    expect(result.ok && result.config.serviceCredential).toEqual({ kind: "secret" });
    expect(problems({ ...BASE, [ENV.serviceCredential]: "password" })).toEqual([
      "GATEWAY_SERVICE_CREDENTIAL must be certificate, managed-identity, secret",
    ]);
  });

  it("reads the certificate: its key, its SHA-256 thumbprint and its end of validity", () => {
    const result = readConfig({
      ...BASE,
      [ENV.serviceCredential]: "certificate",
      [ENV.clientCertificate]: good.pemFile,
    });
    if (!result.ok) throw new Error(result.problems.join("; "));
    expect(result.config.clientSecret).toBe("");
    const credential = result.config.serviceCredential;
    expect(credential?.kind).toBe("certificate");
    if (credential?.kind !== "certificate") return;
    expect(credential.certificate.thumbprintSha256).toBe(good.thumbprintSha256);
    expect(credential.certificate.certificatePem).toContain(good.certPem.split("\n")[1]);
    expect(credential.certificate.notAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it.each([
    ["not set", undefined, "GATEWAY_CLIENT_CERTIFICATE is not set"],
    [
      "missing",
      "/nonexistent/gateway.pem",
      "GATEWAY_CLIENT_CERTIFICATE: cannot read the file (ENOENT)",
    ],
    [
      "the certificate alone",
      "cert",
      "GATEWAY_CLIENT_CERTIFICATE: the file holds no private key (PEM: the key, then the certificate)",
    ],
    [
      "the key alone",
      "key",
      "GATEWAY_CLIENT_CERTIFICATE: the file holds no certificate (PEM: the key, then the certificate)",
    ],
    [
      "another certificate's key",
      "mismatch",
      "GATEWAY_CLIENT_CERTIFICATE: the private key does not belong to the (first) certificate",
    ],
    [
      "an EC key",
      "ec",
      "GATEWAY_CLIENT_CERTIFICATE: the key must be an RSA key (Entra signs in with RS256/PS256)",
    ],
  ])("refuses a certificate file that is %s, never printing the key", (_name, which, problem) => {
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    const files: Record<string, () => string> = {
      cert: () => good.certFile,
      key: () => file("key-only.pem", good.keyPem),
      mismatch: () => file("mismatch.pem", `${other.keyPem}\n${good.certPem}`),
      ec: () => file("ec.pem", `${ec}\n${good.certPem}`),
    };
    const value = which === undefined ? undefined : (files[which]?.() ?? which);
    const found = problems({
      ...BASE,
      [ENV.serviceCredential]: "certificate",
      ...(value === undefined ? {} : { [ENV.clientCertificate]: value }),
    });
    expect(found).toEqual([problem]);
    expectNoKey(found, good.keyPem);
    expectNoKey(found, other.keyPem);
  });

  it("refuses an expired certificate and one not yet valid, with the date", async () => {
    const expired = await makeClientCertificate(dir, "expired", {
      notBefore: new Date(Date.now() - 10 * DAY_MS),
      notAfter: new Date(Date.now() - DAY_MS),
    });
    const future = await makeClientCertificate(dir, "future", {
      notBefore: new Date(Date.now() + DAY_MS),
      notAfter: new Date(Date.now() + 10 * DAY_MS),
    });
    const env = (f: string) => ({
      ...BASE,
      [ENV.serviceCredential]: "certificate",
      [ENV.clientCertificate]: f,
    });
    expect(problems(env(expired.pemFile))).toEqual([
      expect.stringMatching(/^GATEWAY_CLIENT_CERTIFICATE: the certificate expired on 20\d\d-/),
    ]);
    expect(problems(env(future.pemFile))).toEqual([
      expect.stringMatching(
        /^GATEWAY_CLIENT_CERTIFICATE: the certificate is valid only from 20\d\d-/
      ),
    ]);
  });

  it("refuses an encrypted key, plain http to the token endpoint, and a secret left beside the certificate", () => {
    const encrypted = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "pw" })
      .toString();
    expect(
      problems({
        ...BASE,
        [ENV.serviceCredential]: "certificate",
        [ENV.clientCertificate]: file("encrypted.pem", `${encrypted}\n${good.certPem}`),
        [ENV.tokenUrl]: "http://localhost:3003/tenant/oauth2/v2.0/token",
        [ENV.clientSecret]: SECRET,
      })
    ).toEqual([
      "GATEWAY_CLIENT_SECRET is set, but GATEWAY_SERVICE_CREDENTIAL is certificate: remove it (a credential the gateway does not use should not lie on its machine)",
      "GATEWAY_TOKEN_URL must use https:// with a certificate (msal-node refuses plain http)",
      "GATEWAY_CLIENT_CERTIFICATE: the private key is encrypted; the gateway needs it unencrypted, in a file only the gateway's user can read",
    ]);
  });

  it("needs neither token URL, client id nor secret for a managed identity; a user-assigned one by its GUID", () => {
    const env: NodeJS.ProcessEnv = { ...BASE, [ENV.serviceCredential]: "managed-identity" };
    delete env[ENV.tokenUrl];
    delete env[ENV.clientId];
    const system = readConfig(env);
    expect(system.ok && system.config.serviceCredential).toEqual({ kind: "managed-identity" });
    const userAssigned = readConfig({
      ...env,
      [ENV.managedIdentityClientId]: "0d9a4c2e-7b31-4e58-9f06-3a2b1c4d5e6f",
    });
    expect(userAssigned.ok && userAssigned.config.serviceCredential).toEqual({
      kind: "managed-identity",
      clientId: "0d9a4c2e-7b31-4e58-9f06-3a2b1c4d5e6f",
    });
    expect(
      problems({
        ...env,
        [ENV.managedIdentityClientId]: "my-identity",
        [ENV.clientSecret]: SECRET,
        [ENV.clientCertificate]: good.pemFile,
        [ENV.scope]: "api://billing",
      })
    ).toEqual([
      "GATEWAY_CLIENT_CERTIFICATE is set, but GATEWAY_SERVICE_CREDENTIAL is managed-identity: remove it (a credential the gateway does not use should not lie on its machine)",
      "GATEWAY_CLIENT_SECRET is set, but GATEWAY_SERVICE_CREDENTIAL is managed-identity: remove it (a credential the gateway does not use should not lie on its machine)",
      "GATEWAY_MANAGED_IDENTITY_CLIENT_ID must be the user-assigned identity's client id (a GUID), or not set for the system-assigned identity",
      "GATEWAY_SCOPE must end in /.default (the service's Application ID URI, then /.default)",
    ]);
  });

  it("keeps the secret's rules, and refuses the other credentials' variables beside it", () => {
    expect(
      problems({
        ...BASE,
        [ENV.clientCertificate]: good.pemFile,
        [ENV.managedIdentityClientId]: "0d9a4c2e-7b31-4e58-9f06-3a2b1c4d5e6f",
      })
    ).toEqual([
      "GATEWAY_CLIENT_CERTIFICATE is set, but GATEWAY_SERVICE_CREDENTIAL is secret: remove it (a credential the gateway does not use should not lie on its machine)",
      "GATEWAY_MANAGED_IDENTITY_CLIENT_ID is set, but GATEWAY_SERVICE_CREDENTIAL is secret: remove it (a credential the gateway does not use should not lie on its machine)",
      "GATEWAY_CLIENT_SECRET is not set",
    ]);
  });
});
