/**
 * The gateway as `npm run gateway` runs it (configuration from the environment, audit lines on
 * stdout), for bench/gateway.ts. With `--no-verify` every caller is taken for one fixed user
 * without checking the token: only to measure what verification costs, side by side.
 */
import { createGateway, readConfig } from "../../gateway";
import type { VerifiedUser } from "../../gateway";

async function main(): Promise<void> {
  const result = readConfig(process.env);
  if (!result.ok) throw new Error(result.problems.join("; "));
  const skip = process.argv.includes("--no-verify");
  const user: VerifiedUser = {
    oid: "bench-user",
    username: "bench@contoso.example",
    roles: ["Billing.Invoice"],
  };
  const gateway = await createGateway({
    config: result.config,
    ...(skip ? { verifier: { verify: async () => user } } : {}),
  });
  console.log(`Billing gateway listening on ${gateway.url}`);
  process.on("SIGTERM", () => {
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1)
    );
  });
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
