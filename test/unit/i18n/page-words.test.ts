/**
 * @jest-environment jsdom
 *
 * The pane's page words (src/taskpane/page-words.ts): taskpane.html's English equals the
 * catalogue's, every key it names exists, and in Dutch the page reads Dutch (text only: marks
 * become <b> and <code>, nothing is parsed as HTML).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { catalogueOf, isMessageKey, useDisplayLanguage } from "../../../src/i18n";
import { markedParts, translatePage } from "../../../src/taskpane/page-words";

const HTML = readFileSync(path.join(__dirname, "../../../src/taskpane/taskpane.html"), "utf8");
const en = catalogueOf("en");
const ATTRIBUTES = ["title", "aria-label", "placeholder"];

function loadPage(): void {
  const body = HTML.slice(HTML.indexOf("<body"), HTML.lastIndexOf("</body>") + 7);
  document.documentElement.innerHTML = `<head></head>${body}`;
}

/** An element's content written back as a marked text (`<b>x</b>` → `*x*`, `<code>` → backticks). */
function asMarked(el: Element): string {
  return Array.from(el.childNodes)
    .map((node) => {
      if (node.nodeType === node.TEXT_NODE) return node.textContent ?? "";
      const child = node as Element;
      if (child.tagName === "B") return `*${child.textContent}*`;
      if (child.tagName === "CODE") return `\`${child.textContent}\``;
      return child.textContent ?? "";
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

describe("taskpane.html's words", () => {
  beforeEach(loadPage);
  afterEach(() => useDisplayLanguage(() => undefined));

  it("names only catalogue keys, and its English is the catalogue's", () => {
    const tagged = Array.from(document.querySelectorAll("[data-i18n]"));
    expect(tagged.length).toBeGreaterThan(50);
    for (const el of tagged) {
      const key = el.getAttribute("data-i18n")!;
      expect(isMessageKey(key)).toBe(true);
      expect({ key, text: asMarked(el) }).toEqual({ key, text: en[key as keyof typeof en] });
    }
    for (const attribute of ATTRIBUTES) {
      for (const el of Array.from(document.querySelectorAll(`[data-i18n-${attribute}]`))) {
        const key = el.getAttribute(`data-i18n-${attribute}`)!;
        expect(isMessageKey(key)).toBe(true);
        expect({ key, text: el.getAttribute(attribute) }).toEqual({
          key,
          text: en[key as keyof typeof en],
        });
      }
    }
  });

  it("leaves no visible English heading, button or label untagged", () => {
    // Text a controller reads that is set by the page itself, not by a panel at run time.
    const untagged = Array.from(
      document.querySelectorAll(
        "h2, h3, legend, option, label, li, p.hint, fluent-button, fluent-tab"
      )
    ).filter((el) => {
      const own = Array.from(el.childNodes).some(
        (n) => n.nodeType === n.TEXT_NODE && (n.textContent ?? "").trim() !== ""
      );
      return own && !el.closest("[data-i18n]");
    });
    expect(untagged.map((el) => el.outerHTML.slice(0, 80))).toEqual([]);
  });

  it("reads Dutch under a Dutch Office, with marks as <b> and <code> and attributes translated", () => {
    useDisplayLanguage(() => "nl-NL");
    translatePage(document);
    expect(document.documentElement.lang).toBe("nl");
    expect(document.documentElement.getAttribute("data-words")).toBe("nl");
    expect(document.querySelector("#tab-invoices")?.textContent).toBe("Facturen");
    expect(document.querySelector("#empty-state h2")?.textContent).toBe("Facturen maken van rijen");
    const step3 = document.querySelectorAll("#empty-state li")[2];
    expect(asMarked(step3)).toBe(catalogueOf("nl")["pane.empty.step3"]);
    expect(step3.querySelectorAll("b")).toHaveLength(2);
    expect(document.querySelector("#refresh")?.getAttribute("title")).toBe(
      catalogueOf("nl")["pane.refresh.title"]
    );
    expect(document.querySelector("#base-url span")?.textContent).toBe("Basis-URL");
  });

  it("stays English under any other Office language", () => {
    useDisplayLanguage(() => "en-GB");
    translatePage(document);
    expect(document.documentElement.lang).toBe("en");
    expect(document.querySelector("#tab-invoices")?.textContent).toBe("Invoices");
  });
});

describe("markedParts", () => {
  it("splits bold and code marks and keeps markup characters as text", () => {
    expect(markedParts("Press *Check* on `invoiceRef` <b>")).toEqual([
      { kind: "text", text: "Press " },
      { kind: "b", text: "Check" },
      { kind: "text", text: " on " },
      { kind: "code", text: "invoiceRef" },
      { kind: "text", text: " <b>" },
    ]);
    expect(markedParts("plain")).toEqual([{ kind: "text", text: "plain" }]);
  });
});
