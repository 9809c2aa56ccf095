/**
 * What the pane says after Refresh. "Refreshed" only when it happened: the recalculation went
 * through and the service answers, so the BILLING cells now hold fresh values.
 */
import { t } from "../i18n";

/** What Refresh did. */
export interface RefreshFacts {
  /** The recalculation (and cache clear) failed with this message in plain words. */
  recalculationError?: string;
  /** The connection check after the recalculation: whether the service answered, and its verdict. */
  connection: { ok: boolean; title: string };
}

/** The note under the header and whether it is an error. */
export interface RefreshOutcome {
  text: string;
  error: boolean;
}

/** The note for `facts`. */
export function refreshOutcome(facts: RefreshFacts): RefreshOutcome {
  if (facts.recalculationError !== undefined)
    return { text: t("refresh.failed", { error: facts.recalculationError }), error: true };
  if (!facts.connection.ok)
    return {
      text: t("refresh.noAnswer", { problem: facts.connection.title }),
      error: true,
    };
  return { text: t("refresh.done"), error: false };
}
