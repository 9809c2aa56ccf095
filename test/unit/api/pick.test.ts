import { isJsonObject, pick, pickPath } from "../../../src/api/pick";

describe("pick reads fields case-insensitively", () => {
  it("finds a PascalCase key by its camelCase name and the other way round", () => {
    expect(pick({ BillingDetails: 1 }, "billingDetails")).toBe(1);
    expect(pick({ billingDetails: 2 }, "BillingDetails")).toBe(2);
  });

  it("prefers the exact spelling when both spellings are present", () => {
    expect(pick({ Name: "upper", name: "lower" }, "name")).toBe("lower");
  });

  it("returns the first of several names that is present", () => {
    expect(pick({ calculationType: "unitprice" }, "type", "calculationType")).toBe("unitprice");
    expect(pick({ Type: "unitPrice", calculationType: "x" }, "type", "calculationType")).toBe(
      "unitPrice"
    );
  });

  it("gives undefined for non-objects and missing keys", () => {
    expect(pick(null, "a")).toBeUndefined();
    expect(pick([1, 2], "length")).toBeUndefined();
    expect(pick("text", "length")).toBeUndefined();
    expect(pick({ a: 1 }, "b")).toBeUndefined();
  });

  it("keeps null as a present value", () => {
    expect(pick({ endDateTime: null }, "EndDateTime")).toBeNull();
  });

  it("follows a path of nested objects", () => {
    expect(pickPath({ BillingDetails: { Products: [1] } }, "billingDetails", "products")).toEqual([
      1,
    ]);
    expect(pickPath({ billingDetails: null }, "billingDetails", "products")).toBeUndefined();
  });

  it("tells plain objects from arrays and null", () => {
    expect(isJsonObject({})).toBe(true);
    expect(isJsonObject([])).toBe(false);
    expect(isJsonObject(null)).toBe(false);
  });
});
