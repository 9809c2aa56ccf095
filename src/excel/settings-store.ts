/**
 * The add-in's settings in `OfficeRuntime.storage` (the shared runtime's storage), read by the task
 * pane and the custom functions alike. Never the workbook: no document settings, no custom XML
 * parts (docs/developers/rules.md#settings-and-security). The rules live in
 * src/excel/settings-model.ts.
 */
import {
  createSettingsStore,
  type KeyValueStorage,
  type ParsedSettings,
  type SaveResult,
  type SettingsListener,
  type SettingsStore,
  type StoredSettings,
} from "./settings-model";
import { withItConnection } from "./it-settings";

export type { StoredSettings, SettingsListener, SaveResult, ParsedSettings };
export { describeSettings, isSameConnection } from "./settings-model";

/** Used only outside Office (a plain browser tab): settings then last as long as the page. */
function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => {
      map.set(key, value);
    },
    removeItem: async (key) => {
      map.delete(key);
    },
  };
}

let fallback: KeyValueStorage | undefined;

function runtimeStorage(): KeyValueStorage {
  if (typeof OfficeRuntime !== "undefined" && OfficeRuntime.storage) return OfficeRuntime.storage;
  // One for the page, shared by the task pane, functions and commands like OfficeRuntime.storage.
  fallback ??= memoryStorage();
  return fallback;
}

function store(): SettingsStore {
  // Looked up on every call: the preview host installs its fake OfficeRuntime before the bundles run.
  return createSettingsStore(runtimeStorage(), { overlay: withItConnection });
}

/**
 * The stored settings (connection, polling interval, approval time-out). Defaults point at the
 * local simulator; unreadable or invalid stored settings give the defaults plus `warning`.
 */
export async function loadSettingsWithWarning(): Promise<ParsedSettings> {
  return await store().load();
}

/** The stored settings, or the defaults when nothing usable is stored. Never throws on bad data. */
export async function loadSettings(): Promise<StoredSettings> {
  return (await store().load()).settings;
}

/** Validates and stores `settings`; invalid settings are refused (nothing stored) with their problems. */
export async function saveSettings(settings: StoredSettings): Promise<SaveResult> {
  return await store().save(settings);
}

/** Forgets the stored settings: back to the defaults (the local simulator). */
export async function resetSettings(): Promise<StoredSettings> {
  return await store().reset();
}

/**
 * Calls `listener(settings, previous)` after every save or reset in this runtime (task pane,
 * custom functions and commands share it), so a change applies to the next call without a reload.
 * Returns the unsubscribe function.
 */
export function onSettingsChanged(listener: SettingsListener): () => void {
  return store().onChanged(listener);
}
