/**
 * Renders the drafts of a "Create drafts" run (drafts-view.ts) and shows a draft's preview.
 * Every text from the service goes in as text (`textContent` through `h`); the preview's HTML
 * only inside a frame with `sandbox=""` — no scripts, no same origin, no forms — behind a CSP that
 * lets nothing load, so an invoice document can neither run code nor reach the network.
 */
import { t } from "../i18n";
import { h, replaceChildren } from "./dom";
import { groupedMoney } from "./money-text";
import { verdictText } from "./drafts-view";
import type { DraftView } from "./drafts-view";

/** Allows inline styles and data: images only; no script, no fetch, no frame, no form. */
export const PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'";

/** The preview document for the sandboxed frame: the service's HTML behind {@link PREVIEW_CSP}. */
export function previewDocument(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;
  // The meta goes first, before anything of the service's document can load a resource; the
  // service's own document follows (its <html> and <head> merge into the ones the meta opened).
  return `<!doctype html>${meta}${html.replace(/^\s*<!doctype[^>]*>/i, "")}`;
}

/** Ticks in the drafts list: which drafts are chosen (Discard acts on them), and the change. */
export interface DraftTicks {
  chosen: ReadonlySet<string>;
  onToggle: (draft: DraftView, chosen: boolean) => void;
}

/**
 * Fills `list` with one `<li>` per draft: a tick box (choose it for Discard) and a button; `onOpen`
 * gets the draft pressed (click or Enter).
 */
export function renderDrafts(
  doc: Document,
  list: HTMLElement,
  drafts: readonly DraftView[],
  onOpen: (draft: DraftView) => void,
  ticks?: DraftTicks
): void {
  const items = drafts.map((d, i) => {
    const tone = d.verdict?.kind === "refused" || d.mismatch ? "bad" : d.verdict ? "ok" : "warn";
    const label = [
      t("drafts.label.draft", { ref: d.ref }),
      d.customer,
      d.sheetAmount ? t("drafts.label.sheet", { amount: groupedMoney(d.sheetAmount) }) : undefined,
      d.serviceExcl
        ? t("drafts.label.service", { amount: groupedMoney(d.serviceExcl) })
        : undefined,
      d.serviceIncl ? t("drafts.label.incl", { amount: groupedMoney(d.serviceIncl) }) : undefined,
      d.mismatch ? t("drafts.label.differs") : undefined,
      verdictText(d.verdict),
      t("drafts.label.open"),
    ]
      .filter((p) => p !== undefined && p !== "")
      .join(", ");
    const button = h(
      doc,
      "button",
      {
        type: "button",
        class: `invoice-item draft-item ${tone}`,
        "data-testid": `draft-${i}`,
        "data-invoice-id": d.invoiceId,
        "data-mismatch": d.mismatch ? "true" : "false",
        // The name is the visible text (so speech control can say what it sees, WCAG 2.5.3, as in
        // the results list); the full sentence, with what a click does, is the description.
        title: `${label}.`,
      },
      h(doc, "span", { class: "invoice-ref" }, d.ref),
      h(doc, "span", { class: "invoice-customer" }, d.customer),
      h(
        doc,
        "span",
        { class: "draft-amounts" },
        h(
          doc,
          "span",
          { class: "draft-sheet" },
          d.sheetAmount
            ? t("drafts.sheet", { amount: groupedMoney(d.sheetAmount) })
            : t("drafts.sheetNone")
        ),
        h(
          doc,
          "span",
          { class: d.mismatch ? "draft-service mismatch" : "draft-service" },
          d.serviceExcl
            ? t("drafts.service", { amount: groupedMoney(d.serviceExcl) })
            : t("drafts.serviceNone"),
          d.mismatch
            ? h(doc, "span", { class: "mismatch-mark", "aria-hidden": "true" }, " ≠")
            : undefined
        ),
        h(
          doc,
          "span",
          { class: "draft-incl" },
          d.serviceIncl ? t("drafts.label.incl", { amount: groupedMoney(d.serviceIncl) }) : ""
        )
      ),
      d.mismatch
        ? h(doc, "span", { class: "invoice-message mismatch-text" }, t("drafts.mismatch"))
        : undefined,
      h(
        doc,
        "span",
        { class: `invoice-message draft-verdict ${d.verdict?.kind ?? "asking"}` },
        verdictText(d.verdict)
      )
    );
    button.addEventListener("click", () => onOpen(d));
    if (!ticks) return h(doc, "li", {}, button);
    return h(doc, "li", { class: "draft-row" }, tickBox(doc, d, i, ticks), button);
  });
  replaceChildren(list, ...items);
}

/** The draft's tick box, named by its draft ("Choose draft A"). */
function tickBox(doc: Document, d: DraftView, i: number, ticks: DraftTicks): HTMLElement {
  const box = h(doc, "input", {
    type: "checkbox",
    class: "draft-tick",
    "data-testid": `draft-tick-${i}`,
    "data-tick-for": d.invoiceId,
    "aria-label": t("drafts.choose", { ref: d.ref, customer: d.customer }),
  }) as HTMLInputElement;
  box.checked = ticks.chosen.has(d.invoiceId);
  box.addEventListener("change", () => ticks.onToggle(d, box.checked));
  return box;
}
