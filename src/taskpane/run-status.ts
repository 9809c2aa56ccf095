/**
 * The progress bar and the summary box of a run, as the invoice run and the send and credit runs
 * show them alike: the bar while it runs, the summary coloured by its worst outcome — ok (all
 * done), warn (still open), bad (failed).
 */
import { t } from "../i18n";
import { setText } from "./dom";
import { show } from "./ui";

/** The elements of one run's progress and summary. */
export interface RunStatusElements {
  progressBlock: HTMLElement;
  progress: HTMLElement;
  progressText: HTMLElement;
  summary: HTMLElement;
  summaryText: HTMLElement;
}

/** Shows `progress` (or hides the bar) and `summary`'s text and tone (or hides the box). */
export function renderRunStatus(
  el: RunStatusElements,
  progress: { done: number; total: number; text: string } | undefined,
  summary: { text: string; tone: "success" | "warning" | "error" } | undefined
): void {
  show(el.progressBlock, progress !== undefined);
  if (progress) {
    el.progress.setAttribute("max", String(Math.max(progress.total, 1)));
    el.progress.setAttribute("value", String(progress.done));
    setText(
      el.progressText,
      t("card.progress", { done: progress.done, total: progress.total, text: progress.text })
    );
  }
  show(el.summary, summary !== undefined);
  el.summary.classList.toggle("ok", summary?.tone === "success");
  el.summary.classList.toggle("warn", summary?.tone === "warning");
  el.summary.classList.toggle("bad", summary?.tone === "error");
  el.summary.setAttribute("data-tone", summary?.tone ?? "");
  setText(el.summaryText, summary?.text ?? "");
}
