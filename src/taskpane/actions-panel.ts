/**
 * Send to customers and Credit on the Invoices tab (issue 21). Handlers read the selected rows,
 * ask the engine for the plan and the preparation (what the service holds), confirm inside the
 * pane, run the engine and write its row updates back; what is shown comes from
 * action-view-model.ts, the run's truth from the engine (src/invoices).
 */
import type { SendChannel } from "../api";
import {
  planInvoiceActions,
  prepareInvoiceActions,
  runInvoiceActions,
  type ActionPreparation,
  type ActionRequest,
  type ActionSummary,
  type AfterApprovalAction,
  type RowUpdate,
} from "../invoices";
import {
  appendActionLog,
  createRowWriter,
  readSelection,
  selectInvoiceRows,
  type SelectionRead,
} from "../excel";
import { logUserName } from "../auth";
import { h, replaceChildren, setText } from "./dom";
import { describeError } from "./error-text";
import { renderInvoiceResults } from "./invoice-results-list";
import {
  INITIAL_ACTION_STATE,
  actionView,
  isActionBusy,
  reduceAction,
  type ActionEvent,
  type ActionViewState,
} from "./action-view-model";
import { actionResultViews, invoiceDetails, invoiceFacts } from "./action-results-view";
import { customerNames } from "./lookups-model";
import { busyElsewhere, onBusyChange, setBusy } from "./pane-busy";
import { renderRunStatus } from "./run-status";
import { paneClient, paneSecrets, paneSettings } from "./pane-connection";
import { applyButton, byId, show, showText, type ValueElement } from "./ui";

/** The message of every row refused from the sheet or by the service before the run. */
function refusalUpdates(preparation: ActionPreparation): RowUpdate[] {
  return preparation.refused.flatMap((r) =>
    r.rowNumbers.map((rowNumber) => ({ rowNumber, message: r.message }))
  );
}

/** Wires Send to customers and Credit in `doc`. */
export function mountActionsPanel(doc: Document = document): void {
  const el = {
    section: byId("after-approval", doc),
    send: byId("send-invoices", doc),
    credit: byId("credit-invoices", doc),
    cancel: byId("action-cancel", doc),
    busy: byId("action-busy", doc),
    error: byId("action-error", doc),
    confirm: byId("action-confirm", doc),
    confirmTitle: byId("action-confirm-title", doc),
    confirmDetails: byId("action-confirm-details", doc),
    channel: byId("send-channel", doc),
    channelEmail: byId<HTMLInputElement>("channel-email", doc),
    channelPost: byId<HTMLInputElement>("channel-post", doc),
    creditCheck: byId("credit-check", doc),
    creditTotal: byId("credit-total", doc),
    creditTotalNote: byId("credit-total-note", doc),
    creditList: byId("credit-list", doc),
    creditWarning: byId("credit-warning", doc),
    creditTyped: byId<ValueElement>("credit-typed", doc),
    creditTypedLabel: byId("credit-typed-label", doc),
    creditTypedError: byId("credit-typed-error", doc),
    yes: byId("action-confirm-yes", doc),
    no: byId("action-confirm-no", doc),
    progressBlock: byId("action-progress-block", doc),
    progress: byId("action-progress", doc),
    progressText: byId("action-progress-text", doc),
    summary: byId("action-summary", doc),
    summaryText: byId("action-summary-text", doc),
    summaryDetails: byId("action-summary-details", doc),
    resultsBlock: byId("action-results-block", doc),
    results: byId("action-results", doc),
    selectError: byId("action-select-error", doc),
  };

  let state: ActionViewState = INITIAL_ACTION_STATE;
  /** What the confirmation is about: the rows read and what the service holds for them. */
  let prepared: { read: SelectionRead; preparation: ActionPreparation } | undefined;
  let controller: AbortController | undefined;
  /** The button that opened the confirmation: focus goes back to it when it closes. */
  let opener: HTMLElement | undefined;
  /** Enter was pressed on a count that does not match: say so under the field. */
  let typedTried = false;

  function render(): void {
    setBusy(doc, "send or credit", isActionBusy(state));
    if (state.blocked !== busyElsewhere(doc, "send or credit")) {
      state = reduceAction(state, {
        type: "blocked",
        blocked: busyElsewhere(doc, "send or credit"),
      });
    }
    const view = actionView(state);
    applyButton(el.send, view.send);
    applyButton(el.credit, view.credit);
    applyButton(el.cancel, view.cancel);
    showText(el.busy, view.busyText);
    showText(el.error, view.error);

    const c = view.confirm;
    show(el.confirm, c !== undefined);
    setText(el.confirmTitle, c?.title ?? "");
    replaceChildren(el.confirmDetails, ...(c?.details ?? []).map((t) => h(doc, "li", {}, t)));
    show(el.channel, c?.channel !== undefined);
    el.channelEmail.checked = c?.channel !== "post";
    el.channelPost.checked = c?.channel === "post";
    show(el.creditCheck, c?.total !== undefined);
    setText(el.creditTotal, c?.total ?? "");
    showText(el.creditTotalNote, c?.totalNote);
    replaceChildren(el.creditList, ...(c?.invoices ?? []).map((t) => h(doc, "li", {}, t)));
    setText(el.creditWarning, c?.warning ?? "");
    setText(el.creditTypedLabel, c?.typePrompt ?? "");
    showText(
      el.creditTypedError,
      typedTried && c?.typedMismatch
        ? `Type ${c.typePrompt?.replace(/\D/g, "")} exactly: the number of invoices to credit.`
        : undefined
    );
    if (c) applyButton(el.yes, c.confirm);

    renderRunStatus(el, view.progress, view.summary);
    replaceChildren(
      el.summaryDetails,
      ...(view.summary?.details ?? []).map((t) => h(doc, "li", {}, t))
    );
  }

  function dispatch(event: ActionEvent): void {
    state = reduceAction(state, event);
    render();
  }

  onBusyChange(doc, "send or credit", render);

  const fail = (e: unknown) =>
    dispatch({ type: "failed", message: describeError(e, { secrets: paneSecrets() }) });

  /** Moves focus into the confirmation: the channel (send), the count field (credit), else its button. */
  function focusConfirm(): void {
    const c = actionView(state).confirm;
    if (!c) return;
    if (c.channel !== undefined) {
      (c.channel === "post" ? el.channelPost : el.channelEmail).focus();
    } else if (c.total !== undefined) {
      const input = el.creditTyped.shadowRoot?.querySelector("input");
      (input ?? el.creditTyped).focus();
    } else {
      el.yes.focus();
    }
  }

  /** Reads the selection, plans it and asks the service where each invoice stands; then asks. */
  async function start(action: AfterApprovalAction, button: HTMLElement): Promise<void> {
    if (isActionBusy(state) || busyElsewhere(doc, "send or credit")) return;
    opener = button;
    prepared = undefined;
    hideResults();
    typedTried = false;
    el.creditTyped.value = "";
    dispatch({ type: "prepare-started", action });
    if (state.phase !== "preparing") return;
    try {
      const read = await readSelection();
      const plan = planInvoiceActions(read.snapshot, { action });
      const preparation = await prepareInvoiceActions(paneClient(), plan);
      prepared = { read, preparation };
      dispatch({ type: "prepared", preparation });
      focusConfirm();
    } catch (e) {
      fail(e);
    }
  }

  el.send.addEventListener("click", () => void start("send", el.send));
  el.credit.addEventListener("click", () => void start("credit", el.credit));

  function dismiss(): void {
    if (state.phase !== "confirming") return;
    prepared = undefined;
    dispatch({ type: "confirm-dismissed" });
    opener?.focus();
  }

  el.no.addEventListener("click", dismiss);
  // Escape cancels the confirmation from anywhere inside it, as in an Office dialog.
  el.confirm.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      dismiss();
    }
  });

  el.channel.addEventListener("change", () => {
    const channel: SendChannel = el.channelPost.checked ? "post" : "email";
    dispatch({ type: "channel-chosen", channel });
  });

  el.creditTyped.addEventListener("input", () => {
    typedTried = false;
    dispatch({ type: "typed", text: el.creditTyped.value ?? "" });
  });
  el.creditTyped.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    dispatch({ type: "typed", text: el.creditTyped.value ?? "" });
    if (actionView(state).confirm?.confirm.enabled) void confirmed();
    else {
      typedTried = true;
      render();
    }
  });

  el.yes.addEventListener("click", () => void confirmed());

  /** The controller said yes: the run, its row updates, the Billing log, the list. */
  async function confirmed(): Promise<void> {
    const view = actionView(state).confirm;
    if (!prepared || !view?.confirm.enabled || state.phase !== "confirming") return;
    const { read, preparation } = prepared;
    prepared = undefined;
    const request: ActionRequest =
      state.action === "send" ? { action: "send", channel: state.channel } : { action: "credit" };
    // The channel is chosen in the confirmation; everything else is what the service was read as.
    const chosen: ActionPreparation = { ...preparation, plan: { ...preparation.plan, request } };
    controller = new AbortController();
    const writer = createRowWriter(read, { afterApproval: true });
    dispatch({ type: "run-started" });
    el.section.setAttribute("data-run", "running");
    el.cancel.focus();
    try {
      // Each row refused before the run says why on its row (the engine writes the rows it acts on).
      await writer.onRowUpdates(refusalUpdates(preparation));
      const summary = await runInvoiceActions(paneClient(), chosen, {
        signal: controller.signal,
        pollIntervalMs: paneSettings().pollIntervalMs,
        onProgress: (counts, pause) => dispatch({ type: "progress", counts: { ...counts }, pause }),
        onRowUpdates: (updates) => writer.onRowUpdates(updates),
      });
      dispatch({ type: "run-finished", summary });
      const listed = showResults(summary, chosen, read);
      opener?.focus();
      await recordRun(read, summary);
      await listed;
    } catch (e) {
      fail(e);
    } finally {
      controller = undefined;
      // Everything after the run is written (rows, Billing log, the list with names).
      el.section.setAttribute("data-run", "settled");
    }
  }

  el.cancel.addEventListener("click", () => {
    controller?.abort();
    dispatch({ type: "cancel-requested" });
  });

  function hideResults(): void {
    show(el.resultsBlock, false);
    showText(el.selectError, undefined);
    replaceChildren(el.results);
  }

  /** The run's invoices, problems first; a line selects its rows in the sheet read. */
  async function showResults(
    summary: ActionSummary,
    preparation: ActionPreparation,
    read: SelectionRead
  ): Promise<void> {
    const facts = invoiceFacts(read.snapshot);
    const details = invoiceDetails(preparation);
    const draw = (names: ReadonlyMap<string, string>) => {
      const views = actionResultViews(summary, facts, details, names);
      renderInvoiceResults(doc, el.results, views, (v) => {
        showText(el.selectError, undefined);
        selectInvoiceRows(read, v.rows).catch((e: unknown) =>
          showText(el.selectError, describeError(e, { secrets: paneSecrets() }))
        );
      });
      show(el.resultsBlock, views.length > 0);
    };
    draw(new Map());
    // Names follow once looked up (one read of the customer list, cached until Refresh).
    const customerIds = [...new Set([...details.values()].flatMap((d) => d.customerId ?? []))];
    const names = await customerNames(paneClient(), customerIds);
    if (state.phase === "done" && state.summary === summary && names.size > 0) draw(names);
  }

  /** Every send and credit in the Billing log, with the run's id and the signed-in user. */
  async function recordRun(read: SelectionRead, summary: ActionSummary): Promise<void> {
    const userName = logUserName();
    await appendActionLog({
      when: summary.startedAt,
      runId: summary.runId,
      action: summary.action,
      ...(summary.channel !== undefined ? { channel: summary.channel } : {}),
      sheetName: read.sheetName,
      results: summary.results,
      facts: invoiceFacts(read.snapshot),
      secrets: paneSecrets(),
      ...(userName !== undefined ? { userName } : {}),
    });
  }

  render();
}
