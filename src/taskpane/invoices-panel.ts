/**
 * The Invoices tab: Check, Create and approve (with an in-pane confirmation), Cancel, progress,
 * summary, Insert template. Handlers read the sheet, call the engine and dispatch events; what is
 * shown comes from run-view-model.ts, the run's state from the engine.
 */
import {
  checkPlanWithService,
  checkRowMarks,
  columnLetter,
  planInvoices,
  runInvoices,
  type Plan,
  type RunMode,
  type RunSummary,
} from "../invoices";
import { isBulkNotOffered } from "../api";
import {
  addExampleRow,
  appendRunLog,
  createRowWriter,
  exampleRow,
  highlightRows,
  insertTemplate,
  readSelection,
  referenceScopeOf,
  revealResults,
  selectInvoiceRows,
  selectProblemCell,
  type SelectionRead,
} from "../excel";
import { currentUser } from "../auth";
import { h, replaceChildren, setText } from "./dom";
import { describeError } from "./error-text";
import { renderInvoiceResults } from "./invoice-results-list";
import { customerNames } from "./lookups-model";
import { paneClient, paneSecrets, paneSettings, preflightCheck } from "./pane-connection";
import {
  INITIAL_RUN_STATE,
  connectionAfterRun,
  preflightRefusal,
  reduceRun,
  runView,
  type ProblemLink,
  type RunEvent,
  type RunViewState,
} from "./run-view-model";
import { customerIdsOf, invoiceResultViews } from "./run-results-view";
import { applyButton, byId, setEnabled, show, showText } from "./ui";
import { approvalPlan, draftViews, verdictsOf } from "./drafts-view";
import type { DraftVerdict, DraftView } from "./drafts-view";
import { previewDocument, renderDrafts } from "./drafts-list";
import { busyElsewhere, onBusyChange, setBusy } from "./pane-busy";
import { renderRunStatus } from "./run-status";

/** Phases in which the invoice run reads, asks about or writes the selected rows. */
const HOLDS_SHEET: readonly string[] = ["checking", "confirming", "running", "cancelling"];

/** Wires the Invoices tab of `doc`. */
export function mountInvoicesPanel(doc: Document = document): void {
  const el = {
    empty: byId("empty-state", doc),
    check: byId("check", doc),
    create: byId("create", doc),
    createDrafts: byId("create-drafts", doc),
    draftsBlock: byId("drafts-block", doc),
    draftsStatus: byId("drafts-status", doc),
    draftsList: byId("drafts-list", doc),
    approveDrafts: byId("approve-drafts", doc),
    draftsError: byId("drafts-error", doc),
    previewBlock: byId("preview-block", doc),
    previewTitle: byId("preview-title", doc),
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
    checkProblems: byId("check-problems", doc),
    checkProblemsMore: byId("check-problems-more", doc),
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

  const exampleButton = doc.getElementById("add-example-row");
  let state: RunViewState = INITIAL_RUN_STATE;
  let prepared: { read: SelectionRead; plan: Plan } | undefined;
  /** What the last Check read: its problems' links select cells of this sheet. */
  let checked: { read: SelectionRead; plan: Plan } | undefined;
  let controller: AbortController | undefined;

  const list = (items: string[]) => items.map((t) => h(doc, "li", {}, t));

  /** Each problem a button (click or Enter) that selects its cell in the sheet Check read. */
  const problemItems = (problems: readonly ProblemLink[]) =>
    problems.map((p) => {
      const button = h(
        doc,
        "button",
        {
          type: "button",
          class: "problem-link",
          "data-row": String(p.row),
          title: `Select the cell of row ${p.row} in the sheet`,
        },
        p.text
      );
      button.addEventListener("click", () => void goToProblem(p.row));
      return h(doc, "li", {}, button);
    });

  /** Selects the cell of a row's problem, in the sheet the last Check read. */
  async function goToProblem(row: number): Promise<void> {
    if (!checked) return;
    try {
      await selectProblemCell(checked.read, row, checked.plan.rowProblems.get(row) ?? []);
    } catch (e) {
      fail("check", e);
    }
  }

  function render(): void {
    const view = runView(state);
    // While Send / Credit holds the sheet (issue 21), the run's buttons wait (pane-busy.ts).
    setBusy(doc, "invoice run", HOLDS_SHEET.includes(state.phase));
    const free = !busyElsewhere(doc, "invoice run");
    view.check.enabled &&= free;
    view.create.enabled &&= free;
    show(el.empty, view.showEmptyState);
    // One primary action per view: while the confirmation asks, its "Create and approve" is it.
    applyButton(el.check, { ...view.check, primary: view.check.primary && !view.confirm });
    applyButton(el.create, view.create);
    // "Create drafts" stands beside "Create and approve": enabled with it, never the primary.
    applyButton(el.createDrafts, { ...view.create, primary: false, label: "Create drafts" });
    applyButton(el.cancel, view.cancel);
    applyButton(el.template, view.insertTemplate);
    // "Add an example row" is busy and idle together with Insert template (it fetches the same lists).
    if (exampleButton) setEnabled(exampleButton, view.insertTemplate.enabled);
    showText(el.checkError, view.errors.check);
    showText(el.createError, view.errors.create);
    showText(el.templateError, view.errors.template);
    showText(el.templateNote, view.templateNote);
    showText(el.busy, view.busyText);

    show(el.confirm, view.confirm !== undefined);
    setText(el.confirmText, view.confirm?.text ?? "");

    show(el.checkSummary, view.checkSummary !== undefined);
    el.checkSummary.classList.toggle("bad", view.checkSummary?.tone === "error");
    el.checkSummary.classList.toggle("warn", view.checkSummary?.tone === "warning");
    setText(el.checkSummaryText, view.checkSummary?.text ?? "");
    replaceChildren(el.checkSummaryDetails, ...list(view.checkSummary?.details ?? []));
    replaceChildren(el.checkProblems, ...problemItems(view.checkSummary?.problems ?? []));
    showText(el.checkProblemsMore, view.checkSummary?.more);

    renderRunStatus(el, view.progress, view.summary);
    replaceChildren(el.summaryDetails, ...list(view.summary?.details ?? []));
  }

  /** The header's connection line follows what the run (or its pre-flight check) saw. */
  function showConnectionSeen(seen: { ok: boolean; text: string } | undefined): void {
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

  /** Lists the run's invoices (names follow once looked up); a line selects its rows in the sheet read. */
  async function showResults(summary: RunSummary, plan: Plan, read: SelectionRead): Promise<void> {
    const draw = (names: Map<string, string>) =>
      renderInvoiceResults(
        doc,
        el.results,
        invoiceResultViews(summary.results, plan, names),
        (v) => {
          showText(el.selectError, undefined);
          selectInvoiceRows(read, v.rows).catch((e: unknown) =>
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

  /**
   * Reads the selection, plans it, looks its ids up in the service and marks every row of an
   * invoice that will not be sent (DESIGN.md "Check looks the rows' ids up").
   */
  async function readAndPlan(): Promise<{ read: SelectionRead; plan: Plan }> {
    const read = await readSelection();
    const planned = planInvoices(read.snapshot, { today: new Date() });
    const plan = await checkPlanWithService(paneClient, read.snapshot, planned);
    const rows = read.snapshot.rows.map((r) => r.rowNumber);
    if (rows.length > 0) await highlightRows(read, rows, checkRowMarks(plan));
    checked = { read, plan };
    return { read, plan };
  }

  /** After Check, the sheet scrolls to the first problem (its cell selected). */
  async function showFirstProblem(read: SelectionRead, plan: Plan): Promise<void> {
    const first = [...plan.rowProblems.keys()].sort((a, b) => a - b)[0];
    if (first !== undefined) await selectProblemCell(read, first, plan.rowProblems.get(first)!);
  }

  onBusyChange(doc, "invoice run", render);

  el.check.addEventListener("click", async () => {
    if (busyElsewhere(doc, "invoice run")) return;
    dispatch({ type: "check-started" });
    try {
      const { read, plan } = await readAndPlan();
      dispatch({ type: "check-finished", plan });
      await showFirstProblem(read, plan);
    } catch (e) {
      fail("check", e);
    }
  });

  el.create.addEventListener("click", async () => {
    if (busyElsewhere(doc, "invoice run")) return;
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
    await startRun(read, plan, "create-and-approve");
  });

  // Two steps (issue 20): create every invoice as a draft, review, then approve. Drafts are not
  // final (nothing numbered, nothing collected), so no confirmation is asked before creating them.
  el.createDrafts.addEventListener("click", async () => {
    if (busyElsewhere(doc, "invoice run")) return;
    dispatch({ type: "check-started" });
    let ready: { read: SelectionRead; plan: Plan };
    try {
      ready = await readAndPlan();
    } catch (e) {
      fail("create", e);
      return;
    }
    dispatch({ type: "create-requested", plan: ready.plan });
    if (state.phase !== "confirming") return;
    await startRun(ready.read, ready.plan, "create-drafts");
  });

  /** This run's drafts, while they are listed. */
  let review:
    { read: SelectionRead; plan: Plan; summary: RunSummary; drafts: DraftView[] } | undefined;

  /** Runs the engine on `plan` (one engine: `mode` only says where the run stops). */
  async function startRun(read: SelectionRead, plan: Plan, mode: RunMode): Promise<void> {
    controller = new AbortController();
    const settings = paneSettings();
    // The run's write-back is one undo step where Excel has undo for add-ins (ExcelApi 1.20).
    const writer = createRowWriter(read, { oneUndoStep: true });
    hideDrafts();
    dispatch({ type: "run-started" });
    try {
      // Pre-flight: when the service cannot be used, nothing is attempted (DESIGN.md "Truth of a
      // run"); what is transient is retried first (issue 18).
      const report = await preflightCheck(settings.connection);
      if (!report.ok) {
        showConnectionSeen({ ok: false, text: report.title });
        dispatch({
          type: "failed",
          action: "create",
          message: preflightRefusal(report.title, report.verdict),
        });
        return;
      }
      const summary: RunSummary = await runInvoices(paneClient(), plan, {
        mode,
        // Derived references: a second pane on this workbook, or a run after Ctrl+Z, finds the
        // invoices already created instead of billing them twice (docs/taskpane.md).
        referenceScope: await referenceScopeOf(read),
        pollIntervalMs: settings.pollIntervalMs,
        approvalTimeoutMs: settings.approvalTimeoutMs,
        signal: controller.signal,
        onProgress: (counts, pause) => dispatch({ type: "progress", counts: { ...counts }, pause }),
        onRowUpdates: (updates) => writer.onRowUpdates(updates),
      });
      await writer.close();
      showConnectionSeen(connectionAfterRun(summary));
      dispatch({ type: "run-finished", summary, numberColumn: await numberColumnOf(writer) });
      void showResults(summary, plan, read);
      if (mode === "create-drafts") void showDrafts(read, plan, summary);
      await recordRun(read, summary);
    } catch (e) {
      fail("create", e);
    } finally {
      controller = undefined;
      await writer.close().catch(() => undefined);
    }
  }

  function hideDrafts(): void {
    review = undefined;
    show(el.draftsBlock, false);
    show(el.previewBlock, false);
    freshPreviewFrame();
    replaceChildren(el.draftsList);
    showText(el.draftsError, undefined);
  }

  /**
   * Lists this run's drafts with the service's totals, then asks the service whether it would
   * approve exactly these ids (`bulk/approve` with `onlyValidate`) and shows its reasons.
   */
  async function showDrafts(read: SelectionRead, plan: Plan, summary: RunSummary): Promise<void> {
    let names = new Map<string, string>();
    let verdicts = new Map<string, DraftVerdict>();
    const draw = () => {
      if (review?.summary !== summary) return;
      review.drafts = draftViews(summary.results, plan, names, verdicts);
      renderDrafts(doc, el.draftsList, review.drafts, (d) => void openPreview(d));
      const n = review.drafts.length;
      setText(el.approveDrafts, `Approve ${n} draft${n === 1 ? "" : "s"}`);
      setEnabled(el.approveDrafts, n > 0);
    };
    review = { read, plan, summary, drafts: [] };
    draw();
    show(el.draftsBlock, review.drafts.length > 0);
    if (review.drafts.length === 0) return;
    setText(el.draftsStatus, "Asking the service whether it would approve them…");
    const client = paneClient();
    const ids = review.drafts.map((d) => d.invoiceId);
    const [found, verdict] = await Promise.allSettled([
      customerNames(client, customerIdsOf(plan)),
      client.validateApproval(ids),
    ]);
    if (found.status === "fulfilled") names = found.value;
    if (verdict.status === "fulfilled") {
      verdicts = verdictsOf(verdict.value);
      const refused = [...verdicts.values()].filter((v) => v.kind === "refused").length;
      setText(
        el.draftsStatus,
        refused === 0
          ? "The service would approve every draft."
          : `The service would refuse ${refused} of ${ids.length}; see the reasons below.`
      );
    } else {
      const unknown: DraftVerdict = {
        kind: "unknown",
        text: isBulkNotOffered(verdict.reason)
          ? "This service cannot say before approving."
          : "The service's check did not answer.",
      };
      for (const id of ids) verdicts.set(id.toLowerCase(), unknown);
      setText(
        el.draftsStatus,
        isBulkNotOffered(verdict.reason)
          ? "This billing service cannot check drafts before approving them."
          : describeError(verdict.reason, { secrets: paneSecrets() })
      );
    }
    draw();
  }

  /**
   * Replaces the preview frame with an empty copy (the same `sandbox=""`, no document): nothing
   * of the previous preview stays, and each preview loads into a browsing context of its own.
   */
  function freshPreviewFrame(): HTMLIFrameElement {
    const old = byId<HTMLIFrameElement>("preview-frame", doc);
    const fresh = old.cloneNode(false) as HTMLIFrameElement;
    fresh.removeAttribute("srcdoc");
    fresh.setAttribute("sandbox", "");
    old.replaceWith(fresh);
    return fresh;
  }

  /** Shows a draft's preview: the service's HTML in the sandboxed frame, nothing else. */
  async function openPreview(draft: DraftView): Promise<void> {
    showText(el.draftsError, undefined);
    setText(el.previewTitle, `Preview of ${draft.ref} — ${draft.customer}`);
    show(el.previewBlock, true);
    const frame = freshPreviewFrame();
    try {
      const html = await paneClient().previewHtml(draft.invoiceId);
      // Set once on a frame of its own: a second srcdoc while the first loads can leave it unpainted.
      frame.srcdoc = previewDocument(html);
    } catch (e) {
      show(el.previewBlock, false);
      showText(el.draftsError, describeError(e, { secrets: paneSecrets() }));
    }
  }

  // "Approve N drafts": the engine's approve step for exactly these ids (a run of the same rows,
  // continued by id: the service is read first, nothing is created again).
  el.approveDrafts.addEventListener("click", async () => {
    if (!review || review.drafts.length === 0 || state.phase === "running") return;
    if (busyElsewhere(doc, "invoice run")) return;
    const { read, plan, summary, drafts } = review;
    await startRun(read, approvalPlan(plan, summary.results, drafts), "create-and-approve");
  });

  /** The audit trail (sheet "Billing log"), then the numbers brought into view in the sheet. */
  async function recordRun(read: SelectionRead, summary: RunSummary): Promise<void> {
    const { sheetName } = read;
    const secrets = paneSecrets();
    // The signed-in account (company gateway); Excel's add-in API itself does not say who the user
    // is, so without sign-in (the simulator, a bearer token) the column stays empty.
    const userName = currentUser()?.username;
    await appendRunLog({
      when: summary.startedAt,
      runId: summary.runId,
      sheetName,
      results: summary.results,
      secrets,
      ...(userName !== undefined ? { userName } : {}),
    });
    await revealResults(
      read,
      summary.results.flatMap((r) => r.rowNumbers)
    );
  }

  el.cancel.addEventListener("click", () => {
    controller?.abort();
    dispatch({ type: "cancel-requested" });
  });

  el.template.addEventListener("click", async () => {
    dispatch({ type: "template-started" });
    try {
      const { sheetName } = await insertTemplate(await templateLookups());
      dispatch({
        type: "template-finished",
        note: `Added the sheet "${sheetName}". Fill in rows, select them and press Check.`,
      });
    } catch (e) {
      fail("template", e);
    }
  });

  // "Add an example row": one valid row from the service's own data, selected, ready to run.
  exampleButton?.addEventListener("click", async () => {
    dispatch({ type: "template-started" });
    try {
      const place = await addExampleRow(exampleRow(await templateLookups()));
      dispatch({
        type: "template-finished",
        note: `Added an example invoice on row ${place.rowNumber} of "${place.sheetName}" and selected it. Press Create and approve.`,
      });
    } catch (e) {
      fail("template", e);
    }
  });

  render();
}

/** The lists the template sheet and the example row are filled from, fetched together. */
async function templateLookups() {
  const client = paneClient();
  const [customers, taxCodes, bankAccounts, billingItems] = await Promise.all([
    client.filterCustomers({}),
    client.getTaxCodes(),
    client.getBankAccounts(),
    client.getBillingItems(),
  ]);
  return { customers, taxCodes, bankAccounts, billingItems };
}
