import { QUOTE_LIMIT, quoteShort } from "../../../src/api/short-text";

describe("quoteShort: a value echoed in a message", () => {
  it("quotes a short value whole", () => {
    expect(quoteShort("Jansen BV")).toBe('"Jansen BV"');
    expect(quoteShort("x".repeat(QUOTE_LIMIT))).toBe(`"${"x".repeat(QUOTE_LIMIT)}"`);
  });

  it("cuts a long value and says how long it was, with thousands separators", () => {
    expect(quoteShort("x".repeat(10_000))).toBe(`"${"x".repeat(39)}…" (10,000 characters)`);
    expect(quoteShort("abcdef", 4)).toBe('"abc…" (6 characters)');
  });

  it("never cuts a character in two (emoji, astral plane)", () => {
    const text = "😀".repeat(50);
    expect(quoteShort(text)).toBe(`"${"😀".repeat(39)}…" (50 characters)`);
  });
});
