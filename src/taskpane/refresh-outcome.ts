/**
 * What the pane says after Refresh. "Refreshed" only when it happened: the recalculation went
 * through and the service answers, so the BILLING cells now hold fresh values.
 */

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
    return { text: `Not refreshed: ${facts.recalculationError}`, error: true };
  if (!facts.connection.ok)
    return {
      text: `Not refreshed: the service does not answer (${facts.connection.title}). BILLING cells show errors until it does; press Refresh again then.`,
      error: true,
    };
  return { text: "Refreshed: BILLING functions read the service again.", error: false };
}
