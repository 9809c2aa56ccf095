import { ArgumentError } from "../../../src/functions/function-errors";
import { readId, readOptionalId, readText } from "../../../src/functions/read-arguments";

const ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

describe("readId: ids must be UUID text", () => {
  it("accepts a UUID, trimmed", () => {
    expect(readId(` ${ID} `, "contractId")).toBe(ID);
  });

  it("says an empty id is empty", () => {
    expect(() => readId("", "contractId")).toThrow(/^contractId is empty/);
    expect(() => readId(undefined, "contractId")).toThrow(ArgumentError);
  });

  it("says a number or boolean is not text", () => {
    expect(() => readId(42, "contractId")).toThrow(
      "contractId must be text (an id), not the number 42."
    );
    expect(() => readId(false, "productId")).toThrow(
      "productId must be text (an id), not the value FALSE."
    );
  });

  it("says a malformed id is not an id, echoing it cut short", () => {
    expect(() => readId("C-100234", "contractId")).toThrow(/^contractId "C-100234" is not an id/);
    expect(() => readId("x".repeat(100), "contractId")).toThrow(/"x{39}…" \(100 characters\)/);
  });

  it("reads an optional id as undefined when empty", () => {
    expect(readOptionalId("", "contractId")).toBeUndefined();
    expect(readOptionalId(null, "contractId")).toBeUndefined();
    expect(readOptionalId(ID, "contractId")).toBe(ID);
    expect(() => readOptionalId("nope", "contractId")).toThrow(ArgumentError);
  });
});

describe("readText: names and numbers to look up", () => {
  it("trims text", () => {
    expect(readText("  Jansen BV ", "name")).toBe("Jansen BV");
  });

  it("refuses empty and non-text values", () => {
    expect(() => readText(" ", "name")).toThrow("name is empty: give the name to look up.");
    expect(() => readText(12, "name")).toThrow("name must be text, not the number 12.");
  });

  it("reads a number as its digits where that is allowed", () => {
    expect(readText(100234, "contractNumber", { allowNumber: true })).toBe("100234");
  });
});
