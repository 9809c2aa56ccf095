/**
 * A wrong client secret in the gateway's configuration: a 502 whose message names the cause and
 * the variable to fix, never the secret, readable by the add-in (CORS), logged without the secret;
 * and Entra ID is not asked again for every request.
 */
import { DEMO } from "../../../simulator";
import {
  ORIGIN,
  WRONG_SECRET,
  expectNoSecret,
  logEntries,
  startChain,
  tokenRequests,
} from "./helpers";
import type { Chain } from "./helpers";

describe("a gateway configured with a wrong client secret", () => {
  let chain: Chain;

  beforeAll(async () => {
    chain = await startChain({ config: { clientSecret: WRONG_SECRET } });
  });
  afterAll(async () => await chain.close());

  it("answers 502 naming the refused secret and GATEWAY_CLIENT_SECRET, with CORS, and forwards nothing", async () => {
    const res = await fetch(`${chain.gw.url}/api/md/contracts/${DEMO.contracts.heatingGeneric}`, {
      headers: chain.headers,
    });
    expect(res.status).toBe(502);
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      errors: [
        {
          key: "GATEWAY_TOKEN_FAILED",
          message:
            "The company gateway could not sign in to the billing service: Microsoft Entra ID refused the gateway's sign-in (invalid_client, AADSTS7000215): the client secret was refused; IT must check GATEWAY_CLIENT_SECRET.",
          messageValues: [],
        },
      ],
      success: false,
      data: null,
    });
    expectNoSecret(`${text} ${JSON.stringify([...res.headers])}`);
    expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(0);
  });

  it("logs the cause without the secret and holds the refusal instead of asking Entra ID per request", async () => {
    const before = tokenRequests(chain.sim);
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${chain.gw.url}/api/cfg/TaxCodes`, { headers: chain.headers });
      expect(res.status).toBe(502);
    }
    expect(tokenRequests(chain.sim)).toBe(before);
    const lines = logEntries(chain.lines).filter((l) => l.status === 502);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(lines[0]).toMatchObject({
      method: "GET",
      reason: "GATEWAY_TOKEN_FAILED",
      detail: expect.stringContaining("AADSTS7000215"),
    });
    expectNoSecret(chain.lines.join("\n"));
  });
});
