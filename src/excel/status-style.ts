import type { RowStatus } from "../invoices";

/** Fill and text colour of a status cell. */
export interface StatusStyle {
  fill: string;
  font: string;
}

// Excel's own "Good", "Bad" and "Neutral" cell styles, so the sheet looks like Office and stays readable.
const GOOD: StatusStyle = { fill: "#C6EFCE", font: "#006100" };
const BAD: StatusStyle = { fill: "#FFC7CE", font: "#9C0006" };
const NEUTRAL: StatusStyle = { fill: "#FFEB9C", font: "#9C5700" };
const GREY: StatusStyle = { fill: "#EDEDED", font: "#595959" };

/** The colours of each row status: approved green, problems red, in progress amber, cancelled grey. */
export const STATUS_STYLES: Readonly<Record<RowStatus, StatusStyle>> = {
  approved: GOOD,
  credited: GREY,
  invalid: BAD,
  failed: BAD,
  unknown: BAD,
  creating: NEUTRAL,
  created: NEUTRAL,
  approving: NEUTRAL,
  pending: NEUTRAL,
  cancelled: GREY,
  "not sent": GREY,
  waiting: GREY,
};

/** The colours for a status; a status this version does not know is shown neutral, not hidden. */
export function statusStyle(status: string): StatusStyle {
  return (STATUS_STYLES as Record<string, StatusStyle | undefined>)[status] ?? NEUTRAL;
}
