/**
 * When the service itself fails the gateway: too slow (504 after the upstream time-out) or not
 * there at all (502). Both with CORS, so the add-in can read why, and with no secret.
 */
import { createSimulator } from "../../../simulator";
import { createGateway } from "../../../gateway";
import { ORIGIN, expectNoSecret, gatewayConfig, startChain } from "./helpers";

describe("a service that fails the gateway", () => {
  it("answers 504 when the service does not answer within the upstream time-out", async () => {
    const chain = await startChain({ gateway: { upstreamTimeoutMs: 300 } });
    try {
      chain.sim.setFaults({ latencyMs: 1500 });
      const res = await fetch(`${chain.gw.url}/api/cfg/TaxCodes`, { headers: chain.headers });
      expect(res.status).toBe(504);
      expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
      expect(
        ((await res.json()) as { errors: { key: string; message: string }[] }).errors[0]
      ).toEqual({
        key: "GATEWAY_SERVICE_TIMEOUT",
        message: "The billing service did not answer the gateway within 0.3 s.",
        messageValues: [],
      });
      expectNoSecret(chain.lines.join("\n"));
    } finally {
      await chain.close();
    }
  });

  it("answers 502 naming GATEWAY_SERVICE_URL when nothing listens there", async () => {
    const tokens = await startChain();
    const gone = await createSimulator({ port: 0 });
    const url = gone.url;
    await gone.close();
    const lines: string[] = [];
    const gw = await createGateway({
      config: gatewayConfig(url, tokens.sim.url, { userIssuer: tokens.issuer.issuer }),
      log: (l) => lines.push(l),
    });
    try {
      const res = await fetch(`${gw.url}/api/cfg/TaxCodes`, { headers: tokens.headers });
      expect(res.status).toBe(502);
      expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
      const body = (await res.json()) as { errors: { key: string; message: string }[] };
      expect(body.errors[0].key).toBe("GATEWAY_SERVICE_UNREACHABLE");
      expect(body.errors[0].message).toContain("GATEWAY_SERVICE_URL");
      expectNoSecret(`${JSON.stringify(body)} ${lines.join("\n")}`);
    } finally {
      await gw.close();
      await tokens.close();
    }
  });
});
