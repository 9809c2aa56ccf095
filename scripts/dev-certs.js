/* eslint-disable no-undef, @typescript-eslint/no-require-imports */
/**
 * HTTPS certificates for the dev server.
 *
 * office-addin-dev-certs installs its CA into the OS trust store, which on Linux needs sudo (absent on
 * our machines) and makes a new CA on every call. So: reuse the files in ~/.office-addin-dev-certs when
 * they are there and still valid; otherwise generate them once (Linux: generate only; Windows/Mac:
 * the package's own install path, so Excel trusts them).
 */
const fs = require("fs");
const crypto = require("crypto");
const devCerts = require("office-addin-dev-certs");
const defaults = require("office-addin-dev-certs/lib/defaults");

function readIfValid() {
  const { caCertificatePath: ca, localhostCertificatePath: cert, localhostKeyPath: key } = defaults;
  if (![ca, cert, key].every((file) => fs.existsSync(file))) return undefined;
  const certText = fs.readFileSync(cert);
  const validTo = new Date(new crypto.X509Certificate(certText).validTo);
  // A day of margin, so a dev server started tonight still works tomorrow morning.
  if (validTo.getTime() - Date.now() < 24 * 60 * 60 * 1000) return undefined;
  return { ca: fs.readFileSync(ca), cert: certText, key: fs.readFileSync(key) };
}

/** The { ca, cert, key } for an https server on localhost. */
async function getDevHttpsOptions() {
  const existing = readIfValid();
  if (existing) return existing;
  if (process.platform === "win32" || process.platform === "darwin") {
    const options = await devCerts.getHttpsServerOptions();
    return { ca: options.ca, cert: options.cert, key: options.key };
  }
  await devCerts.generateCertificates();
  return readIfValid();
}

module.exports = { getDevHttpsOptions };
