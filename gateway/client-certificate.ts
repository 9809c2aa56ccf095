/**
 * The gateway's certificate for its own sign-in to the service (GATEWAY_CLIENT_CERTIFICATE): one PEM
 * file with the private key and the certificate (chain), as Azure Key Vault exports it and as
 * `openssl req -x509 -newkey rsa:2048 -nodes` writes it. Checked once at start; a problem names the
 * variable and what is wrong, never the file's content.
 */
import { X509Certificate, createHash, createPrivateKey, createPublicKey } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";

/** What msal-node's `clientCertificate` needs, and what IT compares with the app registration. */
export interface ClientCertificate {
  /** The private key, PKCS #8 PEM (never logged). */
  privateKeyPem: string;
  /** The certificate and any chain, PEM (sent as `x5c`, public). */
  certificatePem: string;
  /** Hex SHA-256 of the DER certificate: the thumbprint Entra shows for it. */
  thumbprintSha256: string;
  /** The certificate's end of validity. */
  notAfter: Date;
}

/** Result of {@link readClientCertificate}. */
export type CertificateResult =
  { ok: true; certificate: ClientCertificate } | { ok: false; problem: string };

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const KEY_BLOCK =
  /-----BEGIN (?:RSA |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |ENCRYPTED )?PRIVATE KEY-----/;

/** Checks the PEM `text` (of the file named by `name`) at time `now`. */
export function parseClientCertificate(name: string, text: string, now: Date): CertificateResult {
  const keyBlock = KEY_BLOCK.exec(text)?.[0];
  const certBlocks = text.match(CERT_BLOCK) ?? [];
  if (keyBlock === undefined) {
    return {
      ok: false,
      problem: `${name}: the file holds no private key (PEM: the key, then the certificate)`,
    };
  }
  if (certBlocks.length === 0) {
    return {
      ok: false,
      problem: `${name}: the file holds no certificate (PEM: the key, then the certificate)`,
    };
  }
  if (keyBlock.includes("ENCRYPTED")) {
    return {
      ok: false,
      problem: `${name}: the private key is encrypted; the gateway needs it unencrypted, in a file only the gateway's user can read`,
    };
  }
  const firstCertificate = certBlocks[0] ?? "";
  let key: KeyObject;
  let certificate: X509Certificate;
  try {
    key = createPrivateKey(keyBlock);
  } catch {
    return { ok: false, problem: `${name}: the private key cannot be read` };
  }
  try {
    certificate = new X509Certificate(firstCertificate);
  } catch {
    return { ok: false, problem: `${name}: the certificate cannot be read` };
  }
  if (key.asymmetricKeyType !== "rsa") {
    return {
      ok: false,
      problem: `${name}: the key must be an RSA key (Entra signs in with RS256/PS256)`,
    };
  }
  const spki = (k: KeyObject) => k.export({ type: "spki", format: "der" });
  if (!spki(createPublicKey(key)).equals(spki(certificate.publicKey))) {
    return {
      ok: false,
      problem: `${name}: the private key does not belong to the (first) certificate`,
    };
  }
  const notBefore = new Date(certificate.validFrom);
  const notAfter = new Date(certificate.validTo);
  if (now > notAfter) {
    return {
      ok: false,
      problem: `${name}: the certificate expired on ${notAfter.toISOString()}; make a new one and upload it to the app registration`,
    };
  }
  if (now < notBefore) {
    return {
      ok: false,
      problem: `${name}: the certificate is valid only from ${notBefore.toISOString()}`,
    };
  }
  return {
    ok: true,
    certificate: {
      privateKeyPem: key.export({ type: "pkcs8", format: "pem" }).toString(),
      certificatePem: certBlocks.join("\n"),
      thumbprintSha256: createHash("sha256").update(certificate.raw).digest("hex"),
      notAfter,
    },
  };
}

/** Reads and checks the file at `file` (the value of `name`). */
export function readClientCertificate(
  name: string,
  file: string,
  now = new Date()
): CertificateResult {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "error";
    return { ok: false, problem: `${name}: cannot read the file (${code})` };
  }
  return parseClientCertificate(name, text, now);
}
