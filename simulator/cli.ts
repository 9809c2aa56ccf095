/**
 * `npm run simulator`: runs the billing service simulator for development (port 3001 by default).
 *
 * Flags: --port n, --host h, --dialect live|interface, --latency ms, --approval-delay ms,
 * --number-delay ms, --send-delay ms, --page-size n, --require-auth, --origin url (repeatable).
 * With --require-auth the credentials come from SIMULATOR_TOKEN / SIMULATOR_API_KEY (and
 * SIMULATOR_TENANT_ID / SIMULATOR_ORGANISATION_ID), or development defaults that are printed; the
 * local token endpoint's client from SIMULATOR_CLIENT_ID / SIMULATOR_CLIENT_SECRET.
 */
import { parseArgs } from "node:util";
import { DEFAULT_OPTIONS, createSimulator } from "./index";
import type { SimulatorAuth, SimulatorOptions } from "./types";

/** Default development port (the add-in's dev server uses 3000). */
const DEFAULT_PORT = 3001;

/** Development-only credentials, printed so they can be pasted into the task pane. */
const DEV_AUTH = {
  bearerToken: "dev-token",
  apiKey: "dev-api-key",
  tenantId: "11111111-1111-4111-8111-111111111111",
  organisationId: "22222222-2222-4222-8222-222222222222",
  // The local token endpoint's client (for the gateway's GATEWAY_CLIENT_ID / _SECRET).
  clientId: "dev-gateway-client",
  clientSecret: "dev-gateway-secret",
} as const;

/** A non-negative integer flag, or an error naming the flag. */
function intFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      dialect: { type: "string" },
      latency: { type: "string" },
      "approval-delay": { type: "string" },
      "number-delay": { type: "string" },
      "send-delay": { type: "string" },
      "page-size": { type: "string" },
      "require-auth": { type: "boolean" },
      origin: { type: "string", multiple: true },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(
      "npm run simulator -- [--port 3001] [--host 127.0.0.1] [--dialect live|interface] [--latency ms]\n" +
        "  [--approval-delay ms] [--number-delay ms] [--send-delay ms] [--page-size n] [--require-auth] [--origin url]"
    );
    return;
  }
  const dialect = values.dialect ?? "live";
  if (dialect !== "live" && dialect !== "interface")
    throw new Error("--dialect must be live or interface");
  const options: Partial<SimulatorOptions> = {
    port: intFlag("port", values.port) ?? DEFAULT_PORT,
    dialect,
  };
  if (values.host) options.host = values.host;
  const latency = intFlag("latency", values.latency);
  if (latency !== undefined) options.latencyMs = latency;
  const approval = intFlag("approval-delay", values["approval-delay"]);
  if (approval !== undefined) options.approvalDelayMs = approval;
  const number = intFlag("number-delay", values["number-delay"]);
  if (number !== undefined) options.numberDelayMs = number;
  const send = intFlag("send-delay", values["send-delay"]);
  if (send !== undefined) options.sendDelayMs = send;
  const pageSize = intFlag("page-size", values["page-size"]);
  if (pageSize !== undefined) options.pageSize = Math.max(1, pageSize);
  if (values.origin?.length)
    options.corsOrigin = values.origin.length === 1 ? values.origin[0] : values.origin;

  let auth: SimulatorAuth | null = null;
  if (values["require-auth"]) {
    const env = process.env;
    auth = {
      bearerToken: env.SIMULATOR_TOKEN ?? DEV_AUTH.bearerToken,
      apiKey: env.SIMULATOR_API_KEY ?? DEV_AUTH.apiKey,
      tenantId: env.SIMULATOR_TENANT_ID ?? DEV_AUTH.tenantId,
      organisationId: env.SIMULATOR_ORGANISATION_ID ?? DEV_AUTH.organisationId,
      clients: [
        {
          clientId: env.SIMULATOR_CLIENT_ID ?? DEV_AUTH.clientId,
          clientSecret: env.SIMULATOR_CLIENT_SECRET ?? DEV_AUTH.clientSecret,
        },
      ],
    };
    options.auth = auth;
  }

  const sim = await createSimulator(options);
  const s = { ...DEFAULT_OPTIONS, ...options };
  console.log(`Billing service simulator listening on ${sim.url}`);
  console.log(
    `dialect=${s.dialect} pageSize=${s.pageSize} latency=${s.latencyMs}ms approvalDelay=${s.approvalDelayMs}ms ` +
      `numberDelay=${s.numberDelayMs}ms sendDelay=${s.sendDelayMs}ms cors=${JSON.stringify(s.corsOrigin)} auth=${auth ? "required" : "off"}`
  );
  if (auth) {
    // Only development defaults are printed; values taken from the environment stay unprinted.
    const shown = (envName: string, value: string) =>
      process.env[envName] ? `(from ${envName})` : value;
    console.log(`  Authorization: Bearer ${shown("SIMULATOR_TOKEN", DEV_AUTH.bearerToken)}`);
    console.log(`  apim-sub: ${shown("SIMULATOR_API_KEY", DEV_AUTH.apiKey)}`);
    console.log(`  zf-tuuid: ${auth.tenantId}`);
    console.log(`  zf-ouuid: ${auth.organisationId}`);
    console.log(`  token endpoint: ${sim.url}/dev-tenant/oauth2/v2.0/token`);
    console.log(`  client id: ${auth.clients![0].clientId}`);
    console.log(`  client secret: ${shown("SIMULATOR_CLIENT_SECRET", DEV_AUTH.clientSecret)}`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the simulator`);
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1)
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
