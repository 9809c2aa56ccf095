/**
 * The stored settings of the add-in (connection + invoice run timing) and the rules for keeping them
 * in a key/value storage. Pure: the storage is handed in, so Node tests use a fake and Excel uses
 * `OfficeRuntime.storage` (src/excel/settings-store.ts). Never the workbook
 * (docs/developers/rules.md#where-settings-live).
 */
import type { ConnectionSettings } from "../api";
import { DEFAULT_SETTINGS, validateSettings } from "../api";
import { isSecretHeaderName, REDACTED } from "../api";
import {
  DEFAULT_APPROVAL_TIMEOUT_MS,
  DEFAULT_POLL_INTERVAL_MS,
  POLL_INTERVAL_RANGE_MS,
} from "../invoices";

/** Everything the add-in keeps between sessions. */
export interface StoredSettings {
  connection: ConnectionSettings;
  /** How often a run polls an approving invoice (~2.5 s, 2–3 s). */
  pollIntervalMs: number;
  /** How long a run waits for an approval before it marks the invoice "still approving". */
  approvalTimeoutMs: number;
}

/** A field and what is wrong with it (never its value). */
export interface StoredSettingsProblem {
  field: string;
  message: string;
}

/** Result of {@link checkStoredSettings}. */
export type StoredSettingsCheck =
  { ok: true; settings: StoredSettings } | { ok: false; problems: StoredSettingsProblem[] };

/** Poll every ~2.5 s, configurable between 2 and 3 s (the engine's own range and default). */
export const POLL_INTERVAL_MS = {
  ...POLL_INTERVAL_RANGE_MS,
  default: DEFAULT_POLL_INTERVAL_MS,
} as const;

/** Approval wait before "still approving": 10 s to 30 min, default the engine's. */
export const APPROVAL_TIMEOUT_MS = {
  min: 10_000,
  max: 30 * 60_000,
  default: DEFAULT_APPROVAL_TIMEOUT_MS,
} as const;

/** The key under which the settings live in the add-in's storage; versioned so a new shape can migrate. */
export const SETTINGS_STORAGE_KEY = "billing-for-excel.settings.v1";

/**
 * The settings of a first run: the local simulator, no credentials
 * (docs/developers/rules.md#the-simulator).
 */
export function defaultStoredSettings(): StoredSettings {
  return {
    connection: {
      baseUrl: DEFAULT_SETTINGS.baseUrl,
      headers: { ...DEFAULT_SETTINGS.headers },
      credential: { ...DEFAULT_SETTINGS.credential },
    },
    pollIntervalMs: POLL_INTERVAL_MS.default,
    approvalTimeoutMs: APPROVAL_TIMEOUT_MS.default,
  };
}

function checkRange(
  value: unknown,
  field: string,
  range: { min: number; max: number },
  unit: (ms: number) => string,
  problems: StoredSettingsProblem[]
): number | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    problems.push({ field, message: "must be a number" });
    return undefined;
  }
  if (value < range.min || value > range.max) {
    problems.push({ field, message: `must be between ${unit(range.min)} and ${unit(range.max)}` });
    return undefined;
  }
  return Math.round(value);
}

const seconds = (ms: number): string => `${ms / 1000} s`;
const minutesOrSeconds = (ms: number): string =>
  ms >= 60_000 ? `${ms / 60_000} min` : `${ms / 1000} s`;

/**
 * Checks stored settings: the connection with `validateSettings` (src/api), the timing against
 * its ranges. Returns the normalised settings or every problem (field + message, no values).
 */
export function checkStoredSettings(input: unknown): StoredSettingsCheck {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, problems: [{ field: "settings", message: "must be an object" }] };
  }
  const raw = input as Record<string, unknown>;
  const problems: StoredSettingsProblem[] = [];
  const connection = validateSettings(raw.connection);
  if (!connection.ok) problems.push(...connection.problems);
  const pollIntervalMs = checkRange(
    raw.pollIntervalMs,
    "pollIntervalMs",
    POLL_INTERVAL_MS,
    seconds,
    problems
  );
  const approvalTimeoutMs = checkRange(
    raw.approvalTimeoutMs,
    "approvalTimeoutMs",
    APPROVAL_TIMEOUT_MS,
    minutesOrSeconds,
    problems
  );
  if (!connection.ok || pollIntervalMs === undefined || approvalTimeoutMs === undefined) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    settings: { connection: connection.settings, pollIntervalMs, approvalTimeoutMs },
  };
}

/** Result of {@link parseStoredSettings}: always usable settings, plus a warning when they are the defaults by force. */
export interface ParsedSettings {
  settings: StoredSettings;
  /** Set when stored text was unreadable or invalid and the defaults are used instead. No values in it. */
  warning?: string;
}

/**
 * Reads what the storage holds. Nothing stored → defaults; unreadable JSON or invalid settings →
 * defaults plus a warning naming the fields at fault (never their values). Never throws.
 */
export function parseStoredSettings(text: string | null | undefined): ParsedSettings {
  if (text === null || text === undefined || text === "")
    return { settings: defaultStoredSettings() };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {
      settings: defaultStoredSettings(),
      warning:
        "The saved connection settings could not be read; the defaults (local simulator) are used. Save them again in Connection.",
    };
  }
  const check = checkStoredSettings(parsed);
  if (!check.ok) {
    const fields = [...new Set(check.problems.map((p) => p.field))].join(", ");
    return {
      settings: defaultStoredSettings(),
      warning: `The saved connection settings are not valid (${fields}); the defaults (local simulator) are used. Save them again in Connection.`,
    };
  }
  return { settings: check.settings };
}

/** True when two settings talk to the same service the same way (caches must be cleared otherwise). */
export function isSameConnection(a: ConnectionSettings, b: ConnectionSettings): boolean {
  return JSON.stringify(canonicalConnection(a)) === JSON.stringify(canonicalConnection(b));
}

function canonicalConnection(c: ConnectionSettings): unknown {
  const headers = Object.entries(c.headers)
    .map(([k, v]) => [k.toLowerCase(), v])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const secret = [...(c.secretHeaders ?? [])].map((s) => s.toLowerCase()).sort();
  return { baseUrl: c.baseUrl, headers, secret, credential: c.credential };
}

/**
 * A one-line description of the settings that is safe to show or log: base URL, header names
 * (secret values as "••••"), the kind of credential, timing. Never a token or a secret value.
 */
export function describeSettings(s: StoredSettings): string {
  const c = s.connection;
  const headers = Object.entries(c.headers).map(([name, value]) =>
    isSecretHeaderName(name, c.secretHeaders ?? []) ? `${name}: ${REDACTED}` : `${name}: ${value}`
  );
  const credential =
    c.credential.kind === "bearer"
      ? `bearer token ${REDACTED}`
      : c.credential.kind === "gateway"
        ? "through the company gateway"
        : "no credential";
  const parts = [c.baseUrl, credential];
  if (headers.length > 0) parts.push(`headers ${headers.join(", ")}`);
  parts.push(
    `poll every ${s.pollIntervalMs / 1000} s`,
    `approval time-out ${minutesOrSeconds(s.approvalTimeoutMs)}`
  );
  return parts.join("; ");
}

/** The subset of `OfficeRuntime.storage` the store needs (async, string values). */
export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** Called after settings change, with the new and the previous settings. */
export type SettingsListener = (settings: StoredSettings, previous: StoredSettings) => void;

/** Result of {@link SettingsStore.save}. */
export type SaveResult =
  { ok: true; settings: StoredSettings } | { ok: false; problems: StoredSettingsProblem[] };

/** Load, save and watch the stored settings. */
export interface SettingsStore {
  /** The stored settings, or the defaults (with a warning) when nothing usable is stored. */
  load(): Promise<ParsedSettings>;
  /** Validates, then stores and notifies listeners; refuses (stores nothing) when invalid. */
  save(settings: StoredSettings): Promise<SaveResult>;
  /** Forgets the stored settings (back to the defaults) and notifies listeners. */
  reset(): Promise<StoredSettings>;
  /** Subscribes to changes made through any store on the same registry; returns the unsubscribe. */
  onChanged(listener: SettingsListener): () => void;
}

/** Options of {@link createSettingsStore}. */
export interface SettingsStoreOptions {
  /**
   * Where listeners live. By default the one set of this module: the task pane, the custom
   * functions and the commands share one webpack runtime, so they share this module too.
   */
  listeners?: Set<SettingsListener>;
  /** Laid over every loaded, saved and reset settings: IT's connection (it-settings.ts). */
  overlay?: (settings: StoredSettings) => StoredSettings;
}

const LISTENERS = new Set<SettingsListener>();

/** The listener set shared by the task pane, the custom functions and the commands. */
export function sharedListeners(): Set<SettingsListener> {
  return LISTENERS;
}

/** A settings store over `storage`. */
export function createSettingsStore(
  storage: KeyValueStorage,
  options: SettingsStoreOptions = {}
): SettingsStore {
  const listeners = options.listeners ?? sharedListeners();
  const overlay = options.overlay ?? ((settings: StoredSettings) => settings);

  async function load(): Promise<ParsedSettings> {
    const parsed = await loadStored();
    return { ...parsed, settings: overlay(parsed.settings) };
  }

  async function loadStored(): Promise<ParsedSettings> {
    let text: string | null;
    try {
      text = await storage.getItem(SETTINGS_STORAGE_KEY);
    } catch {
      return {
        settings: defaultStoredSettings(),
        warning: "The add-in's storage could not be read; the defaults (local simulator) are used.",
      };
    }
    return parseStoredSettings(text);
  }

  function notify(settings: StoredSettings, previous: StoredSettings): void {
    for (const listener of [...listeners]) {
      try {
        listener(settings, previous);
      } catch {
        // One faulty subscriber must not stop the others nor fail the save that already happened.
      }
    }
  }

  async function save(settings: StoredSettings): Promise<SaveResult> {
    const check = checkStoredSettings(overlay(settings));
    if (!check.ok) return check;
    const previous = (await load()).settings;
    await storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(check.settings));
    notify(check.settings, previous);
    return { ok: true, settings: check.settings };
  }

  async function reset(): Promise<StoredSettings> {
    const previous = (await load()).settings;
    await storage.removeItem(SETTINGS_STORAGE_KEY);
    const settings = overlay(defaultStoredSettings());
    notify(settings, previous);
    return settings;
  }

  function onChanged(listener: SettingsListener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  return { load, save, reset, onChanged };
}
