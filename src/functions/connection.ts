import { createBillingClient, DEFAULT_SETTINGS } from "../api";
import type { BillingClient, ClientOptions, ConnectionSettings } from "../api";

/**
 * How long reference data (contracts, products, billing items, tariffs, lookup lists) is reused
 * between recalculations; Refresh forgets it at once.
 */
export const REFERENCE_CACHE_TTL_MS = 5 * 60 * 1000;

/** Reads the connection settings the functions use. */
export type SettingsLoader = () => Promise<ConnectionSettings>;

/** Builds a client from settings; the real one unless a test hands in a fake. */
export type ClientFactory = (settings: ConnectionSettings, options: ClientOptions) => BillingClient;

/**
 * The connection settings for the custom functions. For now the embedded simulator's defaults; the
 * settings engineer replaces this body with the stored settings (OfficeRuntime.storage).
 */
export async function loadSettings(): Promise<ConnectionSettings> {
  return { ...DEFAULT_SETTINGS, headers: { ...DEFAULT_SETTINGS.headers } };
}

interface Connection {
  key: string;
  settings: ConnectionSettings;
  client: BillingClient;
}

let loader: SettingsLoader = loadSettings;
let extraOptions: ClientOptions = {};
let factory: ClientFactory = createBillingClient;
let current: Connection | undefined;

/**
 * Replaces how settings are loaded and adds client options (tests, the benchmark). Omitted fields
 * return to the defaults. Forgets the current client.
 */
export function configureConnection(
  options: {
    loadSettings?: SettingsLoader;
    client?: ClientOptions;
    createClient?: ClientFactory;
  } = {}
): void {
  loader = options.loadSettings ?? loadSettings;
  extraOptions = options.client ?? {};
  factory = options.createClient ?? createBillingClient;
  resetConnection();
}

/**
 * The client every custom function shares, so that one recalculation fetches each resource once:
 * one instance per settings value, with in-flight de-duplication and a short reference-data cache.
 */
export async function getClient(): Promise<BillingClient> {
  const settings = await loader();
  const key = JSON.stringify(settings);
  if (current?.key !== key) {
    current?.client.clearCache();
    current = {
      key,
      settings,
      client: factory(settings, { cacheTtlMs: REFERENCE_CACHE_TTL_MS, ...extraOptions }),
    };
  }
  return current.client;
}

/** The base URL of the current connection, for messages ("Cannot reach ... at <host>"). */
export function currentBaseUrl(): string | undefined {
  return current?.settings.baseUrl;
}

/** Forgets cached data and the client, so the next call reloads the settings (Refresh). */
export function resetConnection(): void {
  current?.client.clearCache();
  current = undefined;
}
