import { chooseTariff } from "../../../src/costs";
import { MAY_2024, tariff } from "./helpers/fake-source";

const pair = { productId: "p1", billingItemId: "b1" };
const C = "c-own";

describe("chooseTariff: which tariff applies to (product, billing item) on a contract", () => {
  it("prefers the contract's own tariff over a generic one", () => {
    const generic = tariff({ ...pair, id: "generic", unitTariff: "10" });
    const own = tariff({
      ...pair,
      id: "own",
      contractId: C,
      unitTariff: "8",
      startDateTime: "2019-01-01T00:00:00Z",
    });
    const chosen = chooseTariff([generic, own], { ...pair, contractId: C, date: MAY_2024 });
    expect(chosen).toEqual({ tariff: own, source: "contract" });
  });

  it("never uses another contract's tariff, even when it is the only one", () => {
    const other = tariff({ ...pair, id: "other", contractId: "c-other" });
    expect(chooseTariff([other], { ...pair, contractId: C, date: MAY_2024 })).toBeUndefined();
    const generic = tariff({ ...pair, id: "generic" });
    expect(
      chooseTariff([other, generic], { ...pair, contractId: C, date: MAY_2024 })?.tariff.id
    ).toBe("generic");
  });

  it("uses only generic tariffs when no contract is given", () => {
    const own = tariff({ ...pair, id: "own", contractId: C });
    const generic = tariff({ ...pair, id: "generic" });
    expect(chooseTariff([own, generic], { ...pair, date: MAY_2024 })).toEqual({
      tariff: generic,
      source: "generic",
    });
  });

  it("picks the latest start among valid tariffs of the same standing", () => {
    const older = tariff({ ...pair, id: "older", startDateTime: "2022-01-01T00:00:00Z" });
    const newer = tariff({ ...pair, id: "newer", startDateTime: "2024-01-01T00:00:00Z" });
    expect(chooseTariff([newer, older], { ...pair, date: MAY_2024 })?.tariff.id).toBe("newer");
    expect(chooseTariff([older, newer], { ...pair, date: MAY_2024 })?.tariff.id).toBe("newer");
  });

  it("ignores tariffs not yet started or already ended at the date", () => {
    const future = tariff({ ...pair, id: "future", startDateTime: "2024-06-01T00:00:00Z" });
    const ended = tariff({
      ...pair,
      id: "ended",
      startDateTime: "2023-01-01T00:00:00Z",
      endDateTime: "2024-05-01T00:00:00Z",
    });
    const current = tariff({ ...pair, id: "current", startDateTime: "2021-01-01T00:00:00Z" });
    expect(chooseTariff([future, ended, current], { ...pair, date: MAY_2024 })?.tariff.id).toBe(
      "current"
    );
    expect(chooseTariff([future, ended], { ...pair, date: MAY_2024 })).toBeUndefined();
  });

  it("falls back to the generic tariff when the contract's own has expired", () => {
    const ownExpired = tariff({
      ...pair,
      id: "own",
      contractId: C,
      endDateTime: "2024-01-01T00:00:00Z",
    });
    const generic = tariff({ ...pair, id: "generic" });
    expect(chooseTariff([ownExpired, generic], { ...pair, contractId: C, date: MAY_2024 })).toEqual(
      {
        tariff: generic,
        source: "generic",
      }
    );
  });

  it("prefers a contract tariff even when a generic one started later", () => {
    const own = tariff({
      ...pair,
      id: "own",
      contractId: C,
      startDateTime: "2020-01-01T00:00:00Z",
    });
    const generic = tariff({ ...pair, id: "generic", startDateTime: "2024-04-01T00:00:00Z" });
    expect(
      chooseTariff([own, generic], { ...pair, contractId: C, date: MAY_2024 })?.tariff.id
    ).toBe("own");
  });

  it("matches contract ids case-insensitively and ignores tariffs of another pair", () => {
    const own = tariff({ ...pair, id: "own", contractId: "ABC-1" });
    const wrongItem = tariff({
      productId: "p1",
      billingItemId: "b2",
      id: "wrong",
      contractId: "abc-1",
    });
    expect(
      chooseTariff([wrongItem, own], { ...pair, contractId: "abc-1", date: MAY_2024 })?.tariff.id
    ).toBe("own");
  });

  it("breaks an exact tie on start by id, whatever the order sent", () => {
    const a = tariff({ ...pair, id: "a" });
    const b = tariff({ ...pair, id: "b" });
    expect(chooseTariff([b, a], { ...pair, date: MAY_2024 })?.tariff.id).toBe("a");
    expect(chooseTariff([a, b], { ...pair, date: MAY_2024 })?.tariff.id).toBe("a");
  });
});
