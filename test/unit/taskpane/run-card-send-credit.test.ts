/**
 * Send to customers and Credit as the pane shows them: the confirmations say what the
 * service holds (count, already done, refusals, the total to be reversed), Credit asks for the
 * count to be typed, progress and summary follow the engine's counts.
 */
import { groupedMoney, type PreparationView } from "../../../src/taskpane/action-run-words";
import { idEngineSummary } from "./helpers/engine-summary";
import {
  INITIAL_CARD_STATE,
  reduceCard,
  type CardEvent,
  type CardState,
} from "../../../src/taskpane/run-card-model";
import { cardView } from "../../../src/taskpane/card-view";
import {
  ACTION_STATES,
  type ActionCounts,
  type ActionSummary,
  type PreparedItem,
  idProgress,
} from "../../../src/invoices";

const item = (id: string, rows: number[], invoiceNum?: string, total?: string): PreparedItem => ({
  key: id,
  invoiceId: id,
  rowNumbers: rows,
  statusBefore: "approved",
  sentBefore: "",
  creditNoteIdBefore: "",
  invoice: {
    id,
    status: "approved",
    errors: [],
    ...(invoiceNum ? { invoiceNum } : {}),
    ...(total ? { totalAmountInclVAT: total } : {}),
  },
});

const PREPARED: PreparationView = {
  toDo: [item("a", [2], "INV-A", "100"), item("b", [3, 4]), item("c", [5], "INV-C", "1134567.8")],
  alreadyDone: [item("d", [6])],
  refused: [
    { rowNumbers: [7], invoiceId: "e", message: "Not sent: it is a draft: approve it first." },
  ],
  totalInclVAT: "1234567.8",
  totalExclVAT: "1020303.97",
  totalsMissing: 0,
};

const counts = (set: Partial<ActionCounts>): ActionCounts => {
  const all = Object.fromEntries(ACTION_STATES.map((s) => [s, 0])) as ActionCounts;
  return { ...all, ...set };
};

function run(...events: CardEvent[]): CardState {
  return events.reduce(reduceCard, INITIAL_CARD_STATE);
}

describe("the Send confirmation", () => {
  const confirming = run(
    { type: "prepare-started", action: "send" },
    { type: "prepared", preparation: PREPARED }
  );

  it("names the count, what was sent earlier and each refusal with its rows", () => {
    const c = cardView(confirming).confirm!;
    expect(c.title).toBe("Send 3 invoices to their customers?");
    expect(c.details).toEqual([
      "1 invoice already sent (or on its way): not sent again.",
      "1 refused — nothing is sent for it:",
      "Row 7: Not sent: it is a draft: approve it first.",
    ]);
    expect(c.channel).toBe("email");
    expect(c.confirm).toMatchObject({ enabled: true, label: "Send 3 by email" });
    expect(c.total).toBeUndefined();
  });

  it("follows the channel chosen", () => {
    const post = reduceCard(confirming, { type: "channel-chosen", channel: "post" });
    expect(cardView(post).confirm).toMatchObject({
      channel: "post",
      confirm: { label: "Send 3 by post" },
    });
  });

  it("says when there is nothing to send, and offers only to write the states to the rows", () => {
    const nothing = run(
      { type: "prepare-started", action: "send" },
      { type: "prepared", preparation: { ...PREPARED, toDo: [] } }
    );
    const c = cardView(nothing).confirm!;
    expect(c.title).toBe("Nothing to send.");
    expect(c.channel).toBeUndefined();
    expect(c.confirm.label).toBe("Write their state to the rows");
  });

  it("asks nothing when the selection holds no invoice row, and says what to select", () => {
    const empty = run(
      { type: "prepare-started", action: "send" },
      { type: "prepared", preparation: { ...PREPARED, toDo: [], alreadyDone: [], refused: [] } }
    );
    expect(empty.phase).toBe("idle");
    expect(cardView(empty).confirm).toBeUndefined();
    expect(cardView(empty).errors.action).toBe(
      "Nothing to send: select the rows of approved invoices (with their header row on top)."
    );
  });

  it("offers to write the reasons when every row is refused", () => {
    const refused = run(
      { type: "prepare-started", action: "credit" },
      { type: "prepared", preparation: { ...PREPARED, toDo: [], alreadyDone: [] } }
    );
    expect(cardView(refused).confirm).toMatchObject({
      title: "Nothing to credit.",
      confirm: { label: "Write the reasons to the rows", enabled: true },
    });
  });

  it("is dismissed by Not now / Escape, and a second click meanwhile changes nothing", () => {
    expect(reduceCard(confirming, { type: "prepare-started", action: "credit" })).toBe(confirming);
    const dismissed = reduceCard(confirming, { type: "confirm-dismissed" });
    expect(dismissed.phase).toBe("idle");
    expect(cardView(dismissed).confirm).toBeUndefined();
  });
});

describe("the Credit confirmation", () => {
  const confirming = run(
    { type: "prepare-started", action: "credit" },
    { type: "prepared", preparation: PREPARED }
  );

  it("names the count and the total to be reversed, incl. and excl. VAT, exactly", () => {
    const c = cardView(confirming).confirm!;
    expect(c.title).toBe("Credit 3 invoices?");
    expect(c.total).toBe("Total to be reversed: 1,234,567.80 incl. VAT (1,020,303.97 excl. VAT).");
    expect(c.warning).toMatch(/^This cannot be undone/);
    expect(c.details[0]).toBe(
      "1 invoice already credited: its credit note is written to the rows, nothing is credited again."
    );
    expect(c.typePrompt).toBe("Type 3 to confirm");
    expect(c.invoices).toEqual([
      "INV-A — 100.00 incl. VAT (row 2)",
      "b — no total from the service (rows 3–4)",
      "INV-C — 1,134,567.80 incl. VAT (row 5)",
    ]);
  });

  it("is confirmed only once the count is typed", () => {
    expect(cardView(confirming).confirm!.confirm.enabled).toBe(false);
    const wrong = reduceCard(confirming, { type: "typed", text: "2" });
    expect(cardView(wrong).confirm).toMatchObject({
      typedMismatch: true,
      confirm: { enabled: false },
    });
    const right = reduceCard(confirming, { type: "typed", text: " 3 " });
    expect(cardView(right).confirm).toMatchObject({
      typedMismatch: false,
      confirm: { enabled: true, label: "Credit 3 invoices" },
    });
  });

  it("names the first invoices and counts the rest", () => {
    const many = Array.from({ length: 12 }, (_v, i) => item(`id-${i}`, [i + 2], `N-${i}`, "1"));
    const c = cardView(
      run(
        { type: "prepare-started", action: "credit" },
        { type: "prepared", preparation: { ...PREPARED, toDo: many } }
      )
    ).confirm!;
    expect(c.invoices).toHaveLength(11);
    expect(c.invoices![10]).toBe("…and 2 more invoices.");
  });

  it("says when totals are missing from the sum", () => {
    const some = run(
      { type: "prepare-started", action: "credit" },
      { type: "prepared", preparation: { ...PREPARED, totalsMissing: 1 } }
    );
    expect(cardView(some).confirm!.totalNote).toBe(
      "1 invoice without a total from the service is not in this sum."
    );
  });

  it("starts over from an empty count each time", () => {
    const again = run(
      { type: "prepare-started", action: "credit" },
      { type: "prepared", preparation: PREPARED },
      { type: "typed", text: "3" },
      { type: "confirm-dismissed" },
      { type: "prepare-started", action: "credit" },
      { type: "prepared", preparation: PREPARED }
    );
    expect(cardView(again).confirm!.confirm.enabled).toBe(false);
  });
});

describe("money in the confirmation", () => {
  it("groups thousands and keeps every cent, from the decimal text", () => {
    expect(groupedMoney("0")).toBe("0.00");
    expect(groupedMoney("-1234.5")).toBe("-1,234.50");
    expect(groupedMoney("0.335")).toBe("0.335");
    expect(groupedMoney("9007199254740993.01")).toBe("9,007,199,254,740,993.01");
  });
});

describe("progress and summary", () => {
  it("shows progress with Cancel while running, and the buttons wait", () => {
    const running = run(
      { type: "prepare-started", action: "send" },
      { type: "prepared", preparation: PREPARED },
      { type: "run-started" },
      { type: "progress", progress: idProgress("send", counts({ queued: 2, done: 1 })) }
    );
    const v = cardView(running);
    expect(v.cancel).toMatchObject({ visible: true, enabled: true });
    expect(v.send.enabled).toBe(false);
    // The engine's words, as its seam reports them.
    expect(v.progress).toEqual(idProgress("send", counts({ queued: 2, done: 1 })));
    const cancelling = reduceCard(running, { type: "cancel-requested" });
    expect(cardView(cancelling).cancel).toMatchObject({ enabled: false, label: "Cancelling…" });
  });

  it("waits while the invoice run holds the sheet (one card: one run at a time)", () => {
    const blocked = reduceCard(INITIAL_CARD_STATE, { type: "check-started" });
    expect(cardView(blocked).credit.enabled).toBe(false);
    expect(cardView(blocked).send.enabled).toBe(false);
    expect(reduceCard(blocked, { type: "prepare-started", action: "credit" })).toBe(blocked);
  });

  const summary = (
    c: Partial<ActionCounts>,
    extra: Partial<ActionSummary> = {}
  ): ActionSummary => ({
    runId: "run-1",
    startedAt: new Date(),
    action: "send",
    results: [],
    refused: [],
    counts: counts(c),
    changed: 0,
    durationMs: 1,
    requests: 1,
    headline: "the engine's headline",
    summary: "",
    ...extra,
  });

  it("shows the engine's headline, details and tone as the engine made them", () => {
    const made = idEngineSummary(summary({ done: 2, failed: 1, refused: 1 }));
    const v = cardView(
      run(
        { type: "prepare-started", action: "send" },
        { type: "prepared", preparation: PREPARED },
        { type: "run-started" },
        { type: "run-finished", summary: made }
      )
    );
    expect(v.summary).toEqual({ text: made.headline, details: made.details, tone: made.tone });
    expect(v.summary?.text).toBe("the engine's headline");
  });

  it("keeps the summary when only the Billing log failed afterwards", () => {
    const done = run(
      { type: "prepare-started", action: "send" },
      { type: "prepared", preparation: PREPARED },
      { type: "run-started" },
      { type: "run-finished", summary: idEngineSummary(summary({ done: 3 })) },
      { type: "failed", slot: "action", message: "The log could not be written." }
    );
    const v = cardView(done);
    expect(v.summary?.text).toBe("the engine's headline");
    expect(v.errors.action).toBe("The log could not be written.");
  });
});

describe("the Mark as sent confirmation", () => {
  const confirming = run(
    { type: "prepare-started", action: "mark-sent" },
    { type: "prepared", preparation: PREPARED }
  );

  it("names the count, each invoice, what was sent earlier, each refusal, and what the service never does", () => {
    const c = cardView(confirming).confirm!;
    expect(c.title).toBe(
      "Mark 3 invoices as sent? You handed them over yourself; the billing service sends nothing."
    );
    expect(c.details).toEqual([
      "1 invoice already sent (or on its way): not marked again.",
      "1 refused — nothing is marked for it:",
      "Row 7: Not sent: it is a draft: approve it first.",
    ]);
    expect(c.invoices).toHaveLength(3);
    expect(c.warning).toMatch(/never send these invoices itself/);
    expect(c.channel).toBeUndefined();
    expect(c.typePrompt).toBeUndefined();
    expect(c.confirm).toMatchObject({ enabled: true, label: "Mark 3 as sent" });
  });

  it("with nothing to mark, it offers to write the state only", () => {
    const nothing = run(
      { type: "prepare-started", action: "mark-sent" },
      { type: "prepared", preparation: { ...PREPARED, toDo: [], refused: [] } }
    );
    expect(cardView(nothing).confirm).toMatchObject({
      title: "Nothing to mark as sent.",
      confirm: { label: "Write their state to the rows" },
    });
  });

  it("is a button of the pane for an account that may act, and not for a reader", () => {
    expect(cardView(INITIAL_CARD_STATE).described["mark-sent"]).toMatchObject({
      label: "Mark as sent",
      enabled: true,
    });
    const reader = reduceCard(INITIAL_CARD_STATE, { type: "roles-known", roles: ["Billing.Read"] });
    expect(cardView(reader).described["mark-sent"]!.enabled).toBe(false);
  });

  it("a selection with nothing that could be an invoice says so next to the buttons", () => {
    const empty = run(
      { type: "prepare-started", action: "mark-sent" },
      { type: "prepared", preparation: { ...PREPARED, toDo: [], alreadyDone: [], refused: [] } }
    );
    expect(empty.errors.action).toMatch(/^Nothing to mark as sent: select the rows/);
  });
});
