/**
 * The task pane's entry: `Office.onReady` only wires the page — Fluent components, the three tabs,
 * the connection line and the Refresh button. Everything else happens in the panels.
 */
import {
  currentUser,
  isSignInPopup,
  onUserChanged,
  type SignedInUser,
  useHostNestedAppAuth,
} from "../auth";
import { isNestedAppAuthSupported } from "../excel";
import { refresh } from "../functions";
import { mountConnectionPanel } from "./connection-panel";
import { setText } from "./dom";
import { describeError } from "./error-text";
import { applyTheme, fluentReady, registerFluent } from "./fluent";
import { mountInvoicesPanel } from "./invoices-panel";
import { mountActionsPanel } from "./actions-panel";
import { mountLookupsPanel } from "./lookups-panel";
import {
  initPaneConnection,
  paneClient,
  onPaneConnectionChange,
  paneSecrets,
  paneSettings,
  probeConnection,
} from "./pane-connection";
import { refreshOutcome } from "./refresh-outcome";
import { loadStyles } from "./styles";
import { chooseTheme, type OfficeThemeLike } from "./theme-choice";
import { byId, showText, whileDisabled } from "./ui";
import { watchRunWindow } from "./run-window";

/** The line at the top: where the pane talks to, and whether it answers. */
async function showConnectionStatus(): Promise<{ ok: boolean; title: string }> {
  const status = byId("connection-status");
  const dot = byId("connection-dot");
  const { baseUrl } = paneSettings().connection;
  dot.classList.remove("ok", "bad");
  setText(status, `Checking ${baseUrl}…`);
  const report = await probeConnection(paneSettings().connection);
  if (paneSettings().connection.baseUrl !== baseUrl) return report; // settings changed meanwhile; a newer check runs
  dot.classList.add(report.ok ? "ok" : "bad");
  const text = report.ok ? `Connected: ${baseUrl}` : `${baseUrl} — ${report.title}`;
  setText(status, text);
  // One line at 320 px: the line is cut with an ellipsis, the whole text is its tooltip.
  status.setAttribute("title", text);
  status.setAttribute("data-state", report.verdict);
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
  applyTheme(chooseTheme(location.search, officeTheme()));
  loadStyles();
  registerFluent();
  await fluentReady();
  const warning = await initPaneConnection();
  showText(byId("settings-warning"), warning);
  mountInvoicesPanel();
  mountActionsPanel();
  mountLookupsPanel();
  const connection = mountConnectionPanel();
  // A run survives the window: Excel asks before the workbook closes mid-run (issue 25 item 6).
  void watchRunWindow(document, byId("window-note"));
  // The header names who is signed in (the company gateway's sign-in; nothing without it).
  const signedIn = byId("signed-in-user");
  const showUser = (user: SignedInUser | undefined) =>
    showText(signedIn, user ? `Signed in as ${user.username}` : undefined);
  showUser(currentUser());
  onUserChanged(showUser);
  onPaneConnectionChange(() => {
    connection.reload();
    void showConnectionStatus();
  });

  const refreshButton = byId("refresh");
  const note = byId("refresh-note");
  refreshButton.addEventListener(
    "click",
    () =>
      void whileDisabled(refreshButton, async () => {
        note.classList.remove("error");
        showText(note, "Refreshing: BILLING functions read the service again…");
        let recalculationError: string | undefined;
        try {
          paneClient().clearCache();
          await refresh();
        } catch (e) {
          recalculationError = describeError(e, { secrets: paneSecrets() });
        }
        const outcome = refreshOutcome({
          recalculationError,
          connection: await showConnectionStatus(),
        });
        note.classList.toggle("error", outcome.error);
        showText(note, outcome.text);
      })
  );
  await showConnectionStatus();
}

// The sign-in asks Office whether it offers nested app authentication through the edge's check.
useHostNestedAppAuth(isNestedAppAuthSupported);

Office.onReady(() => {
  // The sign-in popup, back on this page with the answer: the pane that opened it takes it.
  if (isSignInPopup()) return;
  void start();
});
