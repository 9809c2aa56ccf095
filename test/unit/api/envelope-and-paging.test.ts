import { isEnvelope, unwrapEnvelope } from "../../../src/api/envelope";
import { readPage } from "../../../src/api/page";

describe("unwrapEnvelope", () => {
  it("takes the DTO out of a live envelope", () => {
    const body = {
      errors: [],
      success: true,
      applicableEntitiesCount: 1,
      isSynchronous: true,
      data: { id: "x" },
    };
    expect(unwrapEnvelope(body)).toEqual({ ok: true, data: { id: "x" } });
  });

  it("keeps a bare DTO as it is, also one that has an errors list (an invoice)", () => {
    const invoice = { id: "i", status: "created", errors: [] };
    expect(isEnvelope(invoice)).toBe(false);
    expect(unwrapEnvelope(invoice)).toEqual({ ok: true, data: invoice });
    expect(unwrapEnvelope([1, 2])).toEqual({ ok: true, data: [1, 2] });
    expect(unwrapEnvelope(undefined)).toEqual({ ok: true, data: undefined });
  });

  it("treats success: false as a refusal with the service's entries, whatever the status", () => {
    const body = {
      Success: false,
      Errors: [{ Key: "NO_INVOICE_LINES", Message: "No lines." }],
      Data: null,
    };
    expect(unwrapEnvelope(body)).toEqual({
      ok: false,
      entries: [{ key: "NO_INVOICE_LINES", message: "No lines." }],
    });
  });

  it("gives null data for a successful envelope without data", () => {
    expect(unwrapEnvelope({ success: true, errors: [] })).toEqual({ ok: true, data: null });
  });
});

describe("readPage", () => {
  it("reads a bare array as the whole list", () => {
    expect(readPage([1, 2], "x")).toEqual({ items: [1, 2] });
  });

  it("reads a live page and its next token", () => {
    expect(
      readPage({ results: [1], hasNextPage: true, nextPageToken: "t2", totalRecords: 3 }, "x")
    ).toEqual({ items: [1], nextToken: "t2" });
    expect(readPage({ Results: [3], HasNextPage: false, NextPageToken: "ignored" }, "x")).toEqual({
      items: [3],
    });
  });

  it.each([
    ["a page without results", { hasNextPage: false }, /x\.results should be a list/],
    ["a next page without a token", { results: [], hasNextPage: true }, /nextPageToken is missing/],
    ["text", "oops", /x should be a list/],
    ["null", null, /x should be a list/],
  ])("rejects %s", (_what, data, message) => {
    expect(() => readPage(data, "x")).toThrow(message);
  });
});
