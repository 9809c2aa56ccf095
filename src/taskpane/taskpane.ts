/**
 * The task pane's entry: `Office.onReady` only wires the page — Fluent components, the three tabs,
 * the connection line and the Refresh button. Everything else happens in the panels.
 */
import { currentUser, hostAccount, isSignInPopup, onUserChanged, type SignedInUser } from "../auth";
import { refresh, speakOfficeLanguage } from "../functions";
import { currentLanguage, loadReasonWords, t } from "../i18n";
import { mountConnectionPanel } from "./connection-panel";
import { setText } from "./dom";
import { errorText } from "./error-text";
import { applyTheme, fluentReady, registerFluent } from "./fluent";
import { mountInvoicesPanel } from "./invoices-panel";
import { mountActionsPanel } from "./actions-panel";
import { mountLookupsPanel } from "./lookups-panel";
import { mountCostReportPanel } from "./cost-report-panel";
import { connectOfficeSignIn } from "./office-auth-host";
import {
  initPaneConnection,
  paneClient,
  onPaneConnectionChange,
  paneSecrets,
  paneSettings,
  probeConnection,
} from "./pane-connection";
import { refreshOutcome } from "./refresh-outcome";
import { translatePage } from "./page-words";
import { loadStyles } from "./styles";
import { chooseTheme, type OfficeThemeLike } from "./theme-choice";
import { byId, showText } from "./ui";
import { offeredToReaders } from "./role-offer";
import { cardInFlight, watchRunWindow } from "./run-window";
import { runCardOf } from "./run-card";

/** Counts the header checks: only the newest one may write the line. */
let statusCheck = 0;

/**
 * The line at the top: where the pane talks to, and whether it answers. Checked again at every
 * sign-in and sign-out, so it never says "Connected" for a signed-out user nor stays red after a
 * sign-in. A gateway that only waits for a sign-in is grey, not red: nothing is wrong yet.
 */
async function showConnectionStatus(): Promise<{ ok: boolean; title: string }> {
  const status = byId("connection-status");
  const dot = byId("connection-dot");
  const check = ++statusCheck;
  const { connection } = paneSettings();
  dot.classList.remove("ok", "bad");
  setText(status, t("pane.connection.checkingUrl", { url: connection.baseUrl }));
  const report = await probeConnection(connection);
  if (check !== statusCheck) return report; // settings or sign-in changed meanwhile; a newer check runs
  const waitsForSignIn =
    report.verdict === "auth" &&
    connection.credential.kind === "gateway" &&
    currentUser() === undefined;
  if (!waitsForSignIn) dot.classList.add(report.ok ? "ok" : "bad");
  const text = report.ok
    ? t("pane.connection.connected", { url: connection.baseUrl })
    : t("pane.connection.problem", { url: connection.baseUrl, problem: report.title });
  setText(status, text);
  // One line at 320 px: the line is cut with an ellipsis, the whole text is its tooltip.
  status.setAttribute("title", text);
  status.setAttribute("data-state", waitsForSignIn ? "sign-in" : report.verdict);
  return report;
}

/** Office's theme, where the host tells it (not every host and version does). */
function officeTheme(): OfficeThemeLike | undefined {
  try {
    return Office.context?.officeTheme as OfficeThemeLike | undefined;
  } catch {
    return undefined;
  }
}

async function start(): Promise<void> {
  // The page's words in Office's display language (Dutch for nl-…), before anything shows.
  speakOfficeLanguage();
  // The reasons made below the pane (cost rules, settings checks, sign-in advice) in Dutch: a
  // chunk of their own, loaded now when Office speaks Dutch (src/i18n/reasons.ts).
  void loadReasonWords(currentLanguage());
  translatePage(document);
  applyTheme(chooseTheme(location.search, officeTheme()));
  loadStyles();
  registerFluent();
  await fluentReady();
  const warning = await initPaneConnection();
  showText(byId("settings-warning"), warning);
  mountInvoicesPanel();
  mountActionsPanel();
  mountLookupsPanel();
  mountCostReportPanel();
  const connection = mountConnectionPanel();
  // A run survives the window: Excel asks before the workbook closes mid-run.
  void watchRunWindow(cardInFlight(runCardOf(document)), byId("window-note"));
  // The header names who is signed in (the company gateway's sign-in; nothing without it).
  const signedIn = byId("signed-in-user");
  const showUser = (user: SignedInUser | undefined) =>
    showText(signedIn, user ? t("pane.signedInAs", { user: user.username }) : undefined);
  showUser(currentUser());
  onUserChanged((user) => {
    showUser(user);
    void showConnectionStatus();
  });
  // Office's account (getAuthContext, where the host gives it) names the Billing log's user
  // when nobody signs in for the gateway.
  void hostAccount();
  onPaneConnectionChange(() => {
    connection.reload();
    void showConnectionStatus();
  });

  const refreshButton = byId("refresh");
  const note = byId("refresh-note");
  // With no role of the add-in the functions' calls are refused: Refresh is not offered then.
  const refreshing = offeredToReaders(runCardOf(document), [refreshButton]);
  refreshButton.addEventListener(
    "click",
    () =>
      void refreshing.run(async () => {
        note.classList.remove("error");
        showText(note, t("pane.refreshing"));
        let recalculationError: string | undefined;
        try {
          paneClient().clearCache();
          await refresh();
        } catch (e) {
          recalculationError = errorText(e, { secrets: paneSecrets() });
        }
        const outcome = refreshOutcome({
          recalculationError,
          connection: await showConnectionStatus(),
        });
        note.classList.toggle("error", outcome.error);
        showText(note, outcome.text);
      })
  );
  // Every control is wired: say so (the browser tests wait for it before the first click; a
  // click that lands earlier is lost on a busy machine).
  document.body.dataset.paneReady = "true";
  await showConnectionStatus();
}

// The sign-in asks Office (nested app authentication, its account, its dialog) through the edge.
connectOfficeSignIn();

Office.onReady(() => {
  // The sign-in popup, back on this page with the answer: the pane that opened it takes it.
  if (isSignInPopup()) return;
  void start();
});
