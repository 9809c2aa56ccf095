/**
 * The task pane's view of the connection: the stored settings, a client built from them, and the
 * secrets to redact; rebuilt whenever the settings change anywhere in the runtime.
 */
import { DEFAULT_RETRY, createBillingClient } from "../api";
import type { BillingClient, ClientOptions, ConnectionSettings } from "../api";
import { logUserName, prepareSignIn, userTokenProvider } from "../auth";
import { loadSettingsWithWarning, onSettingsChanged } from "../excel";
import { secretValues } from "../api";
import { defaultStoredSettings, type StoredSettings } from "../excel";
import { testConnection, type ConnectionReport } from "./connection-test";

/** A quick answer or none: the status line must not hang on an unreachable host. */
const STATUS_TIMEOUT_MS = 5_000;

let settings: StoredSettings = defaultStoredSettings();
let client: BillingClient = createBillingClient(settings.connection);
const listeners = new Set<(s: StoredSettings) => void>();

/** A client for `connection`: with the gateway credential, every request carries the user's token. */
function clientFor(connection: ConnectionSettings, options: ClientOptions = {}): BillingClient {
  const userToken = userTokenProvider(connection.credential);
  return createBillingClient(connection, userToken ? { ...options, userToken } : options);
}

function adopt(next: StoredSettings): void {
  client.clearCache();
  settings = next;
  client = clientFor(next.connection);
  const credential = next.connection.credential;
  // Ready before the first click on Sign in (its popup must open at once), and an earlier sign-in
  // (msal's cache) is found again, so the header can say who is signed in.
  void prepareSignIn(credential.kind === "gateway" ? credential.signIn : undefined);
  for (const l of listeners) l(next);
}

/** Loads the stored settings and follows their changes; resolves to a warning when they were unusable. */
export async function initPaneConnection(): Promise<string | undefined> {
  const loaded = await loadSettingsWithWarning();
  adopt(loaded.settings);
  onSettingsChanged((next) => adopt(next));
  return loaded.warning;
}

/** The current settings. */
export function paneSettings(): StoredSettings {
  return settings;
}

/** The client for the current settings. */
export function paneClient(): BillingClient {
  return client;
}

/** The secret values of the current settings, for redaction of any text shown. */
export function paneSecrets(): string[] {
  return secretValues(settings.connection);
}

/**
 * Who the Billing log names: the account signed in for the company gateway, else Office's own
 * account where the host tells it (`getAuthContext`), else nobody.
 */
export function logUser(): { userName?: string } {
  const userName = logUserName();
  return userName !== undefined ? { userName } : {};
}

/** Calls `listener` after the settings changed (saved in the pane or elsewhere in the runtime). */
export function onPaneConnectionChange(listener: (s: StoredSettings) => void): void {
  listeners.add(listener);
}

/** Whether anything answers at `baseUrl`: an opaque no-cors request succeeds even when CORS would block. */
async function hostAnswers(baseUrl: string): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), STATUS_TIMEOUT_MS);
  try {
    await fetch(baseUrl, { mode: "no-cors", signal: controller.signal, cache: "no-store" });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Tests `connection` with one cheap call (tax codes), a short time-out and no retries. `withheld`
 * names the saved secrets the form left out because they belong to the saved origin; the report
 * says they were not sent.
 */
export async function probeConnection(
  connection: ConnectionSettings,
  withheld: readonly string[] = []
): Promise<ConnectionReport> {
  return await probe(connection, withheld, { timeoutMs: STATUS_TIMEOUT_MS, retry: { limit: 0 } });
}

/** Verdicts of a probe that say "not now" rather than "not at all": asked again before a run stops. */
const TRANSIENT = new Set(["server-error", "timeout"]);

/**
 * The pre-flight check before a run: the quick probe first; what is transient (503,
 * 502, 504, a time-out) is asked again with the read policy's retries before it stops a run, so
 * one 503 does not cancel a run that would have worked a moment later. A refused connection or an
 * unknown host stops it at once ("unreachable"). A busy service (429) does not stop it: the run
 * waits out the limit. Every request takes its turn at the service's rate governor, like the run's.
 */
export async function preflightCheck(connection: ConnectionSettings): Promise<ConnectionReport> {
  let report = await probe(connection, [], { timeoutMs: STATUS_TIMEOUT_MS, retry: { limit: 0 } });
  if (TRANSIENT.has(report.verdict))
    report = await probe(connection, [], { timeoutMs: STATUS_TIMEOUT_MS, retry: DEFAULT_RETRY });
  return report.verdict === "busy" ? { ...report, ok: true } : report;
}

async function probe(
  connection: ConnectionSettings,
  withheld: readonly string[],
  options: ClientOptions
): Promise<ConnectionReport> {
  const probeClient = clientFor(connection, options);
  return await testConnection(
    { client: probeClient, hostAnswers },
    {
      baseUrl: connection.baseUrl,
      origin: location.origin,
      headerNames: Object.keys(connection.headers),
      withheld,
      savedFor: settings.connection.baseUrl,
    }
  );
}
