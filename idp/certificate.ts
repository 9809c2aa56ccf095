/**
 * The local identity provider's HTTPS certificate. msal-browser refuses a plain-http authority, so
 * the provider always speaks HTTPS; which certificate, in this order:
 *
 * 1. `--cert`/`--key` (and `--ca`) when given — `npm run start:company` passes the add-in's
 *    development certificate, so a browser that trusts the dev server trusts the provider too;
 * 2. the development certificate of office-addin-dev-certs (`~/.office-addin-dev-certs`) when it is
 *    there and valid for another hour — read only: generating or installing it is `npm start`'s job;
 * 3. otherwise a self-signed certificate for localhost made with `openssl` in a temporary folder,
 *    removed when the provider stops (tests on a fresh machine).
 *
 * The caller is told which file a client must trust (`caFile`), for `NODE_EXTRA_CA_CERTS` or an
 * undici `Agent({ connect: { ca } })`.
 */
import { execFile } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** Key and certificate for `https.createServer`, and the file a client must trust. */
export interface HttpsMaterial {
  cert: Buffer;
  key: Buffer;
  caFile: string;
  /** Where it came from, for the log: "given", "office-addin-dev-certs" or "generated". */
  source: "given" | "office-addin-dev-certs" | "generated";
  /** Removes a generated certificate's folder; nothing otherwise. */
  dispose(): Promise<void>;
}

/**
 * office-addin-dev-certs' files (as its lib/defaults names them; not imported, because that module
 * loads the package's usage-data reporting, and this process must not reach the internet).
 */
const DEV_CERTS_DIR = path.join(os.homedir(), ".office-addin-dev-certs");
export const DEV_CERTS = {
  ca: path.join(DEV_CERTS_DIR, "ca.crt"),
  cert: path.join(DEV_CERTS_DIR, "localhost.crt"),
  key: path.join(DEV_CERTS_DIR, "localhost.key"),
};

/** A generated certificate lives this long; the provider is restarted far more often. */
const GENERATED_DAYS = 7;

const nothing = async (): Promise<void> => undefined;

/** True when `pem` is a certificate for localhost that is valid for at least another hour. */
export function usableForLocalhost(pem: Buffer, now = Date.now()): boolean {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(pem);
  } catch {
    return false;
  }
  const hour = 60 * 60 * 1000;
  if (new Date(x509.validFrom).getTime() > now) return false;
  if (new Date(x509.validTo).getTime() - now < hour) return false;
  return x509.checkHost("localhost") !== undefined;
}

async function readGiven(
  certFile: string,
  keyFile: string,
  caFile: string
): Promise<HttpsMaterial> {
  const read = async (flag: string, file: string) => {
    try {
      return await readFile(file);
    } catch (e) {
      throw new Error(`${flag} ${file}: cannot read it (${(e as NodeJS.ErrnoException).code})`);
    }
  };
  const [cert, key] = [await read("--cert", certFile), await read("--key", keyFile)];
  await read("--ca", caFile);
  return { cert, key, caFile, source: "given", dispose: nothing };
}

/** The development certificate of office-addin-dev-certs, if present and usable. */
async function readDevCerts(): Promise<HttpsMaterial | undefined> {
  if (![DEV_CERTS.ca, DEV_CERTS.cert, DEV_CERTS.key].every((file) => existsSync(file))) {
    return undefined;
  }
  const cert = await readFile(DEV_CERTS.cert);
  if (!usableForLocalhost(cert)) return undefined;
  return {
    cert,
    key: await readFile(DEV_CERTS.key),
    caFile: DEV_CERTS.ca,
    source: "office-addin-dev-certs",
    dispose: nothing,
  };
}

/** A new self-signed certificate for localhost (and 127.0.0.1, ::1) in a temporary folder. */
async function generate(): Promise<HttpsMaterial> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "billing-idp-cert-"));
  const certFile = path.join(dir, "localhost.crt");
  const keyFile = path.join(dir, "localhost.key");
  try {
    await promisify(execFile)("openssl", [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-sha256",
      "-days",
      String(GENERATED_DAYS),
      "-subj",
      "/CN=localhost/O=Billing for Excel local identity provider (development)",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ]);
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(
      code === "ENOENT"
        ? "openssl is not installed: install it (Debian: apt-get install openssl) or pass --cert and --key"
        : `openssl could not make a certificate: ${(e as Error).message}`
    );
  }
  return {
    cert: await readFile(certFile),
    key: await readFile(keyFile),
    caFile: certFile,
    source: "generated",
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The certificate to serve: given files, else the dev certificate, else a generated one. */
export async function httpsMaterial(given: {
  certFile?: string;
  keyFile?: string;
  caFile?: string;
}): Promise<HttpsMaterial> {
  if (given.certFile !== undefined && given.keyFile !== undefined) {
    return readGiven(given.certFile, given.keyFile, given.caFile ?? given.certFile);
  }
  return (await readDevCerts()) ?? generate();
}
