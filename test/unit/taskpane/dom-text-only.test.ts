import { h, setAttr, setText, toText, clear } from "../../../src/taskpane/dom";

/** A minimal element that fails the test if anything is parsed as HTML. */
class FakeElement {
  textContent: string | null = "";
  attributes = new Map<string, string>();
  children: FakeElement[] = [];
  constructor(readonly tag: string) {}
  get firstChild(): FakeElement | null {
    return this.children[0] ?? null;
  }
  set innerHTML(_v: string) {
    throw new Error("innerHTML used");
  }
  insertAdjacentHTML(): void {
    throw new Error("insertAdjacentHTML used");
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  appendChild(child: unknown): unknown {
    this.children.push(child as FakeElement);
    return child;
  }
  removeChild(child: unknown): unknown {
    this.children = this.children.filter((c) => c !== child);
    return child;
  }
}

const doc = { createElement: (tag: string) => new FakeElement(tag) };
const SCRIPT = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;

describe("putting text on the page", () => {
  it("keeps markup from a cell or the service as literal text", () => {
    const el = h(doc, "li", {}, SCRIPT);
    expect(el.textContent).toBe(SCRIPT);
    expect(el.children).toEqual([]);
  });

  it("wraps each of several texts in its own span, as text", () => {
    const el = h(doc, "p", { class: "x" }, "Row 7: ", SCRIPT, 42, null, false);
    expect(el.children.map((c) => [c.tag, c.textContent])).toEqual([
      ["span", "Row 7: "],
      ["span", SCRIPT],
      ["span", "42"],
    ]);
    expect(el.attributes.get("class")).toBe("x");
  });

  it("refuses event-handler attributes and script URLs", () => {
    const el = new FakeElement("a");
    expect(() => setAttr(el, "onclick", "alert(1)")).toThrow(/Refused/);
    expect(() => setAttr(el, "href", "javascript:alert(1)")).toThrow(/Refused/);
    expect(() => h(doc, "iframe", { srcdoc: SCRIPT })).toThrow(/Refused/);
    setAttr(el, "href", "https://billing.example.com");
    expect(el.attributes.get("href")).toBe("https://billing.example.com");
  });

  it("turns values into text and nothing else", () => {
    expect(toText(null)).toBe("");
    expect(toText(12.5)).toBe("12.5");
    expect(toText(true)).toBe("true");
    expect(toText({ toString: () => "<b>" })).toBe("");
    const el = new FakeElement("p");
    setText(el, undefined);
    expect(el.textContent).toBe("");
  });

  it("boolean attributes are set empty or left out", () => {
    const el = h(doc, "p", { hidden: true, disabled: false, title: undefined });
    expect([...el.attributes.entries()]).toEqual([["hidden", ""]]);
  });

  it("clears every child", () => {
    const el = h(doc, "ul", {}, h(doc, "li", {}, "a"), h(doc, "li", {}, "b"));
    clear(el);
    expect(el.children).toEqual([]);
  });

  it("takes a long list out of the drawing before emptying it, and gives its display back", () => {
    /** A drawn list: its inline style, and the display it was laid out with. */
    class DrawnList extends FakeElement {
      style = { display: "flex" };
      laidOutAs: string[] = [];
      removedWhile = new Set<string>();
      get childElementCount(): number {
        return this.children.length;
      }
      get offsetHeight(): number {
        this.laidOutAs.push(this.style.display);
        return 0;
      }
      override removeChild(child: unknown): unknown {
        this.removedWhile.add(this.style.display);
        return super.removeChild(child);
      }
    }
    const short = new DrawnList("ul");
    for (let i = 0; i < 3; i++) short.appendChild(new FakeElement("li"));
    clear(short);
    expect([short.children.length, short.laidOutAs, short.style.display]).toEqual([0, [], "flex"]);

    const long = new DrawnList("ul");
    for (let i = 0; i < 5000; i++) long.appendChild(new FakeElement("li"));
    clear(long);
    expect(long.children).toEqual([]);
    expect(long.laidOutAs).toEqual(["none"]);
    expect([...long.removedWhile]).toEqual(["none"]);
    expect(long.style.display).toBe("flex");
  });
});

describe("the task pane sources", () => {
  it("never use innerHTML, outerHTML, insertAdjacentHTML or document.write", async () => {
    const { readdirSync, readFileSync } = await import("fs");
    const { join } = await import("path");
    const dir = join(__dirname, "../../../src/taskpane");
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .filter((f) =>
        /\.(innerHTML|outerHTML|insertAdjacentHTML)\b|document\.write\(/.test(
          readFileSync(join(dir, f), "utf8")
        )
      );
    expect(offenders).toEqual([]);
  });

  it("never log to the console (settings and errors stay out of it)", async () => {
    const { readdirSync, readFileSync } = await import("fs");
    const { join } = await import("path");
    const dirs = ["../../../src/taskpane", "../../../src/commands"].map((d) => join(__dirname, d));
    const files = [
      ...dirs.flatMap((d) =>
        readdirSync(d)
          .filter((f) => f.endsWith(".ts"))
          .map((f) => join(d, f))
      ),
      join(__dirname, "../../../src/excel/settings-store.ts"),
    ];
    const offenders = files.filter((f) => /\bconsole\.\w+\(/.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
