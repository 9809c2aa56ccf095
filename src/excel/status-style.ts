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
// Credited: final, but no longer a good invoice (not green) and no problem either (not red): the
// blue of Excel's "Accent 1" 20 % tint, so a reversed invoice stands out from approved ones.
const REVERSED: StatusStyle = { fill: "#DDEBF7", font: "#1F4E78" };

/**
 * The colours of each row status: approved green, problems red, in progress amber, cancelled grey,
 * credited blue.
 */
export const STATUS_STYLES: Readonly<Record<RowStatus, StatusStyle>> = {
  approved: GOOD,
  credited: REVERSED,
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
  discarded: GREY,
};

/** The colours for a status; a status this version does not know is shown neutral, not hidden. */
export function statusStyle(status: string): StatusStyle {
  return (STATUS_STYLES as Record<string, StatusStyle | undefined>)[status] ?? NEUTRAL;
}

/**
 * The colours of a `sent` cell: "sent" green, "failed: …" red, on its way ("sending", "printing")
 * amber; anything else (skipped, not sent) keeps the sheet's own colours (undefined).
 */
export function sentStyle(sent: string): StatusStyle | undefined {
  const word = sent.trim().toLowerCase();
  if (word === "sent") return GOOD;
  if (word.startsWith("failed")) return BAD;
  if (word.startsWith("sending") || word.startsWith("printing")) return NEUTRAL;
  return undefined;
}
