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
import { describeError } from "./error-text";
import { paneClient, paneSecrets } from "./pane-connection";
import { mayRead } from "./access";
import { runCardOf } from "./run-card";
import { byId, setEnabled, showText, whileDisabled } from "./ui";

/** Reads the contracts' costs and writes the report (new, or over `existing`); returns the status line. */
async function makeReport(contractIds: string[], existing?: ReportSheet): Promise<string> {
  const date = new Date();
  // A cost rule's own sentence as it is ("Contract … was not found."); the rest as the pane says it.
  const describe = (e: unknown) =>
    (isCostError(e) ? reasonWords(e, currentLanguage()) : undefined) ??
    describeError(e, { secrets: paneSecrets() });
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
  // Lookups tab's role note says why; the run card holds the token's roles).
  const card = runCardOf(doc);
  let busy = 0;
  const applyAccess = () => {
    for (const button of [make, refresh]) setEnabled(button, busy === 0 && mayRead(card.state()));
  };
  card.onRender(applyAccess);
  applyAccess();
  const run = (button: HTMLElement, task: () => Promise<string>) => {
    if (!mayRead(card.state())) return;
    busy += 1;
    void whileDisabled(button, async () => {
      status.classList.remove("error");
      showText(status, t("costReport.reading"));
      try {
        showText(status, await task());
      } catch (e) {
        status.classList.add("error");
        showText(status, describeError(e, { secrets: paneSecrets() }));
      }
    }).finally(() => {
      busy -= 1;
      applyAccess();
    });
  };
  make.addEventListener("click", () =>
    run(make, async () => await makeReport(await readSelectedContractIds()))
  );
  refresh.addEventListener("click", () =>
    run(refresh, async () => {
      const existing = await readActiveReport();
      paneClient().clearCache();
      return await makeReport(existing.contractIds, existing);
    })
  );
}
