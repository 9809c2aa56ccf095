import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { get, post, startSimulator } from "./helpers";

describe("request log", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  beforeEach(() => sim.log.clear());
  afterAll(() => sim.close());

  it("records method, path, query, status, time and dialect of every request", async () => {
    const before = Date.now();
    await get(
      sim,
      `/api/cfg/billingtariffs?productId=${DEMO.products.water}&billingItemId=${DEMO.billingItems.waterM3}`
    );
    await get(sim, `/api/cfg/products/${DEMO.contracts.electricity}`);
    const entries = sim.log.entries();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({
      method: "GET",
      path: "/api/cfg/billingtariffs",
      query: { productId: DEMO.products.water, billingItemId: DEMO.billingItems.waterM3 },
      status: 200,
      at: expect.any(Number),
      dialect: "live",
    });
    expect(entries[0].at).toBeGreaterThanOrEqual(before);
    expect(entries[1].status).toBe(404);
  });

  it("counts by method and path pattern", async () => {
    await get(sim, `/api/md/contracts/${DEMO.contracts.electricity}`);
    await get(sim, `/api/md/contracts/${DEMO.contracts.waterOwnTariff}`);
    await post(sim, "/api/md/Contracts/filter", {});
    expect(sim.log.count()).toBe(3);
    expect(sim.log.count("GET")).toBe(2);
    expect(sim.log.count("post")).toBe(1);
    expect(sim.log.count("GET", /\/contracts\//i)).toBe(2);
    expect(sim.log.count(undefined, "contracts")).toBe(3);
    expect(sim.log.count("GET", /products/)).toBe(0);
  });

  it("forgets everything on clear and hands out copies", async () => {
    await get(sim, "/api/cfg/TaxCodes");
    const copy = sim.log.entries();
    sim.log.clear();
    expect(sim.log.count()).toBe(0);
    expect(copy).toHaveLength(1);
  });

  it("records the dialect in force", async () => {
    sim.setOptions({ dialect: "interface" });
    try {
      await get(sim, "/api/cfg/TaxCodes");
    } finally {
      sim.setOptions({ dialect: "live" });
    }
    expect(sim.log.entries()[0].dialect).toBe("interface");
  });
});
