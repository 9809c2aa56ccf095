/**
 * The simulator's filter endpoints honour `includeOnlyIds` (Masterdata OpenAPI
 * `GetCustomersQueryParams`, `GetContractsQueryParams`, `GetServiceLocationsQueryParams`), which
 * Check uses to look many ids up in one call: only those records, ids compared case-insensitively,
 * an unknown id simply left out.
 */
import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { post, startSimulator } from "./helpers";

const UNKNOWN = "0badc0de-0000-4000-8000-000000000001";

describe("includeOnlyIds on the filter endpoints", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  const ids = (a: { body: { data: { results: { id: string }[] } } }) =>
    a.body.data.results.map((r) => r.id).sort();

  it("answers only the customers asked for, leaving an unknown id out", async () => {
    const a = await post(sim, "/api/md/Customers/filter", {
      includeOnlyIds: [DEMO.customers.jansen.toUpperCase(), DEMO.customers.smit, UNKNOWN],
    });
    expect(ids(a)).toEqual([DEMO.customers.jansen, DEMO.customers.smit].sort());
  });

  it("answers only the contracts asked for, with their numbers", async () => {
    const a = await post(sim, "/api/md/Contracts/filter", {
      includeOnlyIds: [DEMO.contracts.heatingGeneric, UNKNOWN],
    });
    expect(a.body.data.results).toEqual([
      expect.objectContaining({ id: DEMO.contracts.heatingGeneric, contractNumber: "C-1001" }),
    ]);
  });

  it("answers service locations by id without a customer", async () => {
    const a = await post(sim, "/api/md/ServiceLocations/filter", {
      includeOnlyIds: [DEMO.serviceLocations.jansenMain, UNKNOWN],
    });
    expect(ids(a)).toEqual([DEMO.serviceLocations.jansenMain]);
  });

  it("answers an empty list for ids it does not hold", async () => {
    const a = await post(sim, "/api/md/Customers/filter", { includeOnlyIds: [UNKNOWN] });
    expect(ids(a)).toEqual([]);
  });
});
