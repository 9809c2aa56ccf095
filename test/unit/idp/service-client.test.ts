/**
 * The local provider's certificate client (idp/service-client.ts): a certificate becomes a public
 * JWK found by its `x5t#S256`; an assertion naming another certificate, or one not valid now, is
 * refused in Entra's shape.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  assertionRefusal,
  certificateProblem,
  certificatesOf,
  serviceCertificate,
} from "../../../idp/service-client";
import { makeClientCertificate } from "../../support/client-certificate";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the provider's certificate client", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "idp-service-client-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("publishes the certificate's public key only, with its SHA-256 thumbprint as kid and x5t#S256", async () => {
    const made = await makeClientCertificate(dir, "gw");
    // The key-and-certificate file: only the certificate is read.
    const [certificate] = certificatesOf(readFileSync(made.pemFile, "utf8"));
    const registered = serviceCertificate(certificate);
    const x5t = Buffer.from(made.thumbprintSha256, "hex").toString("base64url");
    expect(registered.x5tS256).toBe(x5t);
    expect(registered.jwk).toMatchObject({ kty: "RSA", kid: x5t, "x5t#S256": x5t, use: "sig" });
    expect(registered.jwk).not.toHaveProperty("d");
    expect(registered.jwk.x5c).toEqual([certificate.raw.toString("base64")]);
    expect(createHash("sha256").update(certificate.raw).digest("hex")).toBe(made.thumbprintSha256);
  });

  it("refuses an unknown certificate and one outside its validity, each in Entra's shape", async () => {
    const made = await makeClientCertificate(dir, "gw2", {
      notBefore: new Date(Date.now() - 10 * DAY_MS),
      notAfter: new Date(Date.now() + DAY_MS),
    });
    const registered = serviceCertificate(certificatesOf(made.certPem)[0]);
    const header = { alg: "PS256", "x5t#S256": registered.x5tS256 };
    expect(certificateProblem([registered], header, new Date())).toBeUndefined();
    expect(certificateProblem([registered], { alg: "PS256" }, new Date())).toBe("not registered");
    expect(certificateProblem([registered], header, new Date(Date.now() + 2 * DAY_MS))).toBe(
      "expired"
    );
    expect(certificateProblem([registered], header, new Date(Date.now() - 11 * DAY_MS))).toBe(
      "expired"
    );
    expect(assertionRefusal("expired")).toEqual({
      error: "invalid_client",
      error_codes: [700027],
      error_description:
        "AADSTS700027: Client assertion contains an invalid signature. [Reason - The key used is expired.]",
    });
    expect(assertionRefusal("not registered").error_description).toContain(
      "The key was not found."
    );
  });
});
