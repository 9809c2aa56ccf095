/** An in-memory stand-in for OfficeRuntime.storage that records what was written. */
import type { KeyValueStorage } from "../../../src/excel/settings-model";

export interface FakeStorage extends KeyValueStorage {
  map: Map<string, string>;
  failReads?: boolean;
}

export function fakeStorage(initial: Record<string, string> = {}): FakeStorage {
  const map = new Map(Object.entries(initial));
  const storage: FakeStorage = {
    map,
    async getItem(key) {
      if (storage.failReads) throw new Error("storage unavailable");
      return map.get(key) ?? null;
    },
    async setItem(key, value) {
      map.set(key, value);
    },
    async removeItem(key) {
      map.delete(key);
    },
  };
  return storage;
}
