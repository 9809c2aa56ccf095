import { companyTimeZone, createBillingClient } from "../api";
import type { BillingClient, ClientOptions, ConnectionSettings } from "../api";
import { onUserChanged, prepareSignIn, useHostNestedAppAuth, userTokenProvider } from "../auth";
import {
  isNestedAppAuthSupported,
  isSameConnection,
  loadSettings as loadStoredSettings,
  onSettingsChanged,
  recalculate,
} from "../excel";
import { forgetAnswers } from "./value-preview";

// The sign-in asks Office whether it offers nested app authentication through this edge check
// (src/auth holds no Office global); the task pane hands in the same one.
useHostNestedAppAuth(isNestedAppAuthSupported);

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
 * The connection settings the task pane saved (OfficeRuntime.storage; the local simulator when
 * nothing is saved yet), so the functions and an invoice run always talk to the same service.
 */
export async function loadSettings(): Promise<ConnectionSettings> {
  return (await loadStoredSettings()).connection;
}

interface Connection {
  settings: ConnectionSettings;
  client: BillingClient;
}

interface ConnectionState {
  loader: SettingsLoader;
  extraOptions: ClientOptions;
  factory: ClientFactory;
  /** The settings in force, read once and kept until they change (not once per cell). */
  settings?: Promise<ConnectionSettings>;
  current?: Connection;
  subscribed: boolean;
}

// Plain module state: the task pane, functions and commands share one webpack runtime, so this
// module exists once and Refresh in the ribbon clears the very cache the functions use.
const STATE: ConnectionState = {
  loader: loadSettings,
  extraOptions: {},
  factory: createBillingClient,
  subscribed: false,
};

function state(): ConnectionState {
  return STATE;
}

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
  const s = state();
  s.loader = options.loadSettings ?? loadSettings;
  s.extraOptions = options.client ?? {};
  s.factory = options.createClient ?? createBillingClient;
  resetConnection();
}

/**
 * The client every custom function shares, so that one recalculation fetches each resource once:
 * one instance per settings value, with in-flight de-duplication and a short reference-data cache.
 */
export async function getClient(): Promise<BillingClient> {
  const s = state();
  if (!s.subscribed) {
    s.subscribed = true;
    // A change of service in the task pane applies to the next call, with nothing cached from the old one.
    onSettingsChanged((next, previous) => {
      if (!isSameConnection(next.connection, previous.connection)) resetConnection();
      else if (s.current) {
        // The same service (say, another time zone only): the client and its cache stay.
        s.current.settings = next.connection;
        s.settings = Promise.resolve(next.connection);
      }
    });
    // Another user (or none): nothing read under the previous sign-in is served from the cache.
    onUserChanged(() => resetConnection());
  }
  const pending = (s.settings ??= s.loader());
  let settings: ConnectionSettings;
  try {
    settings = await pending;
  } catch (error) {
    if (s.settings === pending) s.settings = undefined;
    throw error;
  }
  if (!s.current || !isSameConnection(s.current.settings, settings)) {
    s.current?.client.clearCache();
    const credential = settings.credential;
    if (credential.kind === "gateway") void prepareSignIn(credential.signIn);
    s.current = {
      settings,
      // The gateway credential: each request carries the signed-in user's token (silent only).
      client: s.factory(settings, {
        cacheTtlMs: REFERENCE_CACHE_TTL_MS,
        userToken: userTokenProvider(credential),
        ...s.extraOptions,
      }),
    };
  }
  return s.current.client;
}

/** The options the functions' client is built with (besides the cache), for the cells' time-out. */
export function functionClientOptions(): ClientOptions {
  return state().extraOptions;
}

/** Requests of the functions' client waiting for a connection now (0 before it exists). */
export function requestsWaiting(): number {
  return state().current?.client.requestsWaiting?.() ?? 0;
}

/**
 * The company's time zone of the current connection (IT's or the user's setting, else the
 * machine's), in which invoice dates are days; read after {@link getClient}.
 */
export function currentTimeZone(): string {
  return companyTimeZone(state().current?.settings ?? {});
}

/** The base URL of the current connection, for messages ("Cannot reach ... at <host>"). */
export function currentBaseUrl(): string | undefined {
  return state().current?.settings.baseUrl;
}

/** Forgets cached data, the client and the settings, so the next call reads them again (Refresh). */
export function resetConnection(): void {
  const s = state();
  forgetAnswers();
  s.current?.client.clearCache();
  s.current = undefined;
  s.settings = undefined;
}

/**
 * The Refresh command (ribbon button and task pane): forgets the cached reference data and asks Excel
 * to recalculate every formula, so the BILLING functions read the service again.
 */
export async function refresh(): Promise<void> {
  resetConnection();
  await recalculate();
}
