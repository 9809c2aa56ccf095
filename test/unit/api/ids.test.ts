import ky from "ky";
import pLimit from "p-limit";
import { isServiceId } from "../../../src/api/ids";

describe("isServiceId", () => {
  it("accepts a UUID in any case", () => {
    expect(isServiceId("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d")).toBe(true);
    expect(isServiceId("0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D")).toBe(true);
  });
  it("rejects empty, short, padded and non-text values", () => {
    for (const bad of [
      "",
      "abc",
      " 0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      42,
      null,
      undefined,
      {},
    ]) {
      expect(isServiceId(bad)).toBe(false);
    }
  });
  it("loads the ESM-only dependencies under jest", () => {
    expect(typeof ky.create).toBe("function");
    expect(typeof pLimit).toBe("function");
  });
});
