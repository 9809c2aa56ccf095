/**
 * `tsx idp/cli.ts`: the local identity provider for development and tests, in its own process.
 *
 * When ready it prints ONE line of JSON on stdout —
 * `{"ready":true,"issuer":"https://localhost:PORT/<tid>/v2.0","port":PORT,"caFile":"…"}` — and
 * everything else on stderr (one JSON line per request, sign-ins, oidc-provider's notices). Stops on
 * SIGTERM or SIGINT. Flags: see idp/options.ts or `--help`.
 */
import { parseIdpArgs, USAGE } from "./options";
import { startIdp } from "./provider";

/** stderr, one line each: stdout is reserved for the ready line that spawners wait for. */
function logLine(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function main(): Promise<void> {
  // oidc-provider prints its notices with console.info (stdout): send them to stderr.
  console.info = (...args: unknown[]) => console.error(...args);
  console.log = (...args: unknown[]) => console.error(...args);

  const parsed = parseIdpArgs(process.argv.slice(2));
  if (parsed.kind === "help") {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  if (parsed.kind === "problems") {
    throw new Error(`${parsed.problems.join("\n")}\n${USAGE}`);
  }
  const idp = await startIdp(parsed.options, logLine);
  process.stdout.write(
    `${JSON.stringify({ ready: true, issuer: idp.issuer, port: idp.port, caFile: idp.caFile })}\n`
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logLine(JSON.stringify({ time: new Date().toISOString(), event: "stopping", signal }));
    setTimeout(() => process.exit(1), 5000).unref();
    idp.close().then(
      () => process.exit(0),
      () => process.exit(1)
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
