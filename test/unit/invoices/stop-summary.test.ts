/**
 * A run's technical summary line gives its seconds with exactly one decimal, in the language's own
 * decimal separator and without thousands grouping: "3.0 s" / "3,0 s", "1234.5 s" / "1234,5 s".
 * (Why stop.ts keeps its own formatting rather than src/i18n's numberText, which writes 3 and 1,234.5.)
 */
import { sayIn } from "../../../src/i18n";
import { summaryLine } from "../../../src/invoices/engine/stop";

const STATES = ["approved", "failed"] as const;
const COUNTS = { approved: 10, failed: 1 };

describe("summaryLine's seconds", () => {
  it("are rounded to one decimal in English", () => {
    expect(summaryLine(STATES, COUNTS, 12_345, 52)).toBe(
      "10 approved, 1 failed in 12.3 s (52 requests)"
    );
    expect(summaryLine(STATES, COUNTS, 12_360, 1)).toBe(
      "10 approved, 1 failed in 12.4 s (1 request)"
    );
  });

  it("keep their one decimal for a whole number of seconds, and are never grouped", () => {
    expect(summaryLine(STATES, COUNTS, 3_000, 2)).toMatch(/ in 3\.0 s /);
    expect(summaryLine(STATES, COUNTS, 1_234_500, 2)).toMatch(/ in 1234\.5 s /);
  });

  it("use the Dutch decimal comma in Dutch", () => {
    const say = sayIn("nl");
    const words = { say, label: (s: string) => s };
    expect(summaryLine(STATES, COUNTS, 12_345, 52, undefined, words)).toMatch(
      / in 12,3 s \(52 verzoeken\)$/
    );
    expect(summaryLine(STATES, COUNTS, 3_000, 2, undefined, words)).toMatch(/ in 3,0 s /);
    expect(summaryLine(STATES, COUNTS, 1_234_500, 2, undefined, words)).toMatch(/ in 1234,5 s /);
  });
});
