/**
 * The actions on approved invoices the pane draws from their registry entry alone: each has every
 * part of its pane words in English and Dutch, and its button, confirmation and note come from them.
 */
import { catalogueOf } from "../../../src/i18n";
import { ID_ACTIONS } from "../../../src/invoices";
import { describedActions, paneKey, type PanePart } from "../../../src/taskpane/described-actions";
import { cardView } from "../../../src/taskpane/card-view";
import { INITIAL_CARD_STATE, reduceCard } from "../../../src/taskpane/run-card-model";
import { paneHarness } from "../../support/pane";
import { mountActionsPanel } from "../../../src/taskpane/actions-panel";

const PARTS: readonly PanePart[] = [
  "button",
  "buttonTitle",
  "confirmTitle",
  "confirm",
  "already",
  "refused",
  "nothing",
  "warning",
  "nothingToDo",
];

describe("actions drawn from their registry entry", () => {
  it("are the registry's actions on approved invoices other than Send and Credit", () => {
    const names = describedActions().map((a) => a.name);
    expect(names).toContain("mark-sent");
    expect(names).not.toContain("send");
    expect(names).not.toContain("credit");
    expect(names).not.toContain("discard-drafts");
    for (const name of names)
      expect(ID_ACTIONS[name as keyof typeof ID_ACTIONS].offeredOn).toBe("approved");
  });

  it.each(["en", "nl"] as const)("each has every part of its pane words (%s)", (language) => {
    const catalogue = catalogueOf(language) as Readonly<Record<string, unknown>>;
    const missing = describedActions().flatMap((a) =>
      PARTS.map((part) => paneKey(a, part)).filter((key) => catalogue[key] === undefined)
    );
    expect(missing).toEqual([]);
  });

  it("gives each a button of the card, enabled for an account that may act", () => {
    const view = cardView(INITIAL_CARD_STATE);
    for (const a of describedActions()) expect(view.described[a.name]?.enabled).toBe(true);
    const reader = cardView(
      reduceCard(INITIAL_CARD_STATE, { type: "roles-known", roles: ["Billing.Read"] })
    );
    for (const a of describedActions()) expect(reader.described[a.name]?.enabled).toBe(false);
  });

  describe("in the pane's page", () => {
    const pane = paneHarness();
    beforeEach(() => pane.open());
    afterEach(() => pane.close());

    it("draws each button into the Invoices tab, after Credit, with its words", () => {
      const previous = globalThis.document;
      globalThis.document = pane.doc;
      try {
        mountActionsPanel(pane.doc);
      } finally {
        globalThis.document = previous;
      }
      const row = pane.$("credit-invoices").parentElement!;
      const ids = [...row.children].map((c) => c.id);
      expect(ids.slice(0, 2)).toEqual(["send-invoices", "credit-invoices"]);
      expect(ids).toContain("mark-sent-invoices");
      expect(pane.text("mark-sent-invoices")).toBe("Mark as sent");
      expect(pane.$("mark-sent-invoices").title).toMatch(/handed over yourself/);
    });
  });
});
