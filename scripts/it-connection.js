/* eslint-disable no-undef, @typescript-eslint/no-require-imports */
/**
 * The company's connection settings shipped with the add-in (docs/it/it-setup.md,
 * "Shipping the connection settings with the add-in"), read from the build's environment:
 *
 *   BILLING_BASE_URL   the gateway's address (https, or http://localhost for development)
 *   BILLING_AUTHORITY  the directory (tenant) id, or the authority URL
 *   BILLING_CLIENT_ID  the add-in's application (client) id
 *   BILLING_SCOPE      the gateway's scope (api://…/access_as_user)
 *   BILLING_TIME_ZONE  the company's time zone, an IANA name such as Europe/Amsterdam (optional;
 *                      without it each machine's own zone is used for invoice dates)
 *
 * None of it is secret; a secret is refused (the add-in never holds one: it belongs in the gateway).
 * The values must pass src/api/it-values.ts (https only, plain http for localhost alone; no user
 * info, query or fragment; a GUID client id; a directory of Entra's shape), compiled here with
 * esbuild so that the build and the add-in apply the same rules; a bad value stops the build, and
 * the message never quotes it (a base URL may hold a password).
 * webpack's DefinePlugin puts the result into the bundle as `__BILLING_IT_CONNECTION__` (null when
 * nothing is set). The add-in checks the values again when it loads them.
 */
const path = require("node:path");

let checks;
/** src/api/it-values.ts, compiled once (esbuild, in memory). */
function loadChecks() {
  if (checks) return checks;
  const { buildSync } = require("esbuild");
  const out = buildSync({
    entryPoints: [path.join(__dirname, "..", "src", "api", "it-values.ts")],
    bundle: true,
    write: false,
    format: "cjs",
    platform: "neutral",
    logLevel: "silent",
  });
  const mod = { exports: {} };
  new Function("module", "exports", out.outputFiles[0].text)(mod, mod.exports);
  checks = mod.exports;
  return checks;
}
const SIGN_IN = {
  BILLING_AUTHORITY: "directory",
  BILLING_CLIENT_ID: "clientId",
  BILLING_SCOPE: "scope",
};

/** The IANA time zone of BILLING_TIME_ZONE, or undefined; throws on a name Intl does not know. */
function timeZoneOf(env) {
  const zone = (env.BILLING_TIME_ZONE || "").trim();
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    throw new Error(
      `BILLING_TIME_ZONE "${zone}" is not a time zone; give an IANA name such as Europe/Amsterdam.`
    );
  }
  return zone;
}

/** `{ baseUrl, signIn?, timeZone? }` from `env`, or null when BILLING_BASE_URL is not set. Throws on a half-set sign-in or a secret. */
function itConnection(env = process.env) {
  const secrets = Object.keys(env).filter((k) => /^BILLING_.*(SECRET|PASSWORD|KEY)/i.test(k));
  if (secrets.length > 0) {
    throw new Error(
      `${secrets.join(", ")}: the add-in never holds a secret; it belongs in the gateway (docs/it/it-setup.md).`
    );
  }
  const baseUrl = (env.BILLING_BASE_URL || "").trim();
  const given = Object.keys(SIGN_IN).filter((k) => (env[k] || "").trim() !== "");
  const timeZone = timeZoneOf(env);
  if (!baseUrl) {
    const set = timeZone === undefined ? given : [...given, "BILLING_TIME_ZONE"];
    if (set.length > 0) throw new Error(`${set.join(", ")} set without BILLING_BASE_URL.`);
    return null;
  }
  const zone = timeZone === undefined ? {} : { timeZone };
  let connection = { baseUrl, ...zone };
  if (given.length > 0) {
    const missing = Object.keys(SIGN_IN).filter((k) => !given.includes(k));
    if (missing.length > 0)
      throw new Error(`The gateway's sign-in needs ${missing.join(", ")} too.`);
    const signIn = {};
    for (const [name, field] of Object.entries(SIGN_IN)) signIn[field] = env[name].trim();
    connection = { baseUrl, signIn, ...zone };
  }
  const checked = loadChecks().checkItConnection(connection);
  if (!checked.ok) {
    throw new Error(
      `IT's connection settings: ${checked.problems.join("; ")} (docs/it/it-setup.md).`
    );
  }
  return connection;
}

module.exports = { itConnection };
