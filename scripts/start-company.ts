/**
 * `npm run start:company`: the whole company chain on one machine, for development, demos and
 * tests — what IT runs in production, with local stand-ins for the service and Microsoft Entra ID:
 *
 *   add-in (dev server, https://localhost:3000)
 *     → gateway (gateway/, http://localhost:3002): verifies the user's token, keeps the service secret
 *       → billing service simulator (http://127.0.0.1:3001) with auth required: only the gateway's
 *         client credentials get in
 *   add-in ⇄ local identity provider (idp/, https://localhost:3003/<tid>/v2.0): the sign-in
 *
 * `npm start` stays as it is (the simulator alone, no sign-in). Flags: `--preview` (as npm start),
 * `--no-addin` (only the chain, e.g. for a browser test that serves the add-in itself).
 * Ports: SIMULATOR_PORT (3001), GATEWAY_PORT (3002), IDP_PORT (3003).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createSimulator } from "../simulator/index";
import type { SimulatorAuth } from "../simulator/index";
import { DEV_CERTS } from "../idp/certificate";
import { ADDIN_CLIENT_ID, API_SCOPE, DEMO_PASSWORD, DEMO_USERS, TENANT_ID } from "../idp/directory";
import {
  TSX_CLI,
  startIdentityProvider,
  type IdentityProvider,
} from "../test/support/identity-provider";
import { getDevHttpsOptions } from "./dev-certs";
import {
  ADDIN_ORIGIN,
  addinEnvironment,
  SERVICE_CREDENTIALS as SERVICE,
  chainPorts,
  gatewayEnvironment,
} from "./lib/company-chain";

const ROOT = path.resolve(__dirname, "..");
const GATEWAY_READY_TIMEOUT_MS = 60_000;

/** Resolves once `url` answers 200, or rejects after `timeoutMs` or when `child` exits. */
async function waitUntilHealthy(
  url: string,
  child: ChildProcess,
  timeoutMs: number
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the gateway exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the gateway did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** One sign-in event of the provider for the console; requests stay out (one per line is noise). */
function showIdpEvent(line: string): void {
  if (line.includes('"event":"signed-in"') || line.includes('"event":"sign-in-refused"')) {
    console.log(`identity provider: ${line}`);
  } else if (line.includes("error")) {
    console.error(`identity provider: ${line}`);
  }
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const ports = chainPorts(process.env);
  const preview = args.has("--preview") || !["win32", "darwin"].includes(process.platform);
  const children: ChildProcess[] = [];
  let idp: IdentityProvider | undefined;
  let stopSimulator: (() => Promise<void>) | undefined;
  let stopping = false;

  const stop = async (code = 0): Promise<void> => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    await idp?.close();
    await stopSimulator?.();
    process.exit(code);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());

  try {
    const auth: SimulatorAuth = {
      apiKey: SERVICE.apiKey,
      tenantId: SERVICE.tenantId,
      organisationId: SERVICE.organisationId,
      clients: [{ clientId: SERVICE.clientId, clientSecret: SERVICE.clientSecret }],
    };
    const simulator = await createSimulator({ port: ports.simulator, host: "127.0.0.1", auth });
    stopSimulator = simulator.close;

    // The add-in's development certificate (made once if missing), so that a browser which trusts
    // the dev server trusts the identity provider too.
    await getDevHttpsOptions();
    idp = await startIdentityProvider({
      port: ports.idp,
      redirectOrigins: [ADDIN_ORIGIN],
      certificate: { certFile: DEV_CERTS.cert, keyFile: DEV_CERTS.key, caFile: DEV_CERTS.ca },
      onLog: showIdpEvent,
    });

    const gateway = spawn(process.execPath, [TSX_CLI, "gateway/cli.ts"], {
      cwd: ROOT,
      stdio: "inherit",
      env: gatewayEnvironment(simulator.url, idp, ports.gateway, process.env),
    });
    children.push(gateway);
    const gatewayUrl = `http://localhost:${ports.gateway}`;
    await waitUntilHealthy(
      `http://127.0.0.1:${ports.gateway}/healthz`,
      gateway,
      GATEWAY_READY_TIMEOUT_MS
    );

    const npx = process.platform === "win32" ? "npx.cmd" : "npx";
    // The chain's connection goes into the add-in the way IT ships it (docs/it/it-setup.md, "Shipping
    // the connection settings with the add-in"): the pane opens ready to sign in, nothing copied.
    const itSettings = {
      BILLING_BASE_URL: gatewayUrl,
      BILLING_AUTHORITY: idp.issuer,
      BILLING_CLIENT_ID: ADDIN_CLIENT_ID,
      BILLING_SCOPE: API_SCOPE,
    };
    if (!args.has("--no-addin")) {
      children.push(
        preview
          ? spawn(npx, ["webpack", "serve", "--mode", "development"], {
              stdio: "inherit",
              env: addinEnvironment({ ...process.env, OFFICE_JS: "local" }, itSettings),
            })
          : spawn(npx, ["office-addin-debugging", "start", "manifest.xml", "desktop"], {
              stdio: "inherit",
              env: addinEnvironment(process.env, itSettings),
            })
      );
    }

    const users = DEMO_USERS.map(
      (u) => `    ${u.username.padEnd(34)} ${u.roles.length > 0 ? u.roles.join(", ") : "no role"}`
    );
    console.log(
      [
        "",
        "The company chain (development; nothing here is Microsoft's):",
        `  billing service simulator  ${simulator.url}  (auth required: only the gateway gets in)`,
        `  identity provider          ${idp.issuer}`,
        `  gateway                    ${gatewayUrl}  (verifies the user's token)`,
        args.has("--no-addin")
          ? "  add-in                     not started (--no-addin)"
          : preview
            ? `  add-in preview             ${ADDIN_ORIGIN}/preview.html  (once the dev server says "compiled successfully")`
            : "  add-in                     sideloaded into desktop Excel",
        "",
        args.has("--no-addin")
          ? "Build the add-in with these (BILLING_BASE_URL, BILLING_AUTHORITY, BILLING_CLIENT_ID, BILLING_SCOPE):"
          : "The add-in is built with these settings, as IT ships them (the Connection tab shows them):",
        `  Base URL                   ${gatewayUrl}`,
        '  Credential                 "Sign in with your work account (company gateway)"',
        `  Directory / authority      ${idp.issuer}`,
        `  Application id (add-in)    ${ADDIN_CLIENT_ID}`,
        `  Gateway scope              ${API_SCOPE}`,
        `  (directory id ${TENANT_ID})`,
        "Nothing to copy: press Sign in (Connection tab) and sign in as one of the demo users.",
        "",
        `Demo users (password "${DEMO_PASSWORD}"):`,
        ...users,
        "",
        "The identity provider and the dev server use the development certificate: trust",
        `~/.office-addin-dev-certs/ca.crt, or accept it once in the browser at ${new URL(idp.issuer).origin}/`,
        "and at the dev server. Ctrl+C stops everything.",
        "",
      ].join("\n")
    );

    for (const child of children) {
      child.on("exit", (code) => {
        if (!stopping) {
          console.error(`${child.spawnargs.join(" ")} exited with code ${code}`);
          void stop(code ? 1 : 0);
        }
      });
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
