/**
 * What the one run card says before it acts: a confirmation before Approve N
 * drafts as before Create and approve, the Send confirmation naming the invoices as Credit does,
 * Create / Approve / Send / Credit not offered to an account that may only read, and one run at a
 * time.
 */
import type { PreparedItem } from "../../../src/invoices";
import type { PreparationView } from "../../../src/taskpane/action-run-words";
import { cardView } from "../../../src/taskpane/card-view";
import {
  INITIAL_CARD_STATE,
  reduceCard,
  type CardEvent,
  type CardState,
} from "../../../src/taskpane/run-card-model";

const run = (...events: CardEvent[]): CardState => events.reduce(reduceCard, INITIAL_CARD_STATE);

const item = (id: string, rows: number[], invoiceNum: string, total: string): PreparedItem => ({
  key: id,
  invoiceId: id,
  rowNumbers: rows,
  statusBefore: "approved",
  sentBefore: "",
  creditNoteIdBefore: "",
  invoice: { id, status: "approved", errors: [], invoiceNum, totalAmountInclVAT: total },
});

const PREPARED: PreparationView = {
  toDo: [item("a", [2], "R-200", "121"), item("b", [3, 4], "R-201", "1210.5")],
  alreadyDone: [],
  refused: [],
  totalInclVAT: "1331.5",
  totalExclVAT: "1100.41",
  totalsMissing: 0,
};

describe("the run card before it acts", () => {
  it("asks before Approve N drafts, naming each draft and what cannot be undone; Not now goes back", () => {
    const listed = run({ type: "drafts-listed", listed: { count: 2, selected: 0, accepted: 1 } });
    expect(cardView(listed).approveDrafts).toMatchObject({
      enabled: true,
      label: "Approve 2 drafts",
    });
    expect(cardView(listed).approveValid).toMatchObject({
      visible: true,
      enabled: true,
      label: "Approve only the 1 valid",
    });
    const asking = reduceCard(listed, {
      type: "drafts-requested",
      action: "approve-drafts",
      drafts: {
        lines: ["A — Jansen — 2.02 excl. VAT (rows 2–3)", "B — De Vries (row 4)"],
        leftAlone: [],
      },
    });
    const confirm = cardView(asking).confirm!;
    expect(confirm.title).toBe("Approve 2 drafts?");
    expect(confirm.invoices).toHaveLength(2);
    expect(confirm.warning).toMatch(/cannot be changed or deleted, only credited/);
    expect(confirm.confirm).toMatchObject({ enabled: true, label: "Approve 2 drafts" });
    // Nothing runs until yes: a run starts only from its confirmation.
    expect(reduceCard(listed, { type: "run-started" })).toBe(listed);
    expect(reduceCard(asking, { type: "confirm-dismissed" }).phase).toBe("idle");
  });

  it("names the invoices in the Send confirmation, as in the Credit one", () => {
    const asking = run(
      { type: "prepare-started", action: "send" },
      { type: "prepared", preparation: PREPARED }
    );
    expect(cardView(asking).confirm?.invoices).toEqual([
      "R-200 — 121.00 incl. VAT (row 2)",
      "R-201 — 1,210.50 incl. VAT (rows 3–4)",
    ]);
  });

  it("does not offer Create, Approve, Send or Credit to an account that may only read, and says why", () => {
    const reader = run(
      { type: "roles-known", roles: ["Billing.Read"] },
      { type: "drafts-listed", listed: { count: 2, selected: 1, accepted: 1 } }
    );
    const view = cardView(reader);
    for (const b of [
      view.create,
      view.createDrafts,
      view.send,
      view.credit,
      view.approveDrafts,
      view.approveValid,
      view.discardDrafts,
    ])
      expect(b.enabled).toBe(false);
    expect(view.check.enabled).toBe(true);
    expect(view.roleNote).toBe(
      "Your account may read invoices but not create, approve, send or credit them (that needs the Billing.Invoice role). Ask your IT department for it."
    );
    expect(view.roleNote).toMatch(/Billing\.Invoice/);
    const invoicer = cardView(run({ type: "roles-known", roles: ["Billing.Invoice"] }));
    expect(invoicer.create.enabled).toBe(true);
    expect(invoicer.roleNote).toBeUndefined();
    // Roles not known (no sign-in: the simulator, a pasted token): the service decides.
    expect(cardView(INITIAL_CARD_STATE).send.enabled).toBe(true);
  });

  it("runs one thing at a time: while Send asks, Check and Create wait", () => {
    const asking = run(
      { type: "prepare-started", action: "send" },
      { type: "prepared", preparation: PREPARED }
    );
    const view = cardView(asking);
    expect(view.check.enabled).toBe(false);
    expect(view.create.enabled).toBe(false);
    expect(reduceCard(asking, { type: "check-started" })).toBe(asking);
  });

  it("shows the engine's progress as it reports it (a drafts run counts its own drafts)", () => {
    const asking = run(
      { type: "drafts-listed", listed: { count: 2, selected: 0 } },
      {
        type: "drafts-requested",
        action: "approve-drafts",
        drafts: { lines: ["A", "B"], leftAlone: [] },
      },
      { type: "run-started" }
    );
    expect(cardView(asking).progress).toEqual({ done: 0, total: 2, text: "starting…" });
    const going = reduceCard(asking, {
      type: "progress",
      progress: { done: 2, total: 2, text: "2 approved" },
    });
    expect(cardView(going).progress).toEqual({ done: 2, total: 2, text: "2 approved" });
  });
});
