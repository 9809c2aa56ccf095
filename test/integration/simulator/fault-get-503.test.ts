import type { Simulator } from "../../../simulator";
import { get, post, startSimulator } from "./helpers";

async function statuses(sim: Simulator, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await get(sim, "/api/cfg/TaxCodes")).status);
  return out;
}

describe("503 faults on GET", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.setFaults({ get503Every: 0, get503Rate: 0 }));
  afterAll(() => sim.close());

  it("answers every n-th GET with 503", async () => {
    sim.setFaults({ get503Every: 3 });
    expect(await statuses(sim, 7)).toEqual([200, 200, 503, 200, 200, 503, 200]);
  });

  it("answers the 503 as an error envelope", async () => {
    sim.setFaults({ get503Every: 1 });
    const a = await get(sim, "/api/cfg/BankAccounts");
    expect(a.status).toBe(503);
    expect(a.body.errors[0].key).toBe("SERVICE_UNAVAILABLE");
  });

  it("leaves POSTs alone", async () => {
    sim.setFaults({ get503Every: 1 });
    expect((await post(sim, "/api/md/Customers/filter", {})).status).toBe(200);
  });

  it("repeats the same random sequence for the same seed", async () => {
    sim.setFaults({ get503Rate: 0.5, seed: 42 });
    const first = await statuses(sim, 20);
    sim.setFaults({ get503Rate: 0.5, seed: 42 });
    const second = await statuses(sim, 20);
    expect(second).toEqual(first);
    expect(first).toContain(503);
    expect(first).toContain(200);
  });

  it("fails everything at rate 1 and nothing at rate 0", async () => {
    sim.setFaults({ get503Rate: 1 });
    expect(new Set(await statuses(sim, 5))).toEqual(new Set([503]));
    sim.setFaults({ get503Rate: 0 });
    expect(new Set(await statuses(sim, 5))).toEqual(new Set([200]));
  });
});
