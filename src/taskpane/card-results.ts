/**
 * The run card's results list: the invoices of the run just finished, problems first; a line
 * selects its rows in the sheet the run read. One list for every action, so a new run's results
 * replace the last one's (never "R-200 approved" left above "R-200 credited").
 */
import { selectInvoiceRows, type SelectionRead } from "../excel";
import { replaceChildren } from "./dom";
import { errorText } from "./error-text";
import { renderInvoiceResults } from "./invoice-results-list";
import { paneSecrets } from "./pane-connection";
import type { InvoiceResultView } from "./run-results-view";
import { byId, show, showText } from "./ui";

/** Lists `views` in the card; an empty list hides the block. */
export function showResults(
  doc: Document,
  views: readonly InvoiceResultView[],
  read: SelectionRead
): void {
  if (!doc.getElementById("invoice-results")) return;
  const error = byId("select-rows-error", doc);
  renderInvoiceResults(doc, byId("invoice-results", doc), views, (v) => {
    showText(error, undefined);
    selectInvoiceRows(read, v.rows).catch((e: unknown) =>
      showText(error, errorText(e, { secrets: paneSecrets() }))
    );
  });
  show(byId("invoice-results-block", doc), views.length > 0);
}

/** Takes the last run's list away (a new run starts). */
export function hideResults(doc: Document): void {
  show(byId("invoice-results-block", doc), false);
  showText(byId("select-rows-error", doc), undefined);
  replaceChildren(byId("invoice-results", doc));
}
