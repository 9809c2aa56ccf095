/**
 * Runs the invoice engine for the card (Create and approve, Create drafts, Approve drafts, Approve
 * only valid): the pre-flight check, the run with its row updates, the summary, the results list,
 * the Billing log and the numbers brought into view. One engine: `mode` only says where it stops.
 */
import { columnLetter, runInvoices, type Plan, type RunMode, type RunSummary } from "../invoices";
import { appendRunLog, createRowWriter, revealResults, type SelectionRead } from "../excel";
import { setText } from "./dom";
import { describeError } from "./error-text";
import { connectionAfterRun, preflightRefusal } from "./invoice-run-words";
import { customerNames } from "./lookups-model";
import { logUser, paneClient, paneSecrets, paneSettings, preflightCheck } from "./pane-connection";
import { hideResults, showResults } from "./card-results";
import { customerIdsOf, invoiceResultViews } from "./run-results-view";
import type { RunCard } from "./run-card";

/** Runs `plan` from the card's confirmation; resolves to the summary, or undefined when refused. */
export async function runInvoicePlan(
  card: RunCard,
  read: SelectionRead,
  plan: Plan,
  mode: RunMode
): Promise<RunSummary | undefined> {
  const controller = new AbortController();
  card.controller = controller;
  const settings = paneSettings();
  const writer = createRowWriter(read);
  hideResults(card.doc);
  card.dispatch({ type: "run-started" });
  card.setRun("running");
  try {
    // Pre-flight: when the service cannot be used, nothing is attempted (DESIGN.md "Truth of a
    // run"); what is transient is retried first (issue 18).
    const report = await preflightCheck(settings.connection);
    if (!report.ok) {
      showConnectionSeen(card.doc, { ok: false, text: report.title });
      const message = preflightRefusal(report.title, report.verdict);
      card.dispatch({ type: "failed", slot: "create", message });
      return undefined;
    }
    const summary = await runInvoices(paneClient(), plan, {
      mode,
      pollIntervalMs: settings.pollIntervalMs,
      approvalTimeoutMs: settings.approvalTimeoutMs,
      signal: controller.signal,
      onProgress: (counts, pause) =>
        card.dispatch({ type: "progress", counts: { ...counts }, pause }),
      onRowUpdates: (updates) => writer.onRowUpdates(updates),
    });
    showConnectionSeen(card.doc, connectionAfterRun(summary));
    const numberColumn = await numberColumnOf(writer);
    card.dispatch({ type: "run-finished", summary, numberColumn });
    const listed = listResults(card, summary, plan, read);
    await recordRun(read, summary);
    await listed;
    return summary;
  } catch (e) {
    card.dispatch({
      type: "failed",
      slot: "create",
      message: describeError(e, { secrets: paneSecrets() }),
    });
    return undefined;
  } finally {
    card.controller = undefined;
    card.setRun("settled");
  }
}

/** The run's invoices in the card; customer names follow once looked up. */
async function listResults(
  card: RunCard,
  summary: RunSummary,
  plan: Plan,
  read: SelectionRead
): Promise<void> {
  showResults(card.doc, invoiceResultViews(summary.results, plan, new Map()), read);
  try {
    const names = await customerNames(paneClient(), customerIdsOf(plan));
    if (card.state().result === summary && names.size > 0)
      showResults(card.doc, invoiceResultViews(summary.results, plan, names), read);
  } catch {
    // The ids stay in the list; names are a courtesy.
  }
}

/** The header's connection line follows what the run (or its pre-flight check) saw. */
function showConnectionSeen(doc: Document, seen: { ok: boolean; text: string } | undefined): void {
  if (seen === undefined) return;
  const status = doc.getElementById("connection-status");
  const dot = doc.getElementById("connection-dot");
  const { baseUrl } = paneSettings().connection;
  dot?.classList.remove("ok", "bad");
  dot?.classList.add(seen.ok ? "ok" : "bad");
  if (status) {
    setText(status, seen.ok ? `Connected: ${baseUrl}` : `${baseUrl} — ${seen.text}`);
    status.setAttribute("data-state", seen.ok ? "ok" : "unreachable");
  }
}

/** The worksheet column of invoiceNum ("W"), once the result columns exist. */
async function numberColumnOf(writer: ReturnType<typeof createRowWriter>) {
  try {
    return columnLetter((await writer.prepare()).invoiceNum);
  } catch {
    return undefined;
  }
}

/** The audit trail (sheet "Billing log"), then the numbers brought into view in the sheet. */
async function recordRun(read: SelectionRead, summary: RunSummary): Promise<void> {
  await appendRunLog({
    when: summary.startedAt,
    runId: summary.runId,
    sheetName: read.sheetName,
    results: summary.results,
    secrets: paneSecrets(),
    ...logUser(),
  });
  await revealResults(
    read,
    summary.results.flatMap((r) => r.rowNumbers)
  );
}
