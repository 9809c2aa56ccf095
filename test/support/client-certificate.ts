/**
 * Certificates for the gateway's certificate sign-in in tests: an RSA key (node:crypto) and a
 * self-signed X.509 certificate for it (@peculiar/x509), valid when the test says — an expired one
 * too. Written as Entra's tools write them: one PEM file with the private key and the certificate
 * (the gateway's GATEWAY_CLIENT_CERTIFICATE), and the certificate alone (what is uploaded to the
 * app registration; here given to the identity provider).
 */
import { createHash, generateKeyPairSync, webcrypto } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import * as x509 from "@peculiar/x509";

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

/** A generated certificate and where its files are. */
export interface ClientCertificate {
  /** PEM: private key, then certificate. */
  pemFile: string;
  /** PEM: the certificate alone. */
  certFile: string;
  /** The private key (PKCS #8 PEM), to look for in logs and answers. */
  keyPem: string;
  certPem: string;
  /** Hex SHA-256 of the DER certificate. */
  thumbprintSha256: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Makes a certificate valid from `notBefore` to `notAfter` (default: yesterday to in 30 days). */
export async function makeClientCertificate(
  dir: string,
  name: string,
  validity: { notBefore?: Date; notAfter?: Date } = {}
): Promise<ClientCertificate> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const algorithm = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
  const keys = {
    privateKey: await webcrypto.subtle.importKey(
      "pkcs8",
      privateKey.export({ type: "pkcs8", format: "der" }),
      algorithm,
      true,
      ["sign"]
    ),
    publicKey: await webcrypto.subtle.importKey(
      "spki",
      publicKey.export({ type: "spki", format: "der" }),
      algorithm,
      true,
      ["verify"]
    ),
  };
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: createHash("sha256").update(name).digest("hex").slice(0, 16),
    name: `CN=${name}`,
    notBefore: validity.notBefore ?? new Date(now - DAY_MS),
    notAfter: validity.notAfter ?? new Date(now + 30 * DAY_MS),
    signingAlgorithm: algorithm,
    keys: keys as unknown as CryptoKeyPair,
  });
  const keyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const certPem = certificate.toString("pem");
  const pemFile = path.join(dir, `${name}.pem`);
  const certFile = path.join(dir, `${name}.crt`);
  writeFileSync(pemFile, `${keyPem.trim()}\n${certPem.trim()}\n`, { mode: 0o600 });
  writeFileSync(certFile, `${certPem.trim()}\n`);
  const thumbprintSha256 = createHash("sha256")
    .update(Buffer.from(certificate.rawData))
    .digest("hex");
  return { pemFile, certFile, keyPem, certPem, thumbprintSha256 };
}
