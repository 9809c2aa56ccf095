/**
 * The drafts of a Create drafts run, on the run card: the service's totals and its
 * verdict on approving each, a draft's preview, and the actions on them — Approve N drafts,
 * Approve only valid (the drafts the service's `onlyValidate` verdict accepts), Discard (the drafts
 * ticked). Each action asks in the card first; the engine does the work.
 */
import { currentLanguage, t } from "../i18n";
import { isBulkNotOffered } from "../api";
import {
  draftsPlan,
  prepareInvoiceActions,
  type ActionPreparation,
  type EngineSummary,
  type Plan,
  type RunSummary,
} from "../invoices";
import type { SelectionRead } from "../excel";
import { replaceChildren, setText } from "./dom";
import { errorText } from "./error-text";
import { previewDocument, renderDrafts } from "./drafts-list";
import { approvalPlan, draftViews, verdictsOf } from "./drafts-view";
import { groupedMoney } from "./money-text";
import type { DraftVerdict, DraftView } from "./drafts-view";
import { runOnCard } from "./card-run";
import { refusalUpdates } from "./refusal-rows";
import { customerNames } from "./lookups-model";
import { paneClient, paneSecrets } from "./pane-connection";
import { focusConfirm, type RunCard } from "./run-card";
import type { DraftsAction, DraftsAsked } from "./run-card-model";
import { customerIdsOf, rowsText } from "./run-results-view";
import { byId, show } from "./ui";

/** The drafts listed: the run that made them, what is known of each, which are ticked. */
interface Review {
  read: SelectionRead;
  plan: Plan;
  summary: RunSummary;
  names: ReadonlyMap<string, string>;
  verdicts: ReadonlyMap<string, DraftVerdict>;
  chosen: Set<string>;
}

/** The drafts list's handle: show a run's drafts, take them away. */
export interface DraftsPanel {
  show(read: SelectionRead, plan: Plan, summary: RunSummary): Promise<void>;
  hide(): void;
}

/** Wires the drafts block of the card's pane. */
export function mountDraftsPanel(card: RunCard): DraftsPanel {
  const { doc } = card;
  let review: Review | undefined;
  const drafts = () =>
    review ? draftViews(review.summary.results, review.plan, review.names, review.verdicts) : [];

  function draw(): void {
    if (!review) return;
    const current = review;
    const views = drafts();
    renderDrafts(doc, byId("drafts-list", doc), views, (d) => void openPreview(card, d), {
      chosen: current.chosen,
      onToggle: (d, on) => {
        if (on) current.chosen.add(d.invoiceId);
        else current.chosen.delete(d.invoiceId);
        tell();
      },
    });
    tell();
  }

  /** A draft not ticked for discard: what Approve acts on. */
  const unticked = (d: DraftView) => !review?.chosen.has(d.invoiceId);

  /**
   * The card counts the drafts, the ticked, and the accepted among those not ticked (its buttons
   * say them: Approve never counts a draft ticked for discard).
   */
  function tell(): void {
    if (!review) return card.dispatch({ type: "drafts-listed", listed: undefined });
    const views = drafts();
    const known = views.every((d) => d.verdict !== undefined && d.verdict.kind !== "unknown");
    const accepted = views.filter((d) => unticked(d) && isAccepted(d)).length;
    const selected = views.filter((d) => !unticked(d)).length;
    card.dispatch({
      type: "drafts-listed",
      listed: { count: views.length, selected, ...(known ? { accepted } : {}) },
    });
  }

  const panel: DraftsPanel = {
    async show(read, plan, summary) {
      review = { read, plan, summary, names: new Map(), verdicts: new Map(), chosen: new Set() };
      const views = drafts();
      show(byId("drafts-block", doc), views.length > 0);
      draw();
      if (views.length === 0) return;
      await askTheService(card, review, draw);
    },
    hide() {
      review = undefined;
      show(byId("drafts-block", doc), false);
      show(byId("preview-block", doc), false);
      freshPreviewFrame(doc);
      replaceChildren(byId("drafts-list", doc));
      card.dispatch({ type: "drafts-listed", listed: undefined });
    },
  };

  /** Asks in the card before `action` on `chosen` (the others named as left alone). */
  function ask(action: DraftsAction, chosen: (d: DraftView) => boolean, opener: string): void {
    const views = drafts();
    const picked = views.filter(chosen);
    if (picked.length === 0) return;
    card.opener = byId(opener, doc);
    const others = views.filter((d) => !chosen(d));
    const ticked = (d: DraftView) => !unticked(d);
    const question = asked(others, picked, action, ticked);
    card.dispatch({ type: "drafts-requested", action, drafts: question });
    focusConfirm(card);
  }
  /** What each approve acts on: the drafts not ticked for discard (the accepted ones of them). */
  const toApprove = unticked;
  const validToApprove = (d: DraftView) => unticked(d) && isAccepted(d);
  const approveButton = byId("approve-drafts", doc);
  approveButton.addEventListener("click", () => ask("approve-drafts", toApprove, "approve-drafts"));
  byId("approve-valid", doc).addEventListener("click", () =>
    ask("approve-valid", validToApprove, "approve-valid")
  );
  byId("discard-drafts", doc).addEventListener("click", () => void askDiscard());

  /** Discard: what the service holds for the ticked drafts is read first (an approved one is refused). */
  let discarding: ActionPreparation | undefined;
  async function askDiscard(): Promise<void> {
    if (!review) return;
    const current = review;
    const picked = drafts().filter((d) => current.chosen.has(d.invoiceId));
    if (picked.length === 0) return;
    try {
      const refs = picked.map((d) => ({ invoiceId: d.invoiceId, rowNumbers: d.rows }));
      const plan = draftsPlan({ action: "discard-drafts" }, refs);
      discarding = await prepareInvoiceActions(paneClient(), plan, {
        language: currentLanguage(),
      });
    } catch (e) {
      const message = errorText(e, { secrets: paneSecrets() });
      return card.dispatch({ type: "failed", slot: "drafts", message });
    }
    const ids = new Set(discarding.toDo.map((t) => t.invoiceId.toLowerCase()));
    const views = drafts();
    const kept = views.filter((d) => ids.has(d.invoiceId.toLowerCase()));
    card.opener = byId("discard-drafts", doc);
    // The others are the drafts not ticked; a ticked one refused is named with its reason below.
    const question = asked(views.filter(unticked), kept, "discard-drafts");
    question.leftAlone.push(
      ...discarding.refused.map((r) => `${rowsText(r.rowNumbers)}: ${r.message}`)
    );
    card.dispatch({ type: "drafts-requested", action: "discard-drafts", drafts: question });
    focusConfirm(card);
  }

  // "Approve N drafts" / "Approve only valid": the engine's approve step for exactly these ids (a
  // run of the same rows, continued by id: the service is read first, nothing is created again).
  const approve =
    (action: "approve-drafts" | "approve-valid", chosen: (d: DraftView) => boolean) => async () => {
      if (!review) return;
      const { read, plan, summary } = review;
      const picked = drafts().filter(chosen);
      panel.hide();
      const input = { action, plan: approvalPlan(plan, summary.results, picked) };
      await runOnCard(card, { read, input });
    };
  card.onConfirmed("approve-drafts", approve("approve-drafts", toApprove));
  card.onConfirmed("approve-valid", approve("approve-valid", validToApprove));
  card.onConfirmed("discard-drafts", async () => {
    const preparation = discarding;
    discarding = undefined;
    if (!review || !preparation) return;
    const { read, plan, summary } = review;
    panel.hide();
    const run = await runOnCard(card, {
      read,
      input: { action: "discard-drafts", preparation },
      // The drafts' rows say what Create drafts wrote, not what was read before it: the refusal alone.
      refusals: refusalUpdates(preparation.refused),
    });
    // The drafts that remain are listed again, with Approve N drafts: the way on their rows name.
    if (run !== undefined) await panel.show(read, plan, remaining(summary, run));
  });
  return panel;
}

/**
 * The Create drafts run's drafts still to review after a discard run: not those it discarded or
 * found gone, nor those it refused (an approved invoice is no draft to approve any more).
 */
function remaining(summary: RunSummary, run: EngineSummary): RunSummary {
  if (run.detail.kind !== "ids") return summary;
  const { results, refused } = run.detail.summary;
  const out = new Set(
    [
      ...results.filter((r) => ["done", "already done", "refused"].includes(r.state)),
      ...refused,
    ].flatMap((r) => (r.invoiceId !== undefined ? [r.invoiceId.toLowerCase()] : []))
  );
  return {
    ...summary,
    results: summary.results.filter((r) => !out.has((r.invoiceId ?? "").toLowerCase())),
  };
}

/** A draft the service said it would approve. */
const isAccepted = (d: DraftView) => d.verdict?.kind === "ok";

/**
 * The confirmation's lines: the drafts acted on, and the `others` (the listed drafts the action
 * leaves as they are), with the reason.
 */
function asked(
  others: readonly DraftView[],
  picked: readonly DraftView[],
  action: DraftsAction,
  ticked: (d: DraftView) => boolean = () => false
): DraftsAsked {
  const line = (d: DraftView) => {
    const amount = d.serviceExcl ?? d.sheetAmount;
    const total =
      amount !== undefined ? t("drafts.line.total", { amount: groupedMoney(amount) }) : "";
    return `${d.ref} — ${d.customer}${total} (${rowsText(d.rows).toLowerCase()})`;
  };
  const reason = (d: DraftView) => (ticked(d) ? t("drafts.ticked") : reasonOf(d.verdict));
  const leftAlone =
    action === "approve-valid"
      ? others.map((d) => t("drafts.staysDraft", { ref: d.ref, reason: reason(d) }))
      : others.length > 0
        ? [t("drafts.othersStay", { count: others.length })]
        : [];
  return { lines: picked.map(line), leftAlone };
}

function reasonOf(verdict: DraftVerdict | undefined): string {
  if (verdict?.kind === "refused") return verdict.reasons.join(" ");
  if (verdict?.kind === "unknown") return verdict.text;
  return t("drafts.notSaid");
}

/**
 * Asks the service whether it would approve exactly these ids (`bulk/approve` with `onlyValidate`)
 * and looks the customers' names up; the list is drawn again with what came back.
 */
async function askTheService(card: RunCard, review: Review, draw: () => void): Promise<void> {
  const { doc } = card;
  const status = byId("drafts-status", doc);
  setText(status, t("drafts.askingAll"));
  const client = paneClient();
  const ids = draftViews(review.summary.results, review.plan, new Map()).map((d) => d.invoiceId);
  const [found, verdict] = await Promise.allSettled([
    customerNames(client, customerIdsOf(review.plan)),
    client.validateApproval(ids),
  ]);
  if (found.status === "fulfilled") review.names = found.value;
  if (verdict.status === "fulfilled") {
    review.verdicts = verdictsOf(verdict.value);
    const refused = [...review.verdicts.values()].filter((v) => v.kind === "refused").length;
    setText(
      status,
      refused === 0
        ? t("drafts.approveAll")
        : t("drafts.refuseSome", { refused, total: ids.length })
    );
  } else {
    const notOffered = isBulkNotOffered(verdict.reason);
    const unknown: DraftVerdict = {
      kind: "unknown",
      text: notOffered ? t("drafts.cannotSay") : t("drafts.noAnswer"),
    };
    review.verdicts = new Map(ids.map((id) => [id.toLowerCase(), unknown]));
    setText(
      status,
      notOffered ? t("drafts.cannotCheck") : errorText(verdict.reason, { secrets: paneSecrets() })
    );
  }
  draw();
}

/**
 * Replaces the preview frame with an empty copy (the same `sandbox=""`, no document): nothing
 * of the previous preview stays, and each preview loads into a browsing context of its own.
 */
function freshPreviewFrame(doc: Document): HTMLIFrameElement {
  const old = byId<HTMLIFrameElement>("preview-frame", doc);
  const fresh = old.cloneNode(false) as HTMLIFrameElement;
  fresh.removeAttribute("srcdoc");
  fresh.setAttribute("sandbox", "");
  old.replaceWith(fresh);
  return fresh;
}

/** Shows a draft's preview: the service's HTML in the sandboxed frame, nothing else. */
async function openPreview(card: RunCard, draft: DraftView): Promise<void> {
  const { doc } = card;
  card.dispatch({ type: "error-cleared", slot: "drafts" });
  setText(byId("preview-title", doc), `Preview of ${draft.ref} — ${draft.customer}`);
  show(byId("preview-block", doc), true);
  const frame = freshPreviewFrame(doc);
  try {
    const html = await paneClient().previewHtml(draft.invoiceId);
    // Set once on a frame of its own: a second srcdoc while the first loads can leave it unpainted.
    frame.srcdoc = previewDocument(html);
  } catch (e) {
    show(byId("preview-block", doc), false);
    const message = errorText(e, { secrets: paneSecrets() });
    card.dispatch({ type: "failed", slot: "drafts", message });
  }
}
