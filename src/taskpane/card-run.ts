/**
 * Runs any action of the one engine for the run card (its seam: `startRun`): the pre-flight check
 * for runs from the sheet's lines, the run with its row updates and progress, the engine's summary,
 * the results list, the Billing log and the numbers brought into view.
 */
import { companyTimeZone } from "../api";
import { currentLanguage, t } from "../i18n";
import {
  columnLetter,
  startRun,
  type EngineSummary,
  type RowUpdate,
  type RunInput,
} from "../invoices";
import {
  appendActionLog,
  appendRunLog,
  createRowWriter,
  referenceScopeOf,
  revealResults,
  type SelectionRead,
} from "../excel";
import { setText } from "./dom";
import { errorText } from "./error-text";
import { actionResultViews, invoiceDetails, invoiceFacts } from "./action-results-view";
import { hideResults, showResults } from "./card-results";
import { keepingRefusals } from "./refusal-rows";
import { connectionAfterRun, preflightRefusal } from "./invoice-run-words";
import { customerNames } from "./lookups-model";
import { logUser, paneClient, paneSecrets, paneSettings, preflightCheck } from "./pane-connection";
import type { RunCard } from "./run-card";
import { isAfterApproval, type CardSlot } from "./run-card-model";
import { customerIdsOf, invoiceResultViews } from "./run-results-view";
import { byId } from "./ui";

/** How often the progress line's time moves on while a run goes on. */
const TICK_MS = 1000;

/** A run the card starts: the rows it was read from, what the engine acts on. */
export interface CardRunInput {
  read: SelectionRead;
  input: RunInput;
  /** Rows refused before the run (from the sheet or the service): their reasons are written first. */
  refusals?: RowUpdate[];
}

/** Where a failure of this run is shown. */
function slotOf(input: RunInput): CardSlot {
  if (isAfterApproval(input.action)) return "action";
  return input.action === "create-and-approve" || input.action === "create-drafts"
    ? "create"
    : "drafts";
}

/** Runs `run` from the card's confirmation; resolves to the engine's summary, or undefined. */
export async function runOnCard(
  card: RunCard,
  { read, input, refusals = [] }: CardRunInput
): Promise<EngineSummary | undefined> {
  const controller = new AbortController();
  card.controller = controller;
  const settings = paneSettings();
  const fromLines = "plan" in input;
  // The run's write-back is one undo step where Excel has undo for add-ins (ExcelApi 1.20).
  const writer = createRowWriter(read, {
    oneUndoStep: true,
    ...(fromLines ? {} : { afterApproval: true }),
  });
  hideResults(card.doc);
  card.dispatch({ type: "run-started" });
  card.setRun("running");
  // The progress line moves every second, also while the service approves and nothing else does.
  const started = Date.now();
  const ticking = setInterval(
    () => card.dispatch({ type: "tick", elapsedMs: Date.now() - started }),
    TICK_MS
  );
  if (!fromLines) byId("cancel", card.doc).focus();
  try {
    if (fromLines && !(await preflightPassed(card))) return undefined;
    await writer.onRowUpdates(refusals);
    // A refusal the engine writes again keeps what the pane added to it (refusal-rows.ts).
    const kept = keepingRefusals(refusals);
    const numberColumn = fromLines ? await numberColumnOf(writer) : undefined;
    const summary = await startRun(paneClient(), input, {
      // Derived references: a second pane on this workbook, or a run after Ctrl+Z, finds the
      // invoices already created instead of billing them twice (docs/controllers/taskpane.md).
      ...(fromLines ? { referenceScope: await referenceScopeOf(read) } : {}),
      timeZone: companyTimeZone(settings.connection),
      signal: controller.signal,
      language: currentLanguage(),
      pollIntervalMs: settings.pollIntervalMs,
      approvalTimeoutMs: settings.approvalTimeoutMs,
      ...(numberColumn !== undefined ? { numberColumn } : {}),
      onProgress: ({ done, total, text, pause }) =>
        card.dispatch({ type: "progress", progress: { done, total, text }, pause }),
      onRowUpdates: (updates) => writer.onRowUpdates(kept(updates)),
    }).done;
    // The Billing log in the run's undo step: one Ctrl+Z undoes the write-back and its log rows,
    // not the log alone first (the write-back was the step before it).
    const logged = recordRun(read, summary, writer);
    await logged.catch(() => undefined);
    await writer.close();
    showConnectionSeen(card.doc, connectionAfterRun(summary));
    card.dispatch({ type: "run-finished", summary });
    if (!fromLines) card.opener?.focus();
    const listed = listResults(card, summary, input, read);
    await logged;
    await revealRun(read, summary);
    await listed;
    return summary;
  } catch (e) {
    const message = errorText(e, { secrets: paneSecrets() });
    card.dispatch({ type: "failed", slot: slotOf(input), message });
    return undefined;
  } finally {
    clearInterval(ticking);
    await writer.close().catch(() => undefined);
    card.controller = undefined;
    // Everything after the run is written (rows, Billing log, the list with names).
    card.setRun("settled");
  }
}

/**
 * Pre-flight: when the service cannot be used, nothing is attempted
 * (docs/developers/rules.md#truth-of-a-run); what is transient is retried first.
 */
async function preflightPassed(card: RunCard): Promise<boolean> {
  const report = await preflightCheck(paneSettings().connection);
  if (report.ok) return true;
  showConnectionSeen(card.doc, { ok: false, text: report.title });
  const message = preflightRefusal(report.title, report.verdict);
  card.dispatch({ type: "failed", slot: "create", message });
  return false;
}

/** The run's invoices in the card, problems first; customer names follow once looked up. */
async function listResults(
  card: RunCard,
  summary: EngineSummary,
  input: RunInput,
  read: SelectionRead
): Promise<void> {
  const { detail } = summary;
  let draw: (names: ReadonlyMap<string, string>) => void;
  let customerIds: string[];
  if (detail.kind === "plan" && "plan" in input) {
    draw = (names) =>
      showResults(card.doc, invoiceResultViews(summary.rows, input.plan, names), read);
    customerIds = customerIdsOf(input.plan);
  } else if (detail.kind === "ids" && "preparation" in input) {
    const facts = invoiceFacts(read.snapshot);
    const details = invoiceDetails(input.preparation);
    draw = (names) =>
      showResults(card.doc, actionResultViews(summary.rows, facts, details, names), read);
    customerIds = [...new Set([...details.values()].flatMap((d) => d.customerId ?? []))];
  } else return;
  draw(new Map());
  // Names follow once looked up (one read of the customer list, cached until Refresh).
  const names = await customerNames(paneClient(), customerIds);
  if (card.state().result === summary && names.size > 0) draw(names);
}

/** The audit trail (sheet "Billing log"), in the run's undo step (`writer`). */
async function recordRun(
  read: SelectionRead,
  summary: EngineSummary,
  writer: ReturnType<typeof createRowWriter>
): Promise<void> {
  const { detail } = summary;
  const common = {
    when: detail.summary.startedAt,
    runId: detail.summary.runId,
    sheetName: read.sheetName,
    secrets: paneSecrets(),
    ...logUser(),
    // The change column's words; the log's headers and statuses stay the same in every language.
    language: currentLanguage(),
    // The run's time as the company's clock shows it.
    timeZone: companyTimeZone(paneSettings().connection),
  };
  if (detail.kind === "ids") {
    const s = detail.summary;
    await appendActionLog(
      {
        ...common,
        action: s.action,
        ...(s.channel !== undefined ? { channel: s.channel } : {}),
        results: s.results,
        facts: invoiceFacts(read.snapshot),
      },
      (batch) => writer.inStep(batch)
    );
    return;
  }
  await appendRunLog({ ...common, results: detail.summary.results }, (batch) =>
    writer.inStep(batch)
  );
}

/** After a run from the lines, its numbers into view. */
async function revealRun(read: SelectionRead, summary: EngineSummary): Promise<void> {
  const { detail } = summary;
  if (detail.kind === "ids") return;
  await revealResults(
    read,
    detail.summary.results.flatMap((r) => r.rowNumbers)
  );
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
    setText(
      status,
      seen.ok
        ? t("pane.connection.connected", { url: baseUrl })
        : t("pane.connection.problem", { url: baseUrl, problem: seen.text })
    );
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
