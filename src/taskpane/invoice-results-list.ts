/**
 * Renders the invoices of a finished run (run-results-view.ts) as a list of buttons — keyboard
 * reachable, one tab stop each — that select the invoice's rows in the sheet when pressed.
 */
import { h, replaceChildren } from "./dom";
import type { InvoiceResultView } from "./run-results-view";

/** Fills `list` with one `<li><button>` per invoice; `onPick` gets the invoice pressed. */
export function renderInvoiceResults(
  doc: Document,
  list: HTMLElement,
  views: readonly InvoiceResultView[],
  onPick: (view: InvoiceResultView) => void
): void {
  const items = views.map((v, i) => {
    const button = h(
      doc,
      "button",
      {
        type: "button",
        class: `invoice-item ${v.tone}`,
        "data-testid": `invoice-result-${i}`,
        "data-rows": v.rows.join(","),
        // The name is the visible text (so speech control can say what it sees, WCAG 2.5.3); the
        // full sentence, rows included, is the description.
        title: `${v.label}.`,
      },
      h(doc, "span", { class: "invoice-ref" }, v.ref),
      h(doc, "span", { class: "invoice-amount" }, v.amount ?? ""),
      h(doc, "span", { class: "invoice-customer" }, v.customer),
      h(doc, "span", { class: "invoice-state" }, v.number ? `${v.status} · ${v.number}` : v.status),
      v.message ? h(doc, "span", { class: "invoice-message" }, v.message) : undefined
    );
    button.addEventListener("click", () => onPick(v));
    return h(doc, "li", {}, button);
  });
  replaceChildren(list, ...items);
}
