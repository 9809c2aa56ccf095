/**
 * The confirmations of Send to customers and Credit on the run card, from what the
 * service holds (the engine's preparation). Pure; the progress and the summary are the engine's
 * words (its seam), run-card-model.ts decides when each is shown.
 */
import { t } from "../i18n";
import type { SendChannel } from "../api";
import type { ActionPreparation, IdAction } from "../invoices";
import { idStateLabels } from "../invoices";
import type { ButtonView } from "./invoice-run-words";
import { rowsText } from "./run-results-view";
import { groupedMoney } from "./money-text";
import { paneWords } from "./described-actions";

export { groupedMoney };

/** What the confirmation needs of a preparation (the engine's, as the service holds it). */
export type PreparationView = Pick<
  ActionPreparation,
  "toDo" | "alreadyDone" | "refused" | "totalInclVAT" | "totalExclVAT" | "totalsMissing"
>;

/** How each state of an invoice is named, per action, in the engine's order (the engine's words). */
export const actionStateLabels = idStateLabels;

/** "sent by email" / "sent by post". */
function sendLabel(channel: SendChannel, count: number): string {
  return channel === "post"
    ? t("action.send.byPost", { count })
    : t("action.send.byEmail", { count });
}

/** "Rows 5, 7: …" for each group of refused rows (at most `max` groups, then a count). */
function refusedLines(preparation: PreparationView, max = 5): string[] {
  const lines = preparation.refused
    .slice(0, max)
    .map((r) => `${rowsText(r.rowNumbers)}: ${r.message}`);
  const rest = preparation.refused.length - max;
  if (rest > 0) lines.push(t("action.refused.more", { count: rest }));
  return lines;
}

/** At most this many invoices are named in a confirmation; the rest are counted. */
export const CONFIRM_LISTED = 10;

/** "INV-2026-000001 — 121.00 incl. VAT (row 2)": what a controller checks before sending or crediting. */
function invoiceLines(items: PreparationView["toDo"]): string[] {
  const lines = items.slice(0, CONFIRM_LISTED).map((item) => {
    const name = item.invoice.invoiceNum ?? item.invoiceId;
    const total =
      item.invoice.totalAmountInclVAT !== undefined
        ? t("action.invoice.total", { amount: groupedMoney(item.invoice.totalAmountInclVAT) })
        : t("action.invoice.noTotal");
    return `${name} — ${total} (${rowsText(item.rowNumbers).toLowerCase()})`;
  });
  const rest = items.length - CONFIRM_LISTED;
  if (rest > 0) lines.push(t("action.invoice.more", { count: rest }));
  return lines;
}

/** The card's in-pane confirmation before a run (every action asks before it acts). */
export interface ConfirmView {
  /** "Send 12 invoices to their customers?" */
  title: string;
  /** What is left alone and what is refused, and why. */
  details: string[];
  /** The invoices the run acts on, one line each (the first ones), as the service holds them. */
  invoices?: string[];
  /** Send: the channel radio buttons, with the one chosen. */
  channel?: SendChannel;
  /** Credit: "Total to be reversed: 1,234.56 incl. VAT (1,020.30 excl. VAT)". */
  total?: string;
  /** Credit: invoices whose total the service did not answer (left out of the sum). */
  totalNote?: string;
  /** What cannot be undone: "This cannot be undone. …" */
  warning?: string;
  /** Credit: the label of the field the count is typed into ("Type 3 to confirm"). */
  typePrompt?: string;
  /** Credit: the typed text does not (yet) match. */
  typedMismatch?: boolean;
  confirm: ButtonView;
  /** The button that says no ("Not now"). */
  dismiss: string;
}

/** What a confirmation says the run leaves alone: those already done, then the refused rows. */
function leftAlone(
  p: PreparationView,
  already: "action.sent.already" | "action.credit.already",
  refused: "action.send.refused" | "action.credit.refused"
): string[] {
  const details: string[] = [];
  if (p.alreadyDone.length > 0) details.push(t(already, { count: p.alreadyDone.length }));
  // Counted as the run counts them (its progress, headline and list): one per refusal.
  if (p.refused.length > 0) details.push(t(refused, { count: p.refused.length }));
  details.push(...refusedLines(p));
  return details;
}

/** A confirmation's yes button. */
function yes(label: string, enabled = true): ButtonView {
  return { visible: true, enabled, primary: true, label };
}

/** The confirmation before Send: what the service holds, the invoices named, the channel. */
export function sendConfirm(p: PreparationView, channel: SendChannel): ConfirmView {
  const n = p.toDo.length;
  const details = leftAlone(p, "action.sent.already", "action.send.refused");
  if (n === 0)
    return {
      title: t("action.send.nothing"),
      details,
      confirm: yes(t("action.writeState")),
      dismiss: t("pane.notNow"),
    };
  return {
    title: t("action.send.title", { count: n }),
    details,
    invoices: invoiceLines(p.toDo),
    channel,
    confirm: yes(sendLabel(channel, n)),
    dismiss: t("pane.notNow"),
  };
}

/**
 * The confirmation before an action drawn from its words (described-actions.ts): what the service
 * holds, the invoices named, what it cannot undo.
 */
export function describedConfirm(p: PreparationView, action: IdAction): ConfirmView {
  const n = p.toDo.length;
  const details: string[] = [];
  if (p.alreadyDone.length > 0)
    details.push(paneWords(action, "already", { count: p.alreadyDone.length }));
  if (p.refused.length > 0) details.push(paneWords(action, "refused", { count: p.refused.length }));
  details.push(...refusedLines(p));
  if (n === 0)
    return {
      title: paneWords(action, "nothing"),
      details,
      confirm: yes(p.alreadyDone.length > 0 ? t("action.writeState") : t("action.writeReasons")),
      dismiss: t("pane.notNow"),
    };
  return {
    title: paneWords(action, "confirmTitle", { count: n }),
    details,
    invoices: invoiceLines(p.toDo),
    warning: paneWords(action, "warning"),
    confirm: yes(paneWords(action, "confirm", { count: n })),
    dismiss: t("pane.notNow"),
  };
}

/** The confirmation before Credit: the invoices, the total reversed, the count typed. */
export function creditConfirm(p: PreparationView, typed: string): ConfirmView {
  const n = p.toDo.length;
  const details = leftAlone(p, "action.credit.already", "action.credit.refused");
  if (n === 0) {
    const label = p.alreadyDone.length > 0 ? t("action.writeState") : t("action.writeReasons");
    return {
      title: t("action.credit.nothing"),
      details,
      confirm: yes(label),
      dismiss: t("pane.notNow"),
    };
  }
  const typedOk = typed.trim() === String(n);
  return {
    title: t("action.credit.title", { count: n }),
    details,
    total: t("action.credit.total", {
      incl: groupedMoney(p.totalInclVAT),
      excl: groupedMoney(p.totalExclVAT),
    }),
    ...(p.totalsMissing > 0
      ? {
          totalNote: t("action.credit.totalsMissing", { count: p.totalsMissing }),
        }
      : {}),
    warning: t("action.credit.warning", { count: n }),
    invoices: invoiceLines(p.toDo),
    typePrompt: t("action.credit.typePrompt", { count: n }),
    typedMismatch: typed.trim() !== "" && !typedOk,
    confirm: yes(t("action.credit.confirm", { count: n }), typedOk),
    dismiss: t("pane.notNow"),
  };
}
