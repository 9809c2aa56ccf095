/**
 * `npm run bench:gateway`: what the company gateway adds. 50 concurrent clients call the simulator
 * (20 ms latency, auth required) directly and through the gateway, in one run, in alternating
 * rounds so that the machine's noise falls on both alike. The simulator, the gateway and this load
 * generator are three processes. Targets: the gateway adds under 2 ms at p99 and costs at most 10 %
 * of the throughput.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Pool } from "undici";
import { startSimulatorProcess } from "./lib/simulator-process";
import { figure, renderTable, verdict } from "./lib/table";

const CONCURRENCY = 50;
const LATENCY_MS = 20;
const WARMUP_MS = 2_000;
const ROUNDS = 3;
const ROUND_MS = 4_000;
const PATH = "/api/cfg/TaxCodes";
const ORIGIN = "https://addin.bench.test";
const AUTH = {
  apiKey: "bench-apim-key",
  tenantId: "11111111-1111-4111-8111-111111111111",
  organisationId: "22222222-2222-4222-8222-222222222222",
  clients: [{ clientId: "bench-client", clientSecret: "bench-secret" }],
};

/** What one mode measured. */
interface Measured {
  latencies: number[];
  elapsedMs: number;
  failures: number;
}

/**
 * CPU time (ms) a process has used so far, from /proc (Linux); undefined elsewhere. Says what the
 * gateway costs per request even when a busy machine makes its latency figures noisy.
 */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Starts `npm run gateway`'s program in its own process; resolves with its URL. */
async function startGatewayProcess(
  env: Record<string, string>
): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-gateway-"));
  const out = path.join(dir, "gateway.log");
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(__dirname, "..", "gateway", "cli.ts")],
    { env: { ...process.env, ...env }, stdio: ["ignore", openSync(out, "w"), "inherit"] }
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      child.once("exit", done);
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const m = /Billing gateway listening on (\S+)/.exec(readFileSync(out, "utf8"));
    if (m) return { url: m[1], pid: child.pid, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error("the gateway did not start");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** 50 clients, each sending its next request when the last one is answered, for `ms`. */
async function load(pool: Pool, headers: Record<string, string>, ms: number): Promise<Measured> {
  const latencies: number[] = [];
  let failures = 0;
  const start = performance.now();
  const end = start + ms;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await pool.request({ method: "GET", path: PATH, headers });
        await res.body.text();
        if (res.statusCode === 200) latencies.push(performance.now() - t0);
        else failures += 1;
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  return { latencies, elapsedMs: performance.now() - start, failures };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function merge(parts: Measured[]): Measured {
  return {
    latencies: parts.flatMap((p) => p.latencies),
    elapsedMs: parts.reduce((s, p) => s + p.elapsedMs, 0),
    failures: parts.reduce((s, p) => s + p.failures, 0),
  };
}

async function main(): Promise<void> {
  const sim = await startSimulatorProcess({ latencyMs: LATENCY_MS, dataset: {}, auth: AUTH });
  const tokenUrl = `${sim.url}/bench-tenant/oauth2/v2.0/token`;
  const gateway = await startGatewayProcess({
    GATEWAY_PORT: "0",
    GATEWAY_HOST: "127.0.0.1",
    GATEWAY_SERVICE_URL: sim.url,
    GATEWAY_TOKEN_URL: tokenUrl,
    GATEWAY_CLIENT_ID: AUTH.clients[0].clientId,
    GATEWAY_CLIENT_SECRET: AUTH.clients[0].clientSecret,
    GATEWAY_SCOPE: "api://billing/.default",
    GATEWAY_APIM_KEY: AUTH.apiKey,
    GATEWAY_TENANT_ID: AUTH.tenantId,
    GATEWAY_ORGANISATION_ID: AUTH.organisationId,
    GATEWAY_ALLOWED_ORIGINS: ORIGIN,
  });
  try {
    // Direct clients carry what the gateway adds, so the simulator does the same work either way.
    const tokenAnswer = await fetch(tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: AUTH.clients[0].clientId,
        client_secret: AUTH.clients[0].clientSecret,
        scope: "api://billing/.default",
      }).toString(),
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const direct = {
      pool: new Pool(sim.url, { connections: CONCURRENCY }),
      headers: {
        authorization: `Bearer ${token}`,
        "apim-sub": AUTH.apiKey,
        "zf-tuuid": AUTH.tenantId,
        "zf-ouuid": AUTH.organisationId,
        origin: ORIGIN,
      },
    };
    const via = {
      pool: new Pool(gateway.url, { connections: CONCURRENCY }),
      headers: { origin: ORIGIN },
    };
    await load(direct.pool, direct.headers, WARMUP_MS);
    await load(via.pool, via.headers, WARMUP_MS);
    const directRuns: Measured[] = [];
    const viaRuns: Measured[] = [];
    let gatewayCpu: number | undefined = 0;
    for (let round = 0; round < ROUNDS; round++) {
      directRuns.push(await load(direct.pool, direct.headers, ROUND_MS));
      const before = cpuMs(gateway.pid);
      viaRuns.push(await load(via.pool, via.headers, ROUND_MS));
      const after = cpuMs(gateway.pid);
      gatewayCpu =
        before === undefined || after === undefined || gatewayCpu === undefined
          ? undefined
          : gatewayCpu + after - before;
    }
    await direct.pool.close();
    await via.pool.close();

    const rows = [
      ["direct to the simulator", merge(directRuns)],
      ["through the gateway", merge(viaRuns)],
    ] as const;
    const stats = rows.map(([name, m]) => {
      const sorted = [...m.latencies].sort((a, b) => a - b);
      return {
        name,
        rps: (m.latencies.length / m.elapsedMs) * 1000,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        requests: m.latencies.length,
        failures: m.failures,
      };
    });
    const [d, g] = stats;
    const addedP99 = g.p99 - d.p99;
    const drop = (d.rps - g.rps) / d.rps;

    console.log(
      `Gateway benchmark: ${CONCURRENCY} concurrent clients, GET ${PATH}, simulator latency ${LATENCY_MS} ms with auth required; ` +
        `simulator, gateway and load generator in separate processes; ${ROUNDS} alternating rounds of ${ROUND_MS / 1000} s per mode after ${WARMUP_MS / 1000} s warm-up.\n`
    );
    console.log(
      renderTable(
        ["", "requests/s", "p50 (ms)", "p99 (ms)", "requests", "failed"],
        stats.map((s) => [
          s.name,
          figure(s.rps),
          figure(s.p50, 2),
          figure(s.p99, 2),
          figure(s.requests),
          figure(s.failures),
        ])
      )
    );
    const perRequest =
      gatewayCpu === undefined || g.requests === 0
        ? "not measured (no /proc)"
        : `${figure(gatewayCpu / (g.requests + g.failures), 3)} ms per request`;
    console.log(
      `\nFloor: ${CONCURRENCY} clients ÷ ${LATENCY_MS} ms = ${figure((CONCURRENCY / LATENCY_MS) * 1000)} requests/s. ` +
        `Gateway process CPU: ${perRequest}. Load average at the end: ${loadavg()
          .map((l) => figure(l, 1))
          .join(", ")} on ${cpus().length} cores.\n`
    );
    console.log(
      renderTable(
        ["target", "measured", "result"],
        [
          ["gateway adds < 2 ms at p99", `${figure(addedP99, 2)} ms`, verdict(addedP99 < 2)],
          ["throughput drop <= 10 %", `${figure(drop * 100, 1)} %`, verdict(drop <= 0.1)],
          [
            "no failed request",
            figure(d.failures + g.failures),
            verdict(d.failures + g.failures === 0),
          ],
        ]
      )
    );
  } finally {
    await gateway.stop();
    await sim.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
