/**
 * The actions on approved invoices the pane draws from their registry entry alone: each has every
 * part of its pane words in English and Dutch, and its button, confirmation and note come from them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

  it("each lives in four files of src/invoices, src/taskpane, src/excel and src/i18n", () => {
    // Its descriptor, its registry line, its English and its Dutch words: no pane code of its own.
    const SRC = join(__dirname, "../../../src");
    const files = ["invoices", "taskpane", "excel", "i18n"].flatMap((layer) =>
      readdirSync(join(SRC, layer), { recursive: true, encoding: "utf8" })
        .filter((f) => /\.(ts|html|css)$/.test(f))
        .map((f) => join(layer, f))
    );
    for (const action of describedActions()) {
      const named = new RegExp(`\\b(${action.name}|${action.words})\\b`);
      const touched = files.filter((f) => named.test(readFileSync(join(SRC, f), "utf8")));
      expect({ action: action.name, touched: touched.sort() }).toEqual({
        action: action.name,
        touched: expect.arrayContaining([join("invoices/actions/registry.ts")]),
      });
      expect(touched.length).toBeLessThanOrEqual(4);
    }
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
