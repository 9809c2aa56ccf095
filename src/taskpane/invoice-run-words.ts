/**
 * The card's words before a run from the sheet's lines (Check, Create and approve): what Check
 * found, what the confirmation asks, why nothing was sent. Pure. The progress line and the summary
 * are the engine's words (its seam); run-card-model.ts decides when each is shown.
 */
import { t } from "../i18n";
import type { EngineSummary, Plan, RateLimitPause } from "../invoices";

/** What the card needs of a plan: its counts, summary text and problems (not the invoices). */
export type PlanView = Pick<
  Plan,
  "counts" | "summary" | "unknownColumns" | "planProblems" | "rowProblems" | "notes"
>;

export function nothingToCreate(plan: PlanView): string {
  if (plan.planProblems.length > 0)
    return t("card.nothingToCreate.problems", { problems: plan.planProblems.join(" ") });
  if (plan.counts.rows === 0) return t("card.nothingToCreate.noRows");
  return t("card.nothingToCreate.allBad", { count: plan.counts.rowsWithProblems });
}

/**
 * At most this many rows' problems are links in the pane (in a scrolling list), so that each is
 * one click from its cell; beyond them the sheet's marks and its filter take over.
 */
const PROBLEMS_SHOWN = 50;

/** A state of a button. */
export interface ButtonView {
  visible: boolean;
  enabled: boolean;
  /** The one primary (accent) action of the view. */
  primary: boolean;
  label: string;
}

/** Everything the Invoices tab shows. */
export interface ProblemLink {
  row: number;
  text: string;
}

export function planDetails(plan: PlanView): string[] {
  const details: string[] = [...plan.planProblems];
  const toContinue = plan.counts.continued - plan.counts.finished;
  if (toContinue > 0) {
    details.push(t("card.plan.continued", { count: toContinue }));
  }
  if (plan.counts.finished > 0) {
    details.push(t("card.plan.finished", { count: plan.counts.finished }));
  }
  details.push(...(plan.notes ?? []));
  if (plan.unknownColumns.length > 0) {
    details.push(t("card.plan.unknownColumns", { columns: plan.unknownColumns.join(", ") }));
  }
  return details;
}

/** The first rows' problems, in sheet order, as links; the rest summed up. */
export function problemLinks(plan: PlanView): { problems: ProblemLink[]; more?: string } {
  const rows = [...plan.rowProblems.entries()].sort(([a], [b]) => a - b);
  const problems = rows.slice(0, PROBLEMS_SHOWN).map(([row, list]) => ({
    row,
    text: t("card.problem.row", { row, problems: list.join("; ") }),
  }));
  if (rows.length <= PROBLEMS_SHOWN) return { problems };
  return {
    problems,
    more: t("card.problem.more", { count: rows.length - PROBLEMS_SHOWN }),
  };
}

/**
 * "Create and approve: 12 to create, 3 to continue, 24 already approved: left alone." — what this
 * run will do, apart from what earlier runs finished.
 */
export function confirmText(plan: PlanView): string {
  const c = plan.counts;
  const toCreate = c.invoices - c.continued;
  const toContinue = c.continued - c.finished;
  let text: string;
  if (toCreate + toContinue === 0) {
    text = t("card.confirm.nothing", { count: c.finished });
  } else {
    const parts: string[] = [];
    if (toCreate > 0) parts.push(t("card.confirm.toCreate", { count: toCreate }));
    if (toContinue > 0) parts.push(t("card.confirm.toContinue", { count: toContinue }));
    if (c.finished > 0) parts.push(t("card.confirm.leftAlone", { count: c.finished }));
    text = t("card.confirm.create", { parts: parts.join(", ") });
  }
  if (c.invalidInvoices > 0) {
    text += ` ${t("card.confirm.invalid", { count: c.invalidInvoices })}`;
  }
  return text;
}

/**
 * The header's connection state after a run, from what the run saw (undefined: the run made no
 * call, the header keeps its own check).
 */
export function connectionAfterRun(
  result: Pick<EngineSummary, "connection">
): { ok: boolean; text: string } | undefined {
  if (result.connection === "unreachable")
    return { ok: false, text: t("card.connection.unreachable") };
  if (result.connection === "ok") return { ok: true, text: t("card.connection.ok") };
  return undefined;
}

/** "Waiting for the service's rate limit — resumes in 3 s.". */
export function pauseText(pause: RateLimitPause): string {
  return t("card.pause", { seconds: pause.resumesInSeconds });
}

/** What Create and approve says when the pre-flight connection check fails: nothing was sent. */
export function preflightRefusal(title: string, verdict?: string): string {
  // No token for the company gateway (not signed in, renewal failed, a role missing): the title
  // already says what to do; the connection itself is fine.
  if (verdict === "auth") return t("card.preflight.auth", { problem: title });
  return t("card.preflight", { problem: title });
}
