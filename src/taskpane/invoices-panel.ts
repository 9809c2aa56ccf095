/**
 * The Invoices tab's own buttons: Check, Create and approve, Create drafts, and each problem of
 * the Check a link to its cell. Handlers read the sheet, ask the engine for the plan and dispatch
 * to the run card (run-card.ts), which shows everything; the drafts list, Send / Credit and the
 * template buttons are panels of their own on the same card.
 */
import { companyTimeZone } from "../api";
import { currentLanguage, t } from "../i18n";
import {
  checkPlanWithService,
  checkRowMarks,
  likelyDuplicates,
  planInvoices,
  type Plan,
} from "../invoices";
import {
  highlightRows,
  referenceScopeOf,
  readSelection,
  selectInvoiceRows,
  selectProblemCell,
  type SelectionRead,
} from "../excel";
import { currentRoles, onUserChanged } from "../auth";
import { h, replaceChildren } from "./dom";
import { errorText } from "./error-text";
import type { PlanView, ProblemLink } from "./invoice-run-words";
import { runOnCard } from "./card-run";
import { mountDraftsPanel } from "./drafts-panel";
import { mountTemplatePanel } from "./template-panel";
import { paneClient, paneSecrets, paneSettings } from "./pane-connection";
import { focusConfirm, runCardOf, type RunCard } from "./run-card";
import { isCardBusy } from "./run-card-model";
import { rowsText } from "./run-results-view";
import { byId } from "./ui";

/** Rows read and planned. */
interface Planned {
  read: SelectionRead;
  plan: Plan;
}

/** What the tab remembers between clicks: the last Check, and the cell it selected itself. */
interface Memo {
  checked?: Planned;
  /** The cell the pane selected (first problem, or a problem pressed): not the controller's choice. */
  movedTo?: { sheetName: string; row: number };
  /** What the confirmation is about. */
  prepared?: Planned;
}

/** Wires the Invoices tab of `doc` to its run card. */
export function mountInvoicesPanel(doc: Document = document): void {
  const card = runCardOf(doc);
  const memo: Memo = {};
  const drafts = mountDraftsPanel(card);
  wireProblemLinks(card, memo);
  byId("check", doc).addEventListener("click", () => void check(card, memo));
  byId("create", doc).addEventListener("click", () => void requestCreate(card, memo));
  byId("create-drafts", doc).addEventListener("click", async () => {
    const ready = await requestCreate(card, memo, "create-drafts");
    if (!ready || card.state().phase !== "confirming") return;
    // Drafts are not final (nothing numbered, nothing collected): no confirmation before them.
    drafts.hide();
    const { read, plan } = ready;
    const summary = await runOnCard(card, { read, input: { action: "create-drafts", plan } });
    if (summary?.detail.kind === "plan") await drafts.show(read, plan, summary.detail.summary);
  });
  card.onConfirmed("create-and-approve", async () => {
    const ready = memo.prepared;
    memo.prepared = undefined;
    if (!ready) return;
    drafts.hide();
    const { read, plan } = ready;
    await runOnCard(card, { read, input: { action: "create-and-approve", plan } });
  });
  mountTemplatePanel(card);
  // A reader is not offered what the gateway would refuse (the token's roles).
  const roles = () => card.dispatch({ type: "roles-known", roles: currentRoles() });
  onUserChanged(roles);
  roles();
}

const fail = (card: RunCard, slot: "check" | "create", e: unknown) =>
  card.dispatch({ type: "failed", slot, message: errorText(e, { secrets: paneSecrets() }) });

/**
 * Reads the selection, plans it, looks its ids up in the service and marks every row of an
 * invoice that will not be sent (docs/developers/rules.md#each-run-tells-its-own-story).
 */
async function readAndPlan(): Promise<Planned> {
  const read = await readSelection();
  // The engine speaks the pane's language (Office's display language), passed in.
  // Dates are the controller's: a day in the sheet is that day in the company's time zone.
  const timeZone = companyTimeZone(paneSettings().connection);
  const planned = planInvoices(read.snapshot, {
    today: new Date(),
    language: currentLanguage(),
    timeZone,
  });
  // What the service holds under the references the rows derive: a repeat of an earlier month's
  // invoice, or another invoice under a row's reference, is said before anything is sent.
  const referenceScope =
    planned.invoices.length > 0 ? await referenceScopeOf(read).catch(() => undefined) : undefined;
  const plan = await checkPlanWithService(paneClient, read.snapshot, planned, {
    ...(referenceScope !== undefined ? { referenceScope } : {}),
    timeZone,
  });
  const rows = read.snapshot.rows.map((r) => r.rowNumber);
  if (rows.length > 0) await highlightRows(read, rows, checkRowMarks(plan));
  return { read, plan };
}

/** The plan as the card shows it, with a warning for invoices that look typed twice. */
export function planViewOf(plan: Plan): PlanView {
  const warnings = likelyDuplicates(plan.invoices).map((group) =>
    group.labels.length === 2
      ? t("invoices.lookAlike.twice", {
          rows: rowsText(group.rowNumbers),
          labels: group.labels.join(", "),
        })
      : t("invoices.lookAlike.times", {
          times: group.labels.length,
          rows: rowsText(group.rowNumbers),
          labels: group.labels.join(", "),
        })
  );
  return warnings.length === 0 ? plan : { ...plan, notes: [...(plan.notes ?? []), ...warnings] };
}

async function check(card: RunCard, memo: Memo): Promise<void> {
  if (isCardBusy(card.state())) return;
  card.dispatch({ type: "check-started" });
  try {
    const checked = await readAndPlan();
    memo.checked = checked;
    memo.movedTo = undefined;
    card.dispatch({ type: "check-finished", plan: planViewOf(checked.plan) });
    // The sheet scrolls to the first problem (its cell selected).
    const first = [...checked.plan.rowProblems.keys()].sort((a, b) => a - b)[0];
    if (first !== undefined) await goToProblem(memo, first);
  } catch (e) {
    fail(card, "check", e);
  }
}

/** Selects the cell of a row's problem, in the sheet the last Check read. */
async function goToProblem(memo: Memo, row: number): Promise<void> {
  const checked = memo.checked;
  if (!checked) return;
  await selectProblemCell(checked.read, row, checked.plan.rowProblems.get(row) ?? []);
  memo.movedTo = { sheetName: checked.read.sheetName, row };
}

/**
 * The rows to act on: the selection, unless it is only the cell the pane itself selected after
 * Check — then the rows that were checked, selected again, and the card says so (a
 * Check of 33 rows must not turn Create into a run of one problem cell).
 */
async function rowsToActOn(memo: Memo): Promise<Planned & { note?: string }> {
  const now = await readAndPlan();
  const { movedTo, checked } = memo;
  memo.movedTo = undefined;
  const rows = now.read.snapshot.rows;
  const onlyThatCell =
    movedTo !== undefined &&
    rows.length === 1 &&
    rows[0].rowNumber === movedTo.row &&
    now.read.sheetName === movedTo.sheetName;
  if (!onlyThatCell || !checked || checked.read.snapshot.rows.length <= 1) return now;
  const numbers = checked.read.snapshot.rows.map((r) => r.rowNumber);
  await selectInvoiceRows(checked.read, numbers);
  const again = await readAndPlan();
  const note = t("invoices.actingOn", {
    count: numbers.length,
    rows: rowsText(numbers).toLowerCase(),
  });
  return { ...again, note };
}

/** Reads and checks the rows again, then asks (Create and approve) or starts (Create drafts). */
async function requestCreate(
  card: RunCard,
  memo: Memo,
  action: "create-and-approve" | "create-drafts" = "create-and-approve"
): Promise<Planned | undefined> {
  if (isCardBusy(card.state())) return undefined;
  card.opener = byId(action === "create-drafts" ? "create-drafts" : "create", card.doc);
  card.dispatch({ type: "check-started" });
  try {
    const ready = await rowsToActOn(memo);
    memo.checked = { read: ready.read, plan: ready.plan };
    memo.prepared = ready;
    card.dispatch({
      type: "create-requested",
      plan: planViewOf(ready.plan),
      action,
      ...(ready.note ? { note: ready.note } : {}),
    });
    if (action === "create-and-approve") focusConfirm(card);
    return ready;
  } catch (e) {
    memo.prepared = undefined;
    fail(card, "create", e);
    return undefined;
  }
}

/** Each problem a button (click or Enter) that selects its cell in the sheet Check read. */
function wireProblemLinks(card: RunCard, memo: Memo): void {
  const list = byId("check-problems", card.doc);
  let shown: readonly ProblemLink[] | undefined;
  card.onRender(() => {
    const problems = card.view().checkSummary?.problems ?? [];
    if (shown !== undefined && sameLinks(shown, problems)) return;
    shown = problems;
    const items = problems.map((p) => {
      const button = h(
        card.doc,
        "button",
        {
          type: "button",
          class: "problem-link",
          "data-row": String(p.row),
          title: t("invoices.selectCell", { row: p.row }),
        },
        p.text
      );
      button.addEventListener("click", () => {
        goToProblem(memo, p.row).catch((e: unknown) => fail(card, "check", e));
      });
      return h(card.doc, "li", {}, button);
    });
    replaceChildren(list, ...items);
  });
}

function sameLinks(a: readonly ProblemLink[], b: readonly ProblemLink[]): boolean {
  return a.length === b.length && a.every((p, i) => p.row === b[i].row && p.text === b[i].text);
}
