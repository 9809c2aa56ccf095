/**
 * The whole company chain on this machine for e2e tests: the built add-in, the
 * simulator requiring the gateway's credentials (in-process), the local identity provider (its own
 * process, test/support/identity-provider.ts) and the gateway (its own process, `tsx
 * gateway/cli.ts`, configured through its environment variables and trusting the provider's
 * certificate through NODE_EXTRA_CA_CERTS, as IT would run it), and Chromium, which accepts exactly
 * the provider's certificate (`--ignore-certificate-errors-spki-list` with its key's hash).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Browser } from "playwright-core";
import { createSimulator } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import {
  AUTH,
  API_KEY,
  CLIENT_ID,
  CLIENT_SECRET,
  ORGANISATION,
  SCOPE,
  TENANT,
} from "../../integration/gateway/helpers";
import {
  ADDIN_CLIENT_ID,
  API_APP_ID,
  certificateSpkiHash,
  startIdentityProvider,
} from "../../support/identity-provider";
import type { IdentityProvider } from "../../support/identity-provider";
import { launchBrowser } from "./browser";
import type { E2eEnvironment } from "./e2e-env";
import { startStaticServer } from "./static-server";

const ROOT = path.resolve(__dirname, "../../..");

/** A running chain; `env` is what the preview helpers take (its simulator is the one behind the gateway). */
export interface CompanyChain {
  env: E2eEnvironment;
  idp: IdentityProvider;
  /** The gateway's address (`http://127.0.0.1:PORT`). */
  gatewayUrl: string;
  /** The gateway's stdout: its audit lines (JSON) among the others. */
  gatewayLines: string[];
  close(): Promise<void>;
}

/** Options of {@link startCompanyChain}. */
export interface CompanyChainOptions {
  /** Access-token lifetime at the provider in seconds (short: silent renewal during a run). */
  accessTokenTtlSeconds?: number;
  /** The built add-in to serve (default BILLING_E2E_DIST); it may be built after the chain starts. */
  dist?: string;
}

interface Spawned {
  url: string;
  lines: string[];
  close(): Promise<void>;
}

/** Starts `tsx gateway/cli.ts` with `env` and resolves with its address once it listens. */
function spawnGateway(env: Record<string, string>): Promise<Spawned> {
  const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
  const child = spawn(tsx, ["gateway/cli.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  const errors: string[] = [];
  createInterface({ input: child.stderr! }).on("line", (l) => errors.push(l));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise<Spawned>((resolve, reject) => {
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`The gateway did not start in 60 s:\n${errors.join("\n")}`));
    }, 60_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The gateway exited (${code}):\n${errors.join("\n")}`));
    });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      lines.push(line);
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], lines, close });
      }
    });
  });
}

/** Starts everything; what started is stopped again when a later part fails. */
export async function startCompanyChain(options: CompanyChainOptions = {}): Promise<CompanyChain> {
  const dist = options.dist ?? process.env.BILLING_E2E_DIST;
  if (!dist)
    throw new Error("BILLING_E2E_DIST is not set: run with `npx jest -c jest.e2e.config.js`.");
  const started: { close(): Promise<void> }[] = [];
  const close = async () => {
    for (const s of started.reverse()) await s.close().catch(() => undefined);
  };
  try {
    const server = await startStaticServer(dist);
    started.push(server);
    const simulator: Simulator = await createSimulator({
      port: 0,
      auth: AUTH,
      approvalDelayMs: 300,
      numberDelayMs: 200,
    });
    started.push(simulator);
    const idp = await startIdentityProvider({
      redirectOrigins: [server.url],
      ...(options.accessTokenTtlSeconds !== undefined
        ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds }
        : {}),
    });
    started.push(idp);
    const gateway = await spawnGateway({
      GATEWAY_PORT: "0",
      GATEWAY_HOST: "127.0.0.1",
      GATEWAY_SERVICE_URL: simulator.url,
      GATEWAY_TOKEN_URL: `${simulator.url}/test-tenant/oauth2/v2.0/token`,
      GATEWAY_CLIENT_ID: CLIENT_ID,
      GATEWAY_CLIENT_SECRET: CLIENT_SECRET,
      GATEWAY_SCOPE: SCOPE,
      GATEWAY_APIM_KEY: API_KEY,
      GATEWAY_TENANT_ID: TENANT,
      GATEWAY_ORGANISATION_ID: ORGANISATION,
      GATEWAY_ALLOWED_ORIGINS: server.url,
      GATEWAY_USER_ISSUER: idp.issuer,
      GATEWAY_USER_AUDIENCE: API_APP_ID,
      GATEWAY_USER_CLIENT_IDS: ADDIN_CLIENT_ID,
      GATEWAY_USER_RATE: "1000",
      ...(idp.caFile ? { NODE_EXTRA_CA_CERTS: idp.caFile } : {}),
    });
    started.push(gateway);
    // Chromium accepts exactly the provider's certificate (its public key's hash), nothing else.
    const spki = await certificateSpkiHash(idp.port);
    const browser: Browser = await launchBrowser([`--ignore-certificate-errors-spki-list=${spki}`]);
    started.push({ close: () => browser.close() });
    return {
      env: { appUrl: server.url, simulator, browser, close },
      idp,
      gatewayUrl: gateway.url,
      gatewayLines: gateway.lines,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
