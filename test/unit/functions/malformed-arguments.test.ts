/**
 * Every argument path of the BILLING functions against malformed values: ranges, booleans, Excel
 * errors, numbers with decimals, dates as text, blanks. Each message names the argument and what to
 * do (a 2×2 range passed as an id was called "an empty value").
 */
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
import { configureConnection } from "../../../src/functions/connection";
import {
  contractCostsFunction,
  contractFixedCostsFunction,
  contractIdFunction,
  contractVariableCostsFunction,
  tariffFunction,
} from "../../../src/functions/functions";
import { readId, readOptionalId, readText } from "../../../src/functions/read-arguments";
import { readDate } from "../../../src/functions/read-date";
import { costMethods } from "./helpers/cost-fixture";
import { stubClient } from "../../support/fake-client";

const ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
const now = () => new Date("2026-03-15T10:00:00Z");
const errorValue = Object.assign(new Error("#N/A"), { code: "#N/A" });

describe("an id argument", () => {
  it.each([
    [
      [
        [ID, ID],
        [ID, ID],
      ],
      "contractId must be a single cell, not a 2×2 range.",
    ],
    [[[ID, ID, ID]], "contractId must be a single cell, not a 1×3 range."],
    [[], "contractId must be a single cell, not an empty range."],
    [true, "contractId must be text (an id), not the value TRUE."],
    [12.5, "contractId must be text (an id), not the number 12.5."],
    [errorValue, "contractId is the error #N/A: fix the cell it comes from first."],
    [{ type: "Entity" }, "contractId must be text (an id), not a value of another kind."],
    ["", `contractId is empty: give the contractId (an id such as ${ID}).`],
    [
      "2024-05-01",
      `contractId "2024-05-01" is not an id: ids look like 3f2504e0-4f89-11d3-9a0c-0305e82c3301.`,
    ],
  ])("refuses %p with an exact message", (value, message) => {
    expect(() => readId(value, "contractId")).toThrow(message);
  });

  it("reads a 1×1 range as its one cell", () => {
    expect(readId([[` ${ID} `]], "contractId")).toBe(ID);
    expect(readOptionalId([[""]], "contractId")).toBeUndefined();
  });

  it("names the optional argument too", () => {
    expect(() => readOptionalId([["a", "b"]], "contractId")).toThrow(
      "contractId must be a single cell, not a 1×2 range."
    );
  });
});

describe("a text argument", () => {
  it.each([
    [[["a"], ["b"]], "name must be a single cell, not a 2×1 range."],
    [false, "name must be text, not the value FALSE."],
    [errorValue, "name is the error #N/A: fix the cell it comes from first."],
    [null, "name is empty: give the name to look up."],
    ["   ", "name is empty: give the name to look up."],
  ])("refuses %p with an exact message", (value, message) => {
    expect(() => readText(value, "name")).toThrow(message);
  });

  it("reads a whole number as a contract number but not one with decimals", () => {
    expect(readText(100234, "contractNumber", { allowNumber: true })).toBe("100234");
    expect(() => readText(1002.5, "contractNumber", { allowNumber: true })).toThrow(
      "contractNumber must be text or a whole number, not the number 1002.5."
    );
  });
});

describe("the date argument", () => {
  it.each([
    [[[45292, 45293]], "date must be a single cell, not a 1×2 range."],
    [true, "date must be a date (a date cell or text such as 2024-05-01), not the value TRUE."],
    [errorValue, "date is the error #N/A: fix the cell it comes from first."],
    ["1/5/2024", 'date "1/5/2024" is not a date: use a date cell or text such as 2024-05-01.'],
    ["2024-02-30", 'date "2024-02-30" is not a day of the calendar.'],
    [
      0,
      "date 0 is not a date: a date serial runs from 1 (1 January 1900) to 2958465 (31 December 9999).",
    ],
  ])("refuses %p with an exact message", (value, message) => {
    expect(() => readDate(value, now)).toThrow(message);
  });

  it("reads a 1×1 range and a blank cell", () => {
    expect(readDate([[45292]], now).toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(readDate([[""]], now)).toEqual(now());
  });
});

describe("the functions refuse a range before any request", () => {
  const range = [
    [ID, ID],
    [ID, ID],
  ];
  const client = stubClient(costMethods());
  beforeEach(() => {
    configureConnection({
      loadSettings: async () => ({
        baseUrl: "https://billing.example.com",
        headers: {},
        credential: { kind: "none" },
      }),
      createClient: () => client,
    });
  });
  afterEach(() => configureConnection());

  it.each([
    ["CONTRACTFIXEDCOSTS", () => contractFixedCostsFunction(range as never)],
    ["CONTRACTVARIABLECOSTS", () => contractVariableCostsFunction(range as never)],
    ["CONTRACTCOSTS", () => contractCostsFunction(range as never)],
    ["TARIFF (contractId)", () => tariffFunction(ID, ID, range as never)],
  ])("%s gives #VALUE! naming contractId", async (_name, call) => {
    const error = await excelErrorOf(call());
    expect(error.code).toBe(FakeErrorCode.invalidValue);
    expect(error.message).toBe("contractId must be a single cell, not a 2×2 range.");
    expect(client.calls).toEqual([]);
  });

  it("CONTRACTID names contractNumber", async () => {
    const error = await excelErrorOf(contractIdFunction([["C-1"], ["C-2"]] as never));
    expect(error.message).toBe("contractNumber must be a single cell, not a 2×1 range.");
  });
});
