/**
 * What passes the gateway unchanged: the service's status codes and bodies (4xx, 5xx, 429 with its
 * retry header), the paging header and request bodies byte for byte; what does not: the client's
 * own credentials and the service's CORS headers. CORS and the exposed headers are on every answer.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO } from "../../../simulator";
import { createGateway } from "../../../gateway";
import type { Gateway } from "../../../gateway";
import {
  API_KEY,
  ORGANISATION,
  ORIGIN,
  TENANT,
  expectNoSecret,
  expectNoUserToken,
  gatewayConfig,
  rawRequest,
  startChain,
  tokenOf,
} from "./helpers";
import type { Chain } from "./helpers";

function expectCors(headers: Headers): void {
  expect(headers.get("access-control-allow-origin")).toBe(ORIGIN);
  const exposed = (headers.get("access-control-expose-headers") ?? "").split(/,\s*/);
  expect(exposed).toEqual(
    expect.arrayContaining(["retry-after", "x-retry-after-seconds", "continuationtoken"])
  );
}

describe("the service's answers through the gateway", () => {
  let chain: Chain;

  beforeAll(async () => {
    chain = await startChain();
  });
  afterAll(async () => {
    expectNoSecret(chain.lines.join("\n"));
    await chain.close();
  });
  afterEach(() => chain.sim.setFaults({ rateLimit: null, get503Every: 0 }));

  const get = (path: string) => fetch(`${chain.gw.url}${path}`, { headers: chain.headers });

  it("passes a 404 with the service's error body unchanged", async () => {
    const unknown = "0f0f0f0f-0000-4000-8000-00000000dead";
    const direct = await fetch(`${chain.sim.url}/api/md/Contracts/${unknown}`, {
      headers: { "apim-sub": API_KEY, "zf-tuuid": TENANT, "zf-ouuid": ORGANISATION },
    });
    expect(direct.status).toBe(401); // the service itself wants the gateway's token
    const res = await get(`/api/md/Contracts/${unknown}`);
    expect(res.status).toBe(404);
    expectCors(res.headers);
    // The vendor documents RFC 7807 problem details for an unknown contract; they pass as they are.
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toEqual({
      type: "https://tools.ietf.org/html/rfc9110#section-15.5.5",
      title: "Not Found",
      status: 404,
      detail: "Contract not found.",
      instance: `/api/md/Contracts/${unknown}`,
    });
  });

  it.each([
    // Not JSON, so not in the add-in's shape: the gateway's own answer (gateway/body-shapes.ts).
    ["/api/bill/Invoices/filter", "GATEWAY_BODY_NOT_ALLOWED", 0],
    // A create's is the gateway's: it must read the reference the service will store.
    ["/api/bill/Invoices", "GATEWAY_BODY_UNREADABLE", 0],
  ])(
    "answers a malformed body to %s with 400 %s (%d reaching the service)",
    async (path, key, upstream) => {
      chain.sim.log.clear();
      const res = await fetch(`${chain.gw.url}${path}`, {
        method: "POST",
        headers: { ...chain.headers, "content-type": "application/json" },
        body: "{not json",
      });
      expect(res.status).toBe(400);
      expectCors(res.headers);
      expect(((await res.json()) as { errors: { key: string }[] }).errors[0].key).toBe(key);
      expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(upstream);
    }
  );

  it("passes a 503 once, without retrying it", async () => {
    chain.sim.setFaults({ get503Every: 1 });
    chain.sim.log.clear();
    const res = await get("/api/cfg/TaxCodes");
    expect(res.status).toBe(503);
    expectCors(res.headers);
    expect(((await res.json()) as { errors: { key: string }[] }).errors[0].key).toBe(
      "SERVICE_UNAVAILABLE"
    );
    expect(chain.sim.log.count("GET", /TaxCodes/)).toBe(1);
  });

  it.each(["retry-after", "x-retry-after-seconds"] as const)(
    "passes a 429 with its %s header, readable by the add-in",
    async (header) => {
      chain.sim.setFaults({
        rateLimit: { maxRequests: 0, windowMs: 60_000, retryAfterSeconds: 7, header },
      });
      const res = await get(`/api/md/contracts/${DEMO.contracts.heatingGeneric}`);
      expect(res.status).toBe(429);
      expect(res.headers.get(header)).toBe("7");
      expectCors(res.headers);
      expect(((await res.json()) as { errors: { key: string }[] }).errors[0].key).toBe(
        "TOO_MANY_REQUESTS"
      );
    }
  );

  it("pages a list with the continuationToken header, as the service does", async () => {
    const first = await get("/api/cfg/BillingItems");
    const page = (await first.json()) as {
      data: { nextPageToken: string | null; results: unknown[] };
    };
    expect(page.data.nextPageToken).toEqual(expect.any(String));
    const second = await fetch(`${chain.gw.url}/api/cfg/BillingItems`, {
      headers: { ...chain.headers, continuationToken: page.data.nextPageToken! },
    });
    expect(second.status).toBe(200);
    const next = (await second.json()) as { data: { results: { id: string }[] } };
    expect(next.data.results[0]).not.toEqual(page.data.results[0]);
  });
});

describe("headers and bytes on the way through", () => {
  let upstream: http.Server;
  let gw: Gateway;
  let tokenServer: Chain;
  let seen: { url: string; headers: http.IncomingHttpHeaders; body: Buffer }[];
  let lines: string[];
  /** The Location the "service" answers next (`{self}` is its own address). */
  let nextLocation = "/api/bill/Invoices/42";
  let upstreamUrl = "";

  beforeAll(async () => {
    // The token endpoint of a simulator; the "service" records what reaches it.
    tokenServer = await startChain();
    seen = [];
    upstream = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.push({ url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(207, {
          "content-type": "application/json",
          continuationtoken: "page-2-token",
          "access-control-allow-origin": "*",
          "set-cookie": "session=abc",
          location: nextLocation.replace("{self}", upstreamUrl),
          "content-location": `${upstreamUrl}/api/bill/Invoices/42`,
          server: "Kestrel",
          "x-powered-by": "ASP.NET",
        });
        res.end('{"amount": 12345678901234567890.12}');
      });
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    const port = (upstream.address() as AddressInfo).port;
    upstreamUrl = `http://127.0.0.1:${port}`;
    lines = [];
    gw = await createGateway({
      config: gatewayConfig(`http://127.0.0.1:${port}`, tokenServer.sim.url, {
        userIssuer: tokenServer.issuer.issuer,
      }),
      log: (l) => lines.push(l),
    });
  });
  afterAll(async () => {
    await gw.close();
    await new Promise((r) => upstream.close(r));
    await tokenServer.close();
  });

  it("drops the client's credentials, the user's token among them, and sends the gateway's", async () => {
    seen.length = 0;
    const userToken = tokenOf(tokenServer.headers);
    const res = await rawRequest(
      gw.url,
      "GET",
      `/api/md/contracts/${DEMO.contracts.heatingGeneric}?subscription-key=client-key&Subscription-Key=k2&keep=1`,
      {
        origin: ORIGIN,
        authorization: `Bearer ${userToken}`,
        "apim-sub": "client-key",
        "zf-tuuid": "client-tenant",
        "zf-ouuid": "client-org",
        "zf-other": "x",
        cookie: "a=b",
        continuationtoken: "page-1",
        accept: "application/json",
      }
    );
    expect(res.status).toBe(207);
    const got = seen[0];
    expect(got.url).toBe(`/api/md/contracts/${DEMO.contracts.heatingGeneric}?keep=1`);
    expect(got.headers.authorization).toMatch(/^Bearer simtok\./);
    expect(got.headers["apim-sub"]).toBe(API_KEY);
    expect(got.headers["zf-tuuid"]).toBe(TENANT);
    expect(got.headers["zf-ouuid"]).toBe(ORGANISATION);
    expect(got.headers["zf-other"]).toBeUndefined();
    expect(got.headers.cookie).toBeUndefined();
    expect(got.headers.origin).toBeUndefined();
    expect(got.headers.continuationtoken).toBe("page-1");
    expect(got.headers.accept).toBe("application/json");
    expect(JSON.stringify(got.headers)).not.toMatch(/client-(key|tenant|org)/);
    // The user's token stays at the gateway: the service gets the gateway's own token only.
    expectNoUserToken(JSON.stringify(got), [userToken]);
  });

  it("passes the answer's status, body, paging and location headers, but not its CORS or cookies", async () => {
    const res = await fetch(`${gw.url}/api/bill/Invoices`, {
      method: "POST",
      headers: { ...tokenServer.headers, "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(207);
    expect(await res.text()).toBe('{"amount": 12345678901234567890.12}');
    expect(res.headers.get("continuationtoken")).toBe("page-2-token");
    expect(res.headers.get("location")).toBe("/api/bill/Invoices/42");
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(res.headers.get("set-cookie")).toBeNull();
    expectNoSecret(`${JSON.stringify([...res.headers])}`);
  });

  it("forwards only the allow-listed headers: no override, rewrite, identity or forwarding header reaches the service", async () => {
    seen.length = 0;
    const hostile: Record<string, string> = {
      "x-http-method-override": "DELETE",
      "x-method-override": "DELETE",
      "x-http-method": "DELETE",
      "x-original-url": "/api/bill/Invoices/bulk/delete",
      "x-rewrite-url": "/api/bill/Invoices/bulk/delete",
      "x-original-method": "DELETE",
      "x-forwarded-prefix": "/admin",
      "x-forwarded-host": "evil.example",
      "x-forwarded-for": "10.0.0.1",
      "x-forwarded-proto": "https",
      "x-real-ip": "10.0.0.1",
      forwarded: "for=10.0.0.1;host=evil.example",
      "x-ms-client-principal": "eyJ1c2VyIjoiYWRtaW4ifQ==",
      "x-ms-client-principal-id": "admin",
      "x-ms-client-principal-name": "admin@contoso.example",
      "x-ms-client-principal-idp": "aad",
      "x-ms-token-aad-access-token": "stolen",
      "x-user-id": "admin",
      "x-remote-user": "admin",
      "x-client-ip": "10.0.0.1",
      "x-original-host": "evil.example",
      "x-host": "evil.example",
      "ocp-apim-subscription-key": "client-key",
      "ocp-apim-trace": "true",
      "x-correlation-id": "abc",
      "proxy-authorization": "Basic eDp5",
      cookie: "session=1",
      te: "trailers",
      "zf-tuuid": "other-tenant",
    };
    const res = await rawRequest(
      gw.url,
      "GET",
      `/api/md/Contracts/${DEMO.contracts.heatingGeneric}`,
      {
        ...tokenServer.headers,
        ...hostile,
        accept: "application/json",
        "accept-language": "nl-NL",
      }
    );
    expect(res.status).toBe(207);
    const got = seen[0].headers;
    for (const name of Object.keys(hostile)) {
      if (name === "zf-tuuid") expect(got[name]).toBe(TENANT);
      else expect(got[name]).toBeUndefined();
    }
    expect(Object.keys(got).sort()).toEqual(
      [
        "accept",
        "accept-language",
        "apim-sub",
        "authorization",
        "connection",
        "host",
        "zf-ouuid",
        "zf-tuuid",
      ].sort()
    );
  });

  it.each([
    [
      "on the service's own address, made relative",
      "{self}/api/bill/Invoices/42?x=1",
      "/api/bill/Invoices/42?x=1",
    ],
    ["relative, kept", "/api/bill/Invoices/43", "/api/bill/Invoices/43"],
    ["on another address, dropped", "https://internal-billing.example/api/bill/Invoices/44", null],
    ["protocol-relative to another address, dropped", "//internal-billing.example/x", null],
  ])(
    "passes a Location %s; never the service's address or software",
    async (_name, location, expected) => {
      nextLocation = location;
      const res = await fetch(`${gw.url}/api/bill/Invoices`, {
        method: "POST",
        headers: { ...tokenServer.headers, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.headers.get("location")).toBe(expected);
      expect(res.headers.get("content-location")).toBe("/api/bill/Invoices/42");
      expect(res.headers.get("server")).toBeNull();
      expect(res.headers.get("x-powered-by")).toBeNull();
      expect(JSON.stringify([...res.headers])).not.toContain(upstreamUrl);
      nextLocation = "/api/bill/Invoices/42";
    }
  );

  it("forwards a POST body byte for byte (numbers are not re-encoded)", async () => {
    seen.length = 0;
    const body =
      '{ "lines": [ { "unitPrice": 0.1000000000000000055511151231257827, "n": 1e400 } ] }';
    const res = await fetch(`${gw.url}/api/bill/Invoices`, {
      method: "POST",
      headers: { ...tokenServer.headers, "content-type": "application/json; charset=utf-8" },
      body,
    });
    expect(res.status).toBe(207);
    expect(seen[0].body.toString("utf8")).toBe(body);
    expect(seen[0].headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(seen[0].headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expectNoSecret(lines.join("\n"));
  });
});
