/**
 * Insert template and Add an example row: a sheet with the right columns, or one valid row from
 * the service's own data, selected and ready to run. Their notes and errors show on the run card.
 */
import { t } from "../i18n";
import { addExampleRow, exampleRow, insertTemplate } from "../excel";
import { exampleRowNote } from "./card-view";
import { errorText } from "./error-text";
import { paneClient, paneSecrets } from "./pane-connection";
import type { RunCard } from "./run-card";
import { byId } from "./ui";

/** Wires the template buttons of the card's pane. */
export function mountTemplatePanel(card: RunCard): void {
  const attempt = async (task: () => Promise<string>) => {
    card.dispatch({ type: "template-started" });
    try {
      card.dispatch({ type: "template-finished", note: await task() });
    } catch (e) {
      const message = errorText(e, { secrets: paneSecrets() });
      card.dispatch({ type: "failed", slot: "template", message });
    }
  };
  byId("insert-template", card.doc).addEventListener(
    "click",
    () =>
      void attempt(async () => {
        const { sheetName } = await insertTemplate(await templateLookups());
        return t("template.added", { sheet: sheetName });
      })
  );
  card.doc.getElementById("add-example-row")?.addEventListener(
    "click",
    () =>
      void attempt(async () => {
        const place = await addExampleRow(exampleRow(await templateLookups()));
        return exampleRowNote(card.state(), { row: place.rowNumber, sheet: place.sheetName });
      })
  );
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
