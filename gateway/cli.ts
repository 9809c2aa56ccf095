/**
 * `npm run gateway`: runs the credentials gateway. Configuration from the environment, optionally
 * read first from a file: `npm run gateway -- --env-file /etc/billing-gateway.env` or
 * `GATEWAY_ENV_FILE=…` (variables already set in the environment win). On SIGTERM it drains:
 * `/readyz` answers 503, new calls are refused (503, audited), calls in flight finish and are
 * audited, the audit lines are flushed to stdout, then it exits.
 */
import { parseArgs } from "node:util";
import { ENV, createGateway, defaultSink, readConfig } from "./index";

/** In-flight requests get this long to finish on SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 15_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { "env-file": { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help) {
    console.log(
      `npm run gateway -- [--env-file path]\nVariables: ${Object.values(ENV).join(", ")} (see docs/it/it-setup.md).`
    );
    return;
  }
  const envFile = values["env-file"] ?? process.env.GATEWAY_ENV_FILE;
  if (envFile) {
    try {
      process.loadEnvFile(envFile);
    } catch (e) {
      throw new Error(
        `Cannot read the environment file ${envFile}: ${(e as NodeJS.ErrnoException).code ?? "error"}`
      );
    }
  }
  const result = readConfig(process.env);
  if (!result.ok) {
    throw new Error(
      `The gateway's configuration is incomplete:\n  ${result.problems.join("\n  ")}`
    );
  }
  const sink = defaultSink();
  const gateway = await createGateway({ config: result.config, log: sink });
  // Through the audit's sink, so that its lines and these never interleave.
  sink.write(`Billing gateway listening on ${gateway.url}`);

  let stopping = false;
  const exit = (code: number) => {
    sink.flush().then(
      () => process.exit(code),
      () => process.exit(code)
    );
  };
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    sink.write(JSON.stringify({ time: new Date().toISOString(), event: "stopping", signal }));
    setTimeout(() => exit(1), SHUTDOWN_GRACE_MS).unref();
    gateway.close().then(
      () => {
        sink.write(JSON.stringify({ time: new Date().toISOString(), event: "stopped" }));
        exit(0);
      },
      () => exit(1)
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
