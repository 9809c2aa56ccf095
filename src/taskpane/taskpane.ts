/**
 * The task pane's entry: `Office.onReady` only wires the page — Fluent components, the three tabs,
 * the connection line and the Refresh button. Everything else happens in the panels.
 */
import { refresh } from "../functions/refresh";
import { mountConnectionPanel } from "./connection-panel";
import { setText } from "./dom";
import { describeError } from "./error-text";
import { registerFluent } from "./fluent";
import { mountInvoicesPanel } from "./invoices-panel";
import { mountLookupsPanel } from "./lookups-panel";
import {
  initPaneConnection,
  onPaneConnectionChange,
  paneSecrets,
  paneSettings,
  probeConnection,
} from "./pane-connection";
import { loadStyles } from "./styles";
import { byId, showText, whileDisabled } from "./ui";

/** The line at the top: where the pane talks to, and whether it answers. */
async function showConnectionStatus(): Promise<void> {
  const status = byId("connection-status");
  const dot = byId("connection-dot");
  const { baseUrl } = paneSettings().connection;
  dot.classList.remove("ok", "bad");
  setText(status, `Checking ${baseUrl}…`);
  const report = await probeConnection(paneSettings().connection);
  if (paneSettings().connection.baseUrl !== baseUrl) return; // settings changed meanwhile; a newer check runs
  dot.classList.add(report.ok ? "ok" : "bad");
  setText(status, report.ok ? `Connected: ${baseUrl}` : `${baseUrl} — ${report.title}`);
  status.setAttribute("data-state", report.verdict);
}

async function start(): Promise<void> {
  loadStyles();
  registerFluent();
  const warning = await initPaneConnection();
  showText(byId("settings-warning"), warning);
  mountInvoicesPanel();
  mountLookupsPanel();
  const connection = mountConnectionPanel();
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
        showText(note, "Refreshing: BILLING functions read the service again…");
        try {
          await refresh();
          showText(note, "Refreshed.");
        } catch (e) {
          showText(note, describeError(e, { secrets: paneSecrets() }));
        }
        await showConnectionStatus();
      })
  );
  await showConnectionStatus();
}

Office.onReady(() => {
  void start();
});
