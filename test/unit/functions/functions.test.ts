import { FakeErrorCode, excelErrorOf } from "./helpers/fake-custom-functions";
jest.mock(
  "../../../src/api",
  () => ({
    ...jest.requireActual<object>("../../../src/api"),
    createBillingClient: () => {
      throw new Error("no real client in unit tests");
    },
  }),
  { virtual: true }
);
import { UnavailableError } from "../../../src/api/errors";
import type { BillingClient, ConnectionSettings } from "../../../src/api/types";
import { configureConnection } from "../../../src/functions/connection";
import {
  contractCostsFunction,
  contractFixedCostsFunction,
  contractIdFunction,
  contractVariableCostsFunction,
  serviceLocationIdsFunction,
  tariffFunction,
} from "../../../src/functions/functions";
import { setCallTimeoutMs } from "../../../src/functions/settle";
import { costMethods, IDS } from "./helpers/cost-fixture";
import { stubClient, type StubClient } from "../../support/fake-client";

const SETTINGS: ConnectionSettings = {
  baseUrl: "https://billing.example.com",
  headers: {},
  credential: { kind: "none" },
};

let client: StubClient;
let built: number;

function useClient(methods: Partial<BillingClient>): void {
  client = stubClient(methods);
  built = 0;
  configureConnection({
    loadSettings: async () => SETTINGS,
    createClient: () => (built++, client),
  });
}

afterEach(() => {
  configureConnection();
  setCallTimeoutMs();
});

describe("CONTRACTFIXEDCOSTS", () => {
  it("returns the exact fixed total rounded to the cent as a number", async () => {
    useClient(costMethods());
    expect(await contractFixedCostsFunction(IDS.contract, "2024-05-01")).toBe(120.01);
  });

  it("reads an Excel date serial", async () => {
    useClient(costMethods());
    expect(await contractFixedCostsFunction(IDS.contract, 45413)).toBe(120.01);
  });

  it.each([
    ["an empty id", "", undefined, /^contractId is empty/],
    ["a malformed id", "C-1001", undefined, /is not an id/],
    ["a number as id", 42 as unknown as string, undefined, /must be text/],
    ["text where a date is expected", IDS.contract, "last year", /date "last year" is not a date/],
    ["a boolean as date", IDS.contract, true as unknown as string, /not the value TRUE/],
  ])("gives #VALUE! for %s and asks the service nothing", async (_case, id, date, message) => {
    useClient(costMethods());
    const error = await excelErrorOf(contractFixedCostsFunction(id, date));
    expect(error.code).toBe(FakeErrorCode.invalidValue);
    expect(error.message).toMatch(message);
    expect(client.calls).toEqual([]);
  });

  it("gives #N/A naming the contract when it does not exist", async () => {
    useClient(costMethods());
    const error = await excelErrorOf(contractFixedCostsFunction(IDS.unknown));
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toBe(`Contract ${IDS.unknown} was not found.`);
  });

  it("gives 0 for a contract without products (it costs nothing then)", async () => {
    useClient(costMethods());
    expect(await contractFixedCostsFunction(IDS.otherContract, "2024-05-01")).toBe(0);
  });

  it("gives #N/A saying what to do when the service cannot be reached", async () => {
    useClient({ getContract: () => Promise.reject(new UnavailableError("Network failure")) });
    const error = await excelErrorOf(contractFixedCostsFunction(IDS.contract));
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(
      /^Cannot reach the billing service at billing\.example\.com: check the connection settings/
    );
  });

  it("settles with #N/A instead of staying busy when the service never answers", async () => {
    useClient({ getContract: () => new Promise(() => undefined) });
    setCallTimeoutMs(30);
    const error = await excelErrorOf(contractFixedCostsFunction(IDS.contract));
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(/did not answer within/);
  });
});

describe("CONTRACTVARIABLECOSTS and CONTRACTCOSTS spill tables", () => {
  it("spills name, unit and EUR per unit per variable item, with the contract's own tariff", async () => {
    useClient(costMethods());
    expect(await contractVariableCostsFunction(IDS.contract, "2024-05-01")).toEqual([
      ["Warmte", "gj", 39.9],
    ]);
  });

  it("spills a header row and one row per line, unpriceable rows with their reason", async () => {
    useClient(costMethods());
    const table = await contractCostsFunction(IDS.contract, "2023-06-01");
    expect(table[0]).toEqual([
      "productId",
      "billingItemId",
      "name",
      "kind",
      "unit",
      "tariff",
      "source",
      "validFrom",
      "validTo",
      "reason",
    ]);
    expect(table[1]).toEqual([
      IDS.product,
      IDS.fixedItem,
      "Vastrecht",
      "fixed",
      "year",
      120.005,
      "generic",
      43831, // 1 January 2020 as an Excel date serial
      "",
      "",
    ]);
    expect(table[2].slice(0, 6)).toEqual([
      IDS.product,
      IDS.heatItem,
      "Warmte",
      "variable",
      "gj",
      "",
    ]);
    expect(table[2][9]).toMatch(/no tariff is valid on 2023-06-01/);
    expect(table).toHaveLength(3);
  });
});

describe("TARIFF", () => {
  it("gives the contract's tariff, or the generic one without a contract", async () => {
    useClient(costMethods());
    expect(await tariffFunction(IDS.product, IDS.heatItem, IDS.contract, "2024-05-01")).toBe(39.9);
    expect(await tariffFunction(IDS.product, IDS.heatItem, "", "2024-05-01")).toBe(41.2525);
  });

  it("gives #N/A for a date before any tariff", async () => {
    useClient(costMethods());
    const error = await excelErrorOf(
      tariffFunction(IDS.product, IDS.heatItem, undefined, "2019-01-01")
    );
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(/No tariff .* is valid on 2019-01-01/);
  });

  it("gives #VALUE! for a malformed billing item id without asking", async () => {
    useClient(costMethods());
    const error = await excelErrorOf(tariffFunction(IDS.product, "heat", IDS.contract));
    expect(error).toMatchObject({ code: FakeErrorCode.invalidValue });
    expect(error.message).toMatch(/^billingItemId "heat" is not an id/);
    expect(client.calls).toEqual([]);
  });
});

describe("lookup functions", () => {
  it("spill a customer's service locations as a column", async () => {
    useClient({ filterServiceLocations: async () => [{ id: "s1" }, { id: "s2" }] });
    expect(await serviceLocationIdsFunction(IDS.contract)).toEqual([["s1"], ["s2"]]);
  });

  it("give #N/A saying how many contracts match", async () => {
    useClient({
      filterContracts: async () => [
        { id: "k1", contractNumber: "100234" },
        { id: "k2", contractNumber: "100234" },
      ],
    });
    const error = await excelErrorOf(contractIdFunction(100234 as unknown as string));
    expect(error).toMatchObject({ code: FakeErrorCode.notAvailable });
    expect(error.message).toBe(
      '2 records match contract with number "100234"; make the text more specific.'
    );
  });
});

describe("the functions share one client", () => {
  it("builds one client for many calls with the same settings", async () => {
    useClient(costMethods());
    await Promise.all([
      contractFixedCostsFunction(IDS.contract, "2024-05-01"),
      contractVariableCostsFunction(IDS.contract, "2024-05-01"),
      tariffFunction(IDS.product, IDS.heatItem),
    ]);
    expect(built).toBe(1);
  });
});
