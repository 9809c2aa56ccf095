/**
 * The cost report, its own small block at the end of the Lookups tab: "Cost
 * report" makes a report sheet of the selected contract ids, "Refresh report" brings the active
 * report sheet up to date in place. The block is built here, so taskpane.html is not touched.
 */
import { currentLanguage, reasonWords, t } from "../i18n";
import { contractCostReport, isCostError, planCostReport } from "../costs";
import {
  readActiveReport,
  readSelectedContractIds,
  writeCostReport,
  type ReportSheet,
} from "../excel";
import { h } from "./dom";
import { errorText } from "./error-text";
import { paneClient, paneSecrets } from "./pane-connection";
import { offeredToReaders } from "./role-offer";
import { runCardOf } from "./run-card";
import { byId, showText } from "./ui";

/** Reads the contracts' costs and writes the report (new, or over `existing`); returns the status line. */
async function makeReport(contractIds: string[], existing?: ReportSheet): Promise<string> {
  const date = new Date();
  // A cost rule's own sentence as it is ("Contract … was not found."); the rest as the pane says it.
  const describe = (e: unknown) =>
    (isCostError(e) ? reasonWords(e, currentLanguage()) : undefined) ??
    errorText(e, { secrets: paneSecrets() });
  const reports = await contractCostReport(paneClient(), contractIds, date, describe);
  const plan = planCostReport(reports, currentLanguage());
  const { sheetName } = await writeCostReport(plan, date, existing);
  const problems = plan.problems > 0 ? t("costReport.problems", { count: plan.problems }) : "";
  const counts = {
    sheet: sheetName,
    contracts: contractIds.length,
    rows: plan.rows.length,
    problems,
  };
  return existing ? t("costReport.refreshed", counts) : t("costReport.wrote", counts);
}

/** Adds the Cost report block to the Lookups tab of `doc` and wires it. */
export function mountCostReportPanel(doc: Document = document): void {
  const make = h(
    doc,
    "fluent-button",
    { appearance: "secondary", "data-testid": "cost-report" },
    t("costReport.title")
  );
  const refresh = h(
    doc,
    "fluent-button",
    { appearance: "subtle", "data-testid": "cost-report-refresh" },
    t("costReport.refresh")
  );
  const status = h(doc, "p", {
    class: "note",
    role: "status",
    "data-testid": "cost-report-status",
  });
  status.hidden = true;
  const block = h(
    doc,
    "section",
    { class: "cost-report", "aria-label": t("costReport.title") },
    h(doc, "h2", { class: "field-label" }, t("costReport.title")),
    h(doc, "p", { class: "hint" }, t("costReport.hint")),
    h(doc, "div", { class: "actions" }, make, refresh),
    status
  );
  byId("panel-lookups", doc).appendChild(block);

  // With no role of the add-in the gateway refuses the costs: the buttons are not offered (the
  // Lookups tab's role note says why).
  const offered = offeredToReaders(runCardOf(doc), [make, refresh]);
  const run = (task: () => Promise<string>) =>
    void offered.run(async () => {
      status.classList.remove("error");
      showText(status, t("costReport.reading"));
      try {
        showText(status, await task());
      } catch (e) {
        status.classList.add("error");
        showText(status, errorText(e, { secrets: paneSecrets() }));
      }
    });
  make.addEventListener("click", () =>
    run(async () => await makeReport(await readSelectedContractIds()))
  );
  refresh.addEventListener("click", () =>
    run(async () => {
      const existing = await readActiveReport();
      paneClient().clearCache();
      return await makeReport(existing.contractIds, existing);
    })
  );
}
