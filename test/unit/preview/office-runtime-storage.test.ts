/**
 * @jest-environment jsdom
 */
import { STORAGE_PREFIX, createRuntimeStorage } from "../../../preview/office-runtime-storage";

describe("the preview's OfficeRuntime.storage", () => {
  beforeEach(() => localStorage.clear());

  it("keeps its keys under a prefix in localStorage, apart from the page's own", async () => {
    localStorage.setItem("other", "kept");
    const storage = createRuntimeStorage(localStorage);
    await storage.setItems({ a: "1", b: "2" });
    await storage.setItem("c", "3");
    expect(localStorage.getItem(`${STORAGE_PREFIX}a`)).toBe("1");
    expect((await storage.getKeys()).sort()).toEqual(["a", "b", "c"]);
    expect(await storage.getItems(["a", "c", "missing"])).toEqual({
      a: "1",
      c: "3",
      missing: null,
    });
    await storage.removeItems(["a", "b"]);
    await storage.removeItem("c");
    expect(await storage.getItem("c")).toBeNull();
    expect(await storage.getKeys()).toEqual([]);
    expect(localStorage.getItem("other")).toBe("kept");
  });
});
