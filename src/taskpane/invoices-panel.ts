/**
 * The Invoices tab: Check, Create and approve (with an in-pane confirmation), Cancel, progress,
 * summary, Insert template. Handlers read the sheet, call the engine and dispatch events; what is
 * shown comes from run-view-model.ts, the run's state from the engine.
 */
import { planInvoices, runInvoices, type Plan, type RunSummary } from "../invoices";
import {
  createRowWriter,
  highlightRows,
  insertTemplate,
  readSelection,
  selectInvoiceRows,
  type SelectionRead,
} from "../excel";
import { h, replaceChildren, setText } from "./dom";
import { describeError } from "./error-text";
import { renderInvoiceResults } from "./invoice-results-list";
import { customerNames } from "./lookups-model";
import { paneClient, paneSecrets, paneSettings } from "./pane-connection";
import {
  INITIAL_RUN_STATE,
  reduceRun,
  runView,
  type RunEvent,
  type RunViewState,
} from "./run-view-model";
import { customerIdsOf, invoiceResultViews } from "./run-results-view";
import { applyButton, byId, show, showText } from "./ui";

/** Wires the Invoices tab of `doc`. */
export function mountInvoicesPanel(doc: Document = document): void {
  const el = {
    empty: byId("empty-state", doc),
    check: byId("check", doc),
    create: byId("create", doc),
    cancel: byId("cancel", doc),
    template: byId("insert-template", doc),
    checkError: byId("check-error", doc),
    createError: byId("create-error", doc),
    templateError: byId("template-error", doc),
    templateNote: byId("template-note", doc),
    busy: byId("busy", doc),
    confirm: byId("confirm", doc),
    confirmText: byId("confirm-text", doc),
    confirmYes: byId("confirm-yes", doc),
    confirmNo: byId("confirm-no", doc),
    checkSummary: byId("check-summary", doc),
    checkSummaryText: byId("check-summary-text", doc),
    checkSummaryDetails: byId("check-summary-details", doc),
    progressBlock: byId("progress-block", doc),
    progress: byId("progress", doc),
    progressText: byId("progress-text", doc),
    summary: byId("summary", doc),
    summaryText: byId("summary-text", doc),
    summaryDetails: byId("summary-details", doc),
    resultsBlock: byId("invoice-results-block", doc),
    results: byId("invoice-results", doc),
    selectError: byId("select-rows-error", doc),
  };

  let state: RunViewState = INITIAL_RUN_STATE;
  let prepared: { read: SelectionRead; plan: Plan } | undefined;
  let controller: AbortController | undefined;

  const list = (items: string[]) => items.map((t) => h(doc, "li", {}, t));

  function render(): void {
    const view = runView(state);
    show(el.empty, view.showEmptyState);
    // One primary action per view: while the confirmation asks, its "Create and approve" is it.
    applyButton(el.check, { ...view.check, primary: view.check.primary && !view.confirm });
    applyButton(el.create, view.create);
    applyButton(el.cancel, view.cancel);
    applyButton(el.template, view.insertTemplate);
    showText(el.checkError, view.errors.check);
    showText(el.createError, view.errors.create);
    showText(el.templateError, view.errors.template);
    showText(el.templateNote, view.templateNote);
    showText(el.busy, view.busyText);

    show(el.confirm, view.confirm !== undefined);
    setText(el.confirmText, view.confirm?.text ?? "");

    show(el.checkSummary, view.checkSummary !== undefined);
    setText(el.checkSummaryText, view.checkSummary?.text ?? "");
    replaceChildren(el.checkSummaryDetails, ...list(view.checkSummary?.details ?? []));

    show(el.progressBlock, view.progress !== undefined);
    if (view.progress) {
      el.progress.setAttribute("max", String(Math.max(view.progress.total, 1)));
      el.progress.setAttribute("value", String(view.progress.done));
      setText(
        el.progressText,
        `${view.progress.done} of ${view.progress.total} done — ${view.progress.text}`
      );
    }

    show(el.summary, view.summary !== undefined);
    // A run with anything left open is never green: the tone is the view model's verdict.
    el.summary.classList.toggle("ok", view.summary?.ok === true);
    el.summary.classList.toggle("warn", view.summary?.ok === false);
    setText(el.summaryText, view.summary?.text ?? "");
    replaceChildren(el.summaryDetails, ...list(view.summary?.details ?? []));
  }

  function dispatch(event: RunEvent): void {
    state = reduceRun(state, event);
    if (state.phase !== "done") hideResults();
    render();
  }

  function hideResults(): void {
    show(el.resultsBlock, false);
    showText(el.selectError, undefined);
    replaceChildren(el.results);
  }

  /** Lists the run's invoices (names follow once looked up); a line selects its rows in `sheetName`. */
  async function showResults(summary: RunSummary, plan: Plan, sheetName: string): Promise<void> {
    const draw = (names: Map<string, string>) =>
      renderInvoiceResults(
        doc,
        el.results,
        invoiceResultViews(summary.results, plan, names),
        (v) => {
          showText(el.selectError, undefined);
          selectInvoiceRows(v.rows, sheetName).catch((e: unknown) =>
            showText(el.selectError, describeError(e, { secrets: paneSecrets() }))
          );
        }
      );
    draw(new Map());
    show(el.resultsBlock, true);
    const names = await customerNames(paneClient(), customerIdsOf(plan));
    if (state.phase === "done" && state.result === summary && names.size > 0) draw(names);
  }

  const fail = (action: "check" | "create" | "template", e: unknown) =>
    dispatch({ type: "failed", action, message: describeError(e, { secrets: paneSecrets() }) });

  /** Reads the selection, plans it and marks the bad rows in the sheet. */
  async function readAndPlan(): Promise<{ read: SelectionRead; plan: Plan }> {
    const read = await readSelection();
    const plan = planInvoices(read.snapshot, { today: new Date() });
    const rows = read.snapshot.rows.map((r) => r.rowNumber);
    if (rows.length > 0) await highlightRows(read, rows, plan.rowProblems);
    return { read, plan };
  }

  el.check.addEventListener("click", async () => {
    dispatch({ type: "check-started" });
    try {
      const { plan } = await readAndPlan();
      dispatch({ type: "check-finished", plan });
    } catch (e) {
      fail("check", e);
    }
  });

  el.create.addEventListener("click", async () => {
    dispatch({ type: "check-started" });
    try {
      prepared = await readAndPlan();
      dispatch({ type: "create-requested", plan: prepared.plan });
    } catch (e) {
      prepared = undefined;
      fail("create", e);
    }
  });

  el.confirmNo.addEventListener("click", () => {
    prepared = undefined;
    dispatch({ type: "confirm-dismissed" });
  });

  el.confirmYes.addEventListener("click", async () => {
    if (!prepared || state.phase !== "confirming") return;
    const { read, plan } = prepared;
    prepared = undefined;
    controller = new AbortController();
    const settings = paneSettings();
    const writer = createRowWriter(read);
    dispatch({ type: "run-started" });
    try {
      const summary = await runInvoices(paneClient(), plan, {
        pollIntervalMs: settings.pollIntervalMs,
        approvalTimeoutMs: settings.approvalTimeoutMs,
        signal: controller.signal,
        onProgress: (counts) => dispatch({ type: "progress", counts: { ...counts } }),
        onRowUpdates: (updates) => writer.onRowUpdates(updates),
      });
      dispatch({ type: "run-finished", summary });
      void showResults(summary, plan, read.sheetName);
    } catch (e) {
      fail("create", e);
    } finally {
      controller = undefined;
    }
  });

  el.cancel.addEventListener("click", () => {
    controller?.abort();
    dispatch({ type: "cancel-requested" });
  });

  el.template.addEventListener("click", async () => {
    dispatch({ type: "template-started" });
    try {
      const client = paneClient();
      const [taxCodes, bankAccounts, billingItems] = await Promise.all([
        client.getTaxCodes(),
        client.getBankAccounts(),
        client.getBillingItems(),
      ]);
      const { sheetName } = await insertTemplate({ taxCodes, bankAccounts, billingItems });
      dispatch({
        type: "template-finished",
        note: `Added the sheet "${sheetName}". Fill in rows, select them and press Check.`,
      });
    } catch (e) {
      fail("template", e);
    }
  });

  render();
}
