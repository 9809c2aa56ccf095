/**
 * The fairest rival of the gateway in bench/gateway.ts, and its floor: a bare Node proxy that does
 * only what any gateway in Node must do — take the caller's HTTP request, send the service's one
 * (the service token and the headers the service needs, as the gateway adds them) through a
 * keep-alive undici pool, and stream the answer back. No token check, no operations table, no
 * header allow-list, no rate limit, no audit line, no CORS: what the gateway costs above this is
 * what its guarantees cost; what this costs is what the machine charges for a second hop.
 *
 * Configuration from the same environment as the gateway (GATEWAY_SERVICE_URL, GATEWAY_TOKEN_URL,
 * the client's id and secret, the scope, the APIM key, tenant and organisation); prints the same
 * "Billing gateway listening on URL" line, so the benchmark starts it like a gateway.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Pool } from "undici";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function serviceToken(): Promise<string> {
  const answer = await fetch(required("GATEWAY_TOKEN_URL"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: required("GATEWAY_CLIENT_ID"),
      client_secret: required("GATEWAY_CLIENT_SECRET"),
      scope: required("GATEWAY_SCOPE"),
    }).toString(),
  });
  if (!answer.ok) throw new Error(`the token endpoint answered ${answer.status}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function main(): Promise<void> {
  const fixed = {
    authorization: `Bearer ${await serviceToken()}`,
    "apim-sub": required("GATEWAY_APIM_KEY"),
    "zf-tuuid": required("GATEWAY_TENANT_ID"),
    "zf-ouuid": required("GATEWAY_ORGANISATION_ID"),
  };
  const pool = new Pool(required("GATEWAY_SERVICE_URL"), { connections: 128 });
  const server = createServer((req, res) => {
    const headers: Record<string, string> = { ...fixed };
    if (req.headers.origin) headers.origin = req.headers.origin;
    pool.request({ method: "GET", path: req.url ?? "/", headers }).then(
      (up) => {
        const type = up.headers["content-type"];
        res.writeHead(up.statusCode, typeof type === "string" ? { "content-type": type } : {});
        up.body.pipe(res);
      },
      () => {
        res.writeHead(502).end();
      }
    );
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    console.log(`Billing gateway listening on http://127.0.0.1:${port}`);
  });
  process.on("SIGTERM", () => {
    server.close();
    void pool.close().then(() => process.exit(0));
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
