/**
 * `npm run gateway` as IT starts it: configuration from an environment file, the listening line,
 * health, a graceful stop on SIGTERM; an incomplete configuration names the variables, never values.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CLIENT_SECRET,
  ORIGIN,
  auditCalls,
  expectNoUserToken,
  gatewayConfig,
  startChain,
  tokenOf,
} from "./helpers";
import type { Chain } from "./helpers";
import { envFileText } from "./attack-kit";

const CLI = path.join(__dirname, "..", "..", "..", "gateway", "cli.ts");

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

function startCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run: Run = { stdout: "", stderr: "", code: null };
  child.stdout.on("data", (c: Buffer) => (run.stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (run.stderr += c.toString()));
  const exited = new Promise<Run>((resolve) =>
    child.once("exit", (code) => {
      run.code = code;
      resolve(run);
    })
  );
  return { child, run, exited };
}

async function waitFor(run: Run, pattern: RegExp): Promise<RegExpExecArray> {
  for (let i = 0; i < 300; i++) {
    const m = pattern.exec(run.stdout);
    if (m) return m;
    if (run.code !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not seen: ${pattern} in ${run.stdout} ${run.stderr}`);
}

describe("npm run gateway", () => {
  let chain: Chain;
  let dir: string;

  beforeAll(async () => {
    chain = await startChain();
    dir = mkdtempSync(path.join(tmpdir(), "gateway-cli-"));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await chain.close();
  });

  it("reads an environment file, prints where it listens, serves, and on SIGTERM finishes the call in flight, then exits", async () => {
    const c = gatewayConfig(chain.sim.url, chain.sim.url);
    const file = path.join(dir, "gateway.env");
    writeFileSync(
      file,
      envFileText({
        ...c,
        allowedOrigins: [ORIGIN, "http://localhost:3000"],
        userIssuer: chain.issuer.issuer,
        userRate: 50,
      })
    );
    const { child, run, exited } = startCli(["--env-file", file], {});
    const [, url] = await waitFor(
      run,
      /^Billing gateway listening on (http:\/\/127\.0\.0\.1:\d+)$/m
    );
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const res = await fetch(`${url}/api/cfg/TaxCodes`, { headers: chain.headers });
    expect(res.status).toBe(200);
    // A call in flight when SIGTERM comes is answered before the process ends.
    chain.sim.setFaults({ latencyMs: 700 });
    const inFlight = fetch(`${url}/api/cfg/TaxCodes`, { headers: chain.headers });
    await new Promise((r) => setTimeout(r, 250));
    child.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    chain.sim.setFaults({ latencyMs: 0 });
    const done = await exited;
    expect(done.code).toBe(0);
    const lines = done.stdout.split("\n").filter((l) => l.startsWith("{"));
    const calls = auditCalls(lines);
    // Both calls audited (forward line + outcome), the one in flight at SIGTERM too.
    expect(calls.filter((c) => c.path === "/api/cfg/TaxCodes" && c.status === 200)).toHaveLength(2);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual(
      expect.arrayContaining([expect.objectContaining({ event: "stopping", signal: "SIGTERM" })])
    );
    expect(`${done.stdout}${done.stderr}`).not.toContain(CLIENT_SECRET);
    expectNoUserToken(`${done.stdout}${done.stderr}`, [tokenOf(chain.headers)]);
  });

  it("refuses to start with an incomplete configuration, naming each variable and no value", async () => {
    const { exited } = startCli([], {
      GATEWAY_SERVICE_URL: "http://billing.example.com/api",
      GATEWAY_CLIENT_SECRET: CLIENT_SECRET,
      GATEWAY_ALLOWED_ORIGINS: "*",
    });
    const done = await exited;
    expect(done.code).toBe(1);
    expect(done.stderr).toContain("The gateway's configuration is incomplete:");
    for (const text of [
      "GATEWAY_SERVICE_URL must use https:// (plain http:// only for localhost)",
      "GATEWAY_SERVICE_URL must be scheme and host only (the gateway adds /api/...)",
      "GATEWAY_TOKEN_URL is not set",
      "GATEWAY_CLIENT_ID is not set",
      "GATEWAY_SCOPE is not set",
      "GATEWAY_APIM_KEY is not set",
      "GATEWAY_TENANT_ID is not set",
      "GATEWAY_ORGANISATION_ID is not set",
      'GATEWAY_ALLOWED_ORIGINS: "*" is not an origin',
      "GATEWAY_USER_ISSUER is not set",
      "GATEWAY_USER_AUDIENCE is not set",
    ]) {
      expect(done.stderr).toContain(text);
    }
    expect(done.stderr).not.toContain(CLIENT_SECRET);
    expect(done.stdout).not.toContain("listening");
  });
});
