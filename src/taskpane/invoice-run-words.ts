/**
 * The card's words before a run from the sheet's lines (Check, Create and approve): what Check
 * found, what the confirmation asks, why nothing was sent. Pure. The progress line and the summary
 * are the engine's words (its seam); run-card-model.ts decides when each is shown.
 */
import type { EngineSummary, Plan, RateLimitPause } from "../invoices";

/** What the card needs of a plan: its counts, summary text and problems (not the invoices). */
export type PlanView = Pick<
  Plan,
  "counts" | "summary" | "unknownColumns" | "planProblems" | "rowProblems" | "notes"
>;

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function nothingToCreate(plan: PlanView): string {
  if (plan.planProblems.length > 0) return `Nothing to create: ${plan.planProblems.join(" ")}`;
  if (plan.counts.rows === 0) return "Nothing to create: the selection holds no invoice rows.";
  return `Nothing to create: every invoice has rows with problems (${plural(plan.counts.rowsWithProblems, "row")}). Fix them and check again.`;
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
    details.push(
      `${plural(toContinue, "invoice")} created earlier will be continued, not created again.`
    );
  }
  if (plan.counts.finished > 0) {
    details.push(`${plural(plan.counts.finished, "invoice")} approved earlier will be left alone.`);
  }
  details.push(...(plan.notes ?? []));
  if (plan.unknownColumns.length > 0) {
    details.push(
      `Columns passed through unchanged (not known fields of the service): ${plan.unknownColumns.join(", ")}.`
    );
  }
  return details;
}

/** The first rows' problems, in sheet order, as links; the rest summed up. */
export function problemLinks(plan: PlanView): { problems: ProblemLink[]; more?: string } {
  const rows = [...plan.rowProblems.entries()].sort(([a], [b]) => a - b);
  const problems = rows
    .slice(0, PROBLEMS_SHOWN)
    .map(([row, list]) => ({ row, text: `Row ${row}: ${list.join("; ")}` }));
  if (rows.length <= PROBLEMS_SHOWN) return { problems };
  return {
    problems,
    more: `…and ${plural(rows.length - PROBLEMS_SHOWN, "more row")} with problems, marked in the sheet.`,
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
    text = `Nothing to create or continue: ${c.finished === 1 ? "the invoice was" : `all ${c.finished} invoices were`} approved earlier and will be left alone. Run anyway?`;
  } else {
    const parts: string[] = [];
    if (toCreate > 0) parts.push(`${toCreate} to create`);
    if (toContinue > 0) parts.push(`${toContinue} to continue`);
    if (c.finished > 0) parts.push(`${c.finished} already approved: left alone`);
    text = `Create and approve: ${parts.join(", ")}.`;
  }
  if (c.invalidInvoices > 0) {
    text += ` ${plural(c.invalidInvoices, "invoice")} with problems will not be sent.`;
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
    return {
      ok: false,
      text: "Unreachable: the billing service stopped answering during the run.",
    };
  if (result.connection === "ok") return { ok: true, text: "Connected" };
  return undefined;
}

/** "Waiting for the service's rate limit — resumes in 3 s." (issue 18). */
export function pauseText(pause: RateLimitPause): string {
  return `Waiting for the service's rate limit — resumes in ${pause.resumesInSeconds} s.`;
}

/** What Create and approve says when the pre-flight connection check fails: nothing was sent. */
export function preflightRefusal(title: string, verdict?: string): string {
  // No token for the company gateway (not signed in, renewal failed, a role missing): the title
  // already says what to do; the connection itself is fine.
  if (verdict === "auth") return `Nothing was sent: ${title} Then press Create and approve again.`;
  return `Nothing was sent: ${title} Check the connection, then press Create and approve again.`;
}
