/**
 * `npm run gateway`: runs the credentials gateway. Configuration from the environment, optionally
 * read first from a file: `npm run gateway -- --env-file /etc/billing-gateway.env` or
 * `GATEWAY_ENV_FILE=…` (variables already set in the environment win). Stops gracefully on SIGTERM.
 */
import { parseArgs } from "node:util";
import { ENV, createGateway, readConfig } from "./index";

/** In-flight requests get this long to finish on SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 15_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { "env-file": { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help) {
    console.log(
      `npm run gateway -- [--env-file path]\nVariables: ${Object.values(ENV).join(", ")} (see docs/it-setup.md).`
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
  const gateway = await createGateway({ config: result.config });
  console.log(`Billing gateway listening on ${gateway.url}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ time: new Date().toISOString(), event: "stopping", signal }));
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1)
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
