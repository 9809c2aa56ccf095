/**
 * axe-core in the task pane frame: its source is injected into the frame (no network), then run on
 * the whole pane. Returns the serious and critical violations, described for a failing assertion.
 */
import fs from "node:fs";
import type { Frame } from "playwright-core";

const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** One violation, short enough to read in a test failure. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe on `frame` (WCAG 2.x A/AA and best practices) and returns serious/critical findings;
 * `within` (a CSS selector) limits it to one part of the page.
 */
export async function seriousAxeFindings(frame: Frame, within?: string): Promise<AxeFinding[]> {
  // Colours mid-transition (a button just re-enabled fades in) are not the colours a person reads.
  await frame.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== "running")
  );
  await frame.evaluate(AXE_SOURCE);
  const violations = await frame.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown
          ): Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: unknown[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [[selector]] } : document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  }, within);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
