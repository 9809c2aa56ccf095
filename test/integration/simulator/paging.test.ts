import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { allPages, get, post, startSimulator } from "./helpers";

describe("live dialect paging with the continuationToken header", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it("answers the first page of four with a next page token and the total", async () => {
    const a = await post(sim, "/api/md/Customers/filter", {});
    expect(a.status).toBe(200);
    expect(a.body.data.results).toHaveLength(4);
    expect(a.body.data.hasNextPage).toBe(true);
    expect(typeof a.body.data.nextPageToken).toBe("string");
    expect(a.body.data.totalRecords).toBe(8);
  });

  it("returns every customer exactly once when the pages are followed", async () => {
    const { results, pages } = await allPages(sim, (h) =>
      post(sim, "/api/md/Customers/filter", {}, h)
    );
    expect(pages).toBe(2);
    const ids = results.map((c) => c.id);
    expect(new Set(ids).size).toBe(8);
    expect(ids).toEqual(expect.arrayContaining(Object.values(DEMO.customers)));
  });

  it("ends with hasNextPage false and a null token", async () => {
    const first = await get(sim, "/api/cfg/BillingItems");
    let token = first.body.data.nextPageToken;
    let last = first;
    while (token) {
      last = await get(sim, "/api/cfg/BillingItems", { continuationToken: token });
      token = last.body.data.nextPageToken;
    }
    expect(last.body.data.hasNextPage).toBe(false);
    expect(last.body.data.nextPageToken).toBeNull();
    expect(last.body.data.results.length).toBe(15 % 4);
  });

  it("pages GET lists and tariffs too", async () => {
    const items = await allPages(sim, (h) => get(sim, "/api/cfg/BillingItems", h));
    expect(items.pages).toBe(4);
    expect(items.results).toHaveLength(15);
    const tariffs = await allPages(sim, (h) =>
      get(sim, `/api/cfg/billingtariffs?productId=${DEMO.products.heatingGreen}`, h)
    );
    expect(tariffs.results).toHaveLength(5);
    expect(tariffs.pages).toBe(2);
  });

  it("refuses a continuation token it did not issue with 400", async () => {
    const a = await get(sim, "/api/cfg/TaxCodes", { continuationToken: "not-a-token" });
    expect(a.status).toBe(400);
    expect(a.body.success).toBe(false);
    expect(a.body.errors[0].key).toBe("INVALID_CONTINUATION_TOKEN");
  });

  it("uses the page size set at run time", async () => {
    sim.setOptions({ pageSize: 100 });
    try {
      const a = await post(sim, "/api/md/Customers/filter", {});
      expect(a.body.data.results).toHaveLength(8);
      expect(a.body.data.hasNextPage).toBe(false);
    } finally {
      sim.setOptions({ pageSize: 4 });
    }
  });
});
