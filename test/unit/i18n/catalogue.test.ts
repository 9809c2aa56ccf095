/**
 * The message catalogue: every message exists in English and Dutch and takes the
 * same values; `t` fills them and chooses one/other by `count`; the language follows Office's.
 */
import {
  catalogueOf,
  currentLanguage,
  format,
  languageOf,
  loadReasonWords,
  t,
  tf,
  tIn,
  useDisplayLanguage,
  type Message,
} from "../../../src/i18n";

const en = catalogueOf("en");
const nl = catalogueOf("nl");

/** The placeholder names a message takes (a plural one: both forms, and always `count`). */
function placeholders(message: Message): string[] {
  const texts = typeof message === "string" ? [message] : [message.one, message.other];
  const names = new Set<string>(typeof message === "string" ? [] : ["count"]);
  for (const text of texts) for (const m of text.matchAll(/\{([A-Za-z0-9_]+)\}/g)) names.add(m[1]);
  return [...names].sort();
}

describe("the catalogue", () => {
  it("has every English message in Dutch and no Dutch message English lacks", () => {
    expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(100);
  });

  it.each(Object.keys(en))("%s takes the same placeholders and kind in both", (key) => {
    const english = en[key as keyof typeof en];
    const dutch = nl[key as keyof typeof nl];
    expect(typeof dutch).toBe(typeof english);
    expect(placeholders(dutch)).toEqual(placeholders(english));
    const texts = typeof dutch === "string" ? [dutch] : [dutch.one, dutch.other];
    for (const text of texts) expect(text.trim()).not.toBe("");
  });

  it("translates: a Dutch message differs from the English one unless it is a name", () => {
    // Words spelled alike in both languages ("Token", "Post", "contract", the connection line's
    // punctuation).
    const same = Object.keys(en).filter(
      (key) =>
        JSON.stringify(en[key as keyof typeof en]) === JSON.stringify(nl[key as keyof typeof nl])
    );
    expect(same.sort()).toEqual(
      [
        "check.id.contract",
        // Field names Microsoft's Dutch screens keep as they are: Directory, Token, Headers.
        "connection.label.directory",
        "connection.label.header",
        "connection.label.headers",
        "connection.label.token",
        // "product" is Dutch too.
        "fn.kind.product",
        "pane.channel.post",
        "pane.connection.problem",
        "pane.headers.title",
        "pane.token",
      ].sort()
    );
  });
});

describe("t", () => {
  afterEach(() => useDisplayLanguage(() => undefined));

  it("follows Office's display language: nl-… is Dutch, anything else English", () => {
    expect(languageOf("nl-NL")).toBe("nl");
    expect(languageOf("nl-BE")).toBe("nl");
    expect(languageOf("NL")).toBe("nl");
    expect(languageOf("en-US")).toBe("en");
    expect(languageOf("de-DE")).toBe("en");
    expect(languageOf("nn-NO")).toBe("en");
    expect(languageOf(undefined)).toBe("en");
    useDisplayLanguage(() => "nl-NL");
    expect(currentLanguage()).toBe("nl");
    expect(t("pane.tab.invoices")).toBe("Facturen");
    useDisplayLanguage(() => {
      throw new Error("Office is not ready");
    });
    expect(t("pane.tab.invoices")).toBe("Invoices");
  });

  it("fills placeholders and chooses one or other by count", () => {
    expect(tIn("en", "card.plan.finished", { count: 1 })).toBe(
      "1 invoice approved earlier will be left alone."
    );
    expect(tIn("en", "card.plan.finished", { count: 3 })).toBe(
      "3 invoices approved earlier will be left alone."
    );
    expect(tIn("nl", "card.plan.finished", { count: 0 })).toBe(
      "0 eerder goedgekeurde facturen blijven ongemoeid."
    );
    expect(tIn("nl", "fn.arg.range", { rows: 2, cols: 3 })).toBe("een bereik van 2×3");
    expect(tIn("nl", "fn.arg.idEmpty", { label: "contractId" })).toBe(
      "contractId is leeg: geef de contractId (een id zoals 3f2504e0-4f89-11d3-9a0c-0305e82c3301)."
    );
  });

  it("tf, the functions' own part of the catalogue, says what t says for every fn.* key", async () => {
    // tf's Dutch words come with the Dutch reasons, a lazily loaded chunk (src/i18n/reasons.ts).
    await loadReasonWords("nl");
    const keys = Object.keys(en).filter((key) => key.startsWith("fn."));
    expect(keys.length).toBeGreaterThan(40);
    const values = { count: 2, label: "contractId", value: "x", message: "m", host: "h" };
    for (const display of ["en-US", "nl-NL"]) {
      useDisplayLanguage(() => display);
      for (const key of keys) {
        const say = (f: unknown) => (f as (k: string, v: object) => string)(key, values);
        expect({ key, text: say(tf) }).toEqual({ key, text: say(t) });
      }
    }
  });

  it("inserts values as they are, never reading placeholders inside them", () => {
    expect(format("Row {row}: {problems}", { row: 2, problems: "{row} <b>x</b>" })).toBe(
      "Row 2: {row} <b>x</b>"
    );
    expect(format("{missing} stays", {})).toBe("{missing} stays");
  });
});
