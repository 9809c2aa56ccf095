/**
 * The gateway's app registration in the local provider: a confidential client that signs in with a
 * certificate (`private_key_jwt`, RFC 7523) for client-credentials tokens to the billing service —
 * what Entra calls a certificate credential. Its certificates are PEM files given at start; each
 * becomes a public JWK (with `x5c` and `x5t#S256`) in the client's `jwks`.
 *
 * As Entra does, the provider finds the certificate by the assertion's `x5t#S256` header and
 * refuses one that is not registered or not valid now (expired, or not yet valid); the refusal is
 * `invalid_client` with an `AADSTS700027` code in Entra's shape, so the gateway maps it as it maps
 * Entra's. Pure (no oidc-provider): unit-tested.
 */
import { X509Certificate, createHash } from "node:crypto";
import { readFile } from "node:fs/promises";

/** One registered certificate. */
export interface ServiceCertificate {
  /** base64url SHA-256 of the DER certificate: the assertion's `x5t#S256` and the JWK's `kid`. */
  x5tS256: string;
  validFrom: Date;
  validTo: Date;
  /** The public key as a JWK for the client's `jwks`. */
  jwk: Record<string, unknown>;
}

/** Every certificate in the PEM `text` (a file may hold a key and several certificates). */
export function certificatesOf(text: string): X509Certificate[] {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}

/** `certificate` as a registered certificate (public parts only). */
export function serviceCertificate(certificate: X509Certificate): ServiceCertificate {
  const x5tS256 = createHash("sha256").update(certificate.raw).digest("base64url");
  const publicJwk = certificate.publicKey.export({ format: "jwk" });
  return {
    x5tS256,
    validFrom: new Date(certificate.validFrom),
    validTo: new Date(certificate.validTo),
    jwk: {
      ...publicJwk,
      kid: x5tS256,
      use: "sig",
      "x5t#S256": x5tS256,
      x5c: [certificate.raw.toString("base64")],
    },
  };
}

/** Reads the first certificate of each PEM file. */
export async function readServiceCertificates(
  files: readonly string[]
): Promise<ServiceCertificate[]> {
  const result: ServiceCertificate[] = [];
  for (const file of files) {
    const [first] = certificatesOf(await readFile(file, "utf8"));
    if (!first) throw new Error(`--service-client-cert ${file}: no certificate in the file`);
    result.push(serviceCertificate(first));
  }
  return result;
}

/** Why an assertion's certificate is refused, or undefined when it is registered and valid now. */
export function certificateProblem(
  certificates: readonly ServiceCertificate[],
  header: Record<string, unknown>,
  now: Date
): "not registered" | "expired" | undefined {
  const thumbprint = header["x5t#S256"];
  const found = certificates.find((c) => c.x5tS256 === thumbprint);
  if (!found) return "not registered";
  if (now < found.validFrom || now > found.validTo) return "expired";
  return undefined;
}

/** Entra's code for a refused client assertion. */
export const ASSERTION_REFUSED_CODE = 700027;

/** The token endpoint's answer to a refused assertion, in Entra's shape. */
export function assertionRefusal(problem: "not registered" | "expired" | undefined): {
  error: "invalid_client";
  error_description: string;
  error_codes: number[];
} {
  const reason =
    problem === "expired"
      ? "The key used is expired."
      : problem === "not registered"
        ? "The key was not found."
        : "The signature could not be verified.";
  return {
    error: "invalid_client",
    error_description: `AADSTS${ASSERTION_REFUSED_CODE}: Client assertion contains an invalid signature. [Reason - ${reason}]`,
    error_codes: [ASSERTION_REFUSED_CODE],
  };
}
