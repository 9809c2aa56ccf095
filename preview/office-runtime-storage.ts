/**
 * `OfficeRuntime.storage` for the preview, kept in the browser's localStorage under a prefix so the
 * task pane's settings survive a reload as they do in Excel.
 */

/** The prefix of the preview's keys in localStorage. */
export const STORAGE_PREFIX = "billing-preview:";

/** The subset of `OfficeRuntime.storage` the add-in uses, plus the bulk methods for completeness. */
export function createRuntimeStorage(local: Storage) {
  const key = (k: string) => `${STORAGE_PREFIX}${k}`;
  return {
    async getItem(k: string): Promise<string | null> {
      return local.getItem(key(k));
    },
    async setItem(k: string, value: string): Promise<void> {
      local.setItem(key(k), String(value));
    },
    async removeItem(k: string): Promise<void> {
      local.removeItem(key(k));
    },
    async getItems(keys: string[]): Promise<Record<string, string | null>> {
      return Object.fromEntries(keys.map((k) => [k, local.getItem(key(k))]));
    },
    async setItems(items: Record<string, string>): Promise<void> {
      for (const [k, v] of Object.entries(items)) local.setItem(key(k), String(v));
    },
    async removeItems(keys: string[]): Promise<void> {
      for (const k of keys) local.removeItem(key(k));
    },
    async getKeys(): Promise<string[]> {
      const keys: string[] = [];
      for (let i = 0; i < local.length; i++) {
        const k = local.key(i);
        if (k?.startsWith(STORAGE_PREFIX)) keys.push(k.slice(STORAGE_PREFIX.length));
      }
      return keys;
    },
  };
}
