/**
 * The directory's signing keys at the gateway: found once through the discovery document, cached
 * (not fetched per request), fetched again for an unknown key id at most every 30 s — so a new key
 * the directory publishes is picked up, and a flood of made-up key ids costs no fetch.
 */
import { DEMO } from "../../../simulator";
import { KEY_REFETCH_COOLDOWN_MS } from "../../../gateway";
import { ORIGIN, rawRequest, startChain } from "./helpers";
import type { Chain } from "./helpers";
import { makeSigningKey } from "./test-issuer";

const CONTRACT = `/api/md/Contracts/${DEMO.contracts.heatingGeneric}`;

describe("the directory's signing keys", () => {
  let chain: Chain;

  beforeEach(async () => {
    chain = await startChain();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await chain.close();
  });

  const get = (authorization: string) =>
    rawRequest(chain.gw.url, "GET", CONTRACT, { origin: ORIGIN, authorization });

  it("are fetched once for 50 requests with 50 different tokens, sequential and concurrent", async () => {
    expect(chain.issuer.jwksFetches()).toBe(0);
    // Every token different, so that each is verified in full (none is a remembered one).
    const tokens = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        chain.issuer.token({
          user: { oid: `oid-${i}`, username: `user${i}@contoso.example`, name: `U ${i}` },
          roles: ["Billing.Read"],
        })
      )
    );
    expect(new Set(tokens).size).toBe(50);
    for (let i = 0; i < 25; i++) expect((await get(`Bearer ${tokens[i]}`)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => get(`Bearer ${tokens[25 + i]}`))
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(chain.issuer.discoveryFetches()).toBe(1);
    expect(chain.issuer.jwksFetches()).toBe(1);
    expect(chain.sim.log.count("GET", /^\/api\/md\/Contracts\//i)).toBe(50);
  });

  it("picks up a newly published key once the 30 s cool-down is over; made-up key ids cost no fetch", async () => {
    expect(KEY_REFETCH_COOLDOWN_MS).toBe(30_000);
    expect((await get(`Bearer ${await chain.issuer.token()}`)).status).toBe(200);
    expect(chain.issuer.jwksFetches()).toBe(1);

    // The directory rotates: publishes a new key and signs with it.
    const first = chain.issuer.current;
    await chain.issuer.rotate();
    const rotated = await chain.issuer.token();
    // Within 30 s of the last fetch the unknown key id is refused without fetching again...
    expect((await get(`Bearer ${rotated}`)).status).toBe(401);
    const forged = await Promise.all(
      Array.from({ length: 6 }, async () =>
        get(`Bearer ${await chain.issuer.token({ key: await makeSigningKey() })}`)
      )
    );
    expect(forged.every((a) => a.status === 401)).toBe(true);
    expect(chain.issuer.jwksFetches()).toBe(1);

    // ...and after it, the first unknown key id fetches the keys once more: the new key works.
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, "now").mockImplementation(() => realNow() + KEY_REFETCH_COOLDOWN_MS + 1000);
    expect((await get(`Bearer ${rotated}`)).status).toBe(200);
    expect(chain.issuer.jwksFetches()).toBe(2);
    // The old key is still published: tokens signed before the rotation stay good, no new fetch.
    expect((await get(`Bearer ${await chain.issuer.token({ key: first })}`)).status).toBe(200);
    expect(chain.issuer.jwksFetches()).toBe(2);
    expect(chain.issuer.discoveryFetches()).toBe(1);
  });

  it("refuses a token it accepted before, once that token has expired (beyond 60 s)", async () => {
    const token = await chain.issuer.token({ expiresIn: 600 });
    expect((await get(`Bearer ${token}`)).status).toBe(200);
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, "now").mockImplementation(() => realNow() + 600_000 + 30_000);
    expect((await get(`Bearer ${token}`)).status).toBe(200);
    jest.spyOn(Date, "now").mockImplementation(() => realNow() + 600_000 + 61_000);
    const late = await get(`Bearer ${token}`);
    expect(late.status).toBe(401);
    expect(JSON.parse(late.body).errors[0].message).toBe(
      "Your sign-in has expired; sign in again with your work account."
    );
  });
});
