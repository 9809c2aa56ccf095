/**
 * npm run bench:preview — the whole Create-and-approve run through the real task pane in the
 * preview: 10,000 sheet rows making 5,000 invoices of 2 lines (rows group into
 * invoices by `invoiceRef`), the simulator in its own process at bench:invoices' latency (20 ms),
 * approval (3 s) and number (0.8 s) times, Chromium driving the pane over the preview's fake Excel
 * answering as Excel on the web (`?host=excel-web`: its 5 MB per sync enforced and counted). See
 * docs/benchmarks/preview.md.
 *
 * Measured, from the click on "Create and approve" in the confirmation to the summary:
 * - wall time, beside the bulk floor of bench:invoices for the same invoice count;
 * - Excel syncs (round trips of the fake host, `syncLog`) and the largest request and response of
 *   one sync, as JSON of what it wrote and loaded — machine-independent;
 * - the pane answering clicks: every ~second a click on the other tab (Invoices ↔ Lookups) at its
 *   place on screen, timed in the pane from the input event's own time to the DOM change;
 * - progress: every change of the bar or its line stamped by a MutationObserver; the largest gap
 *   from the first progress to the summary;
 * - the page's main-thread busy time (CDP `Performance.getMetrics`: TaskDuration, ScriptDuration,
 *   LayoutDuration, RecalcStyleDuration) — the pane, the fake Excel and the grid share that thread;
 * - the truth: every row's invoice in the simulator's store, approved, with the row's number; no
 *   invoice in the store that no row names.
 *
 * Flags: --invoices N (5000); --with-undo keeps the preview's undo emulation (off by default: it
 * copies the whole workbook at every sync, which Excel does not); --with-grid leaves the preview's
 * grid on screen (hidden by default: its drawing is the preview's, not the pane's). BILLING_BENCH_DIST=<folder> reuses a development build
 * (test/e2e/support/build.ts). BENCH_PROFILE=1 prints the functions with the most self time.
 */
import { loadavg } from "node:os";
import type { CDPSession, Frame, Page } from "playwright-core";
import { DEFAULT_OPTIONS, DEMO } from "../simulator";
import { BULK_CHUNK_SIZE } from "../src/api";
import {
  DEFAULT_APPROVAL_TIMEOUT_MS,
  DEFAULT_CONCURRENCY,
  DEFAULT_POLL_INTERVAL_MS,
} from "../src/invoices";
import { SETTINGS_KEY, openPreview } from "../test/e2e/support/preview-page";
import { bulkFloor } from "./lib/bulk-floor";
import { startProfile } from "./lib/cpu-profile";
import {
  clickAnswers,
  installPaneWatch,
  largestProgressGap,
  readPaneStamps,
  runTruth,
  syncStats,
} from "./lib/pane-watch";
import {
  fillTable,
  selectTableBody,
  sheetRows,
  syncCount,
  syncRecords,
} from "./lib/preview-workbook";
import type { FillSpec, SheetRow } from "./lib/preview-workbook";
import { startPreviewStack } from "./lib/preview-stack";
import type { SimulatorProcess, StoreRow } from "./lib/simulator-process";
import { figure, renderTable, verdict } from "./lib/table";

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const INVOICES = flag("invoices", 5000);
const LINES = 2;
/** `--with-undo`: keep the preview's undo emulation on (see below). */
const WITH_UNDO = process.argv.includes("--with-undo");
/** `--with-grid`: leave the preview's grid on screen (see below). */
const WITH_GRID = process.argv.includes("--with-grid");
/** `--send`: after the run, Send to customers on the same rows (at the pane). */
const SEND = process.argv.includes("--send");
/** `--credit`: then Credit the same rows (after the send, with `--send`). */
const CREDIT = process.argv.includes("--credit");
const ROWS = INVOICES * LINES;
/** bench:invoices' service: 20 ms a request, 3 s to approve, 0.8 s more until the number. */
const LATENCY_MS = 20;
const APPROVAL_DELAY_MS = 3000;
const NUMBER_DELAY_MS = 800;
/** Excel on the web's limit per sync, request and response (HOSTS; Microsoft's resource limits page). */
const FIVE_MB = 5 * 1024 * 1024;
const CLICK_EVERY_MS = 1000;
const CLICK_TARGET_MS = 200;
/**
 * Progress at least once a second: the pane's tick moves the line every 1,000 ms by the browser's
 * timer, which a busy main thread runs a little late; 50 ms is allowed for that lateness.
 */
const PROGRESS_GAP_TARGET_MS = 1000;
const TIMER_LATENESS_MS = 50;
/** Longest wait for the run (5,000 invoices take minutes on a busy machine). */
const RUN_TIMEOUT_MS = 30 * 60_000;

/** bench:invoices' bulk floor (lib/bulk-floor.ts): the larger of its chain and its throughput bound. */
function bulkFloorMs(invoices: number): number {
  return bulkFloor(invoices, {
    latencyMs: LATENCY_MS,
    concurrency: DEFAULT_CONCURRENCY,
    approvalDelayMs: APPROVAL_DELAY_MS,
    numberDelayMs: NUMBER_DELAY_MS,
    pageSize: DEFAULT_OPTIONS.pageSize,
    bulkChunkSize: BULK_CHUNK_SIZE,
  }).floorMs;
}

const loadLine = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} (2 shared cores)`;
const ms = (n: number) => (Number.isFinite(n) ? `${figure(n)} ms` : "no answer");
const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** The page renderer's main-thread times so far (CDP Performance.getMetrics, in ms). */
/** The page, the pane's frame and a CDP session of the page. */
interface PaneBench {
  sim: SimulatorProcess;
  page: Page;
  frame: Frame;
  cdp: CDPSession;
  pane: ReturnType<Page["frameLocator"]>;
}

/** What one run through the pane measured. */
interface RunFigures {
  label: string;
  summaryText: string;
  confirmMs: number;
  wallMs: number;
  settledMs: number;
  gap: { gapMs: number; at: number };
  progressUpdates: number;
  answers: number[];
  syncs: ReturnType<typeof syncStats>;
  busy: Record<string, number>;
  loadBefore: string;
  loadAfter: string;
  /** Requests the service answered by kind: while the confirmation was prepared, during the run. */
  confirmRequests: Record<string, number>;
  runRequests: Record<string, number>;
  /** While the confirmation was prepared: the simulator process's CPU, the page's main thread. */
  confirmServiceCpuMs: number;
  confirmMainThreadMs: number;
}

/** `after` less `before`, kind by kind (kinds with none left out). */
function requestsBetween(
  before: Record<string, number>,
  after: Record<string, number>
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [kind, n] of Object.entries(after))
    if (n - (before[kind] ?? 0) > 0) out[kind] = n - (before[kind] ?? 0);
  return out;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((n, c) => n + c, 0);

/**
 * One run through the pane: `opener` (Create and approve, Send to customers) opens the
 * confirmation, its "yes" starts the run; clicks on the tabs every second until the run card
 * settles. `confirm` does what the confirmation asks before its "yes" (Credit: type the count).
 * Returns its figures.
 */
async function timeRun(
  bench: PaneBench,
  opener: string,
  confirm?: () => Promise<void>
): Promise<RunFigures> {
  const { sim, page, frame, cdp, pane } = bench;
  const label = ((await pane.locator(opener).textContent()) ?? opener).trim();
  await frame.evaluate(installPaneWatch);
  const syncsBefore = await syncCount(page);
  const loadBefore = loadLine();
  console.log(`${label}: ${loadBefore} at the start.`);
  const requests0 = await sim.requests();
  const cpuAsked = await mainThread(cdp);
  const asked = performance.now();
  await pane.locator(opener).click();
  await pane.locator("#confirm-yes").waitFor({ state: "visible" });
  const confirmMs = performance.now() - asked;
  const requests1 = await sim.requests();
  const cpuShown = await mainThread(cdp);
  await confirm?.();
  const cpu0 = await mainThread(cdp);
  const profile = process.env.BENCH_PROFILE ? await startProfile(cdp) : undefined;
  const startAt = await frame.evaluate(() => performance.now());
  await pane.locator("#confirm-yes").click();
  let settled = false;
  const clicking = keepClicking(page, frame, () => settled);
  await pane.locator('#run-card[data-run="settled"]').waitFor({ state: "attached" });
  settled = true;
  await clicking;
  const cpu1 = await mainThread(cdp);
  const requests2 = await sim.requests();
  if (profile) console.log(`${label}, most self time:\n${await profile()}\n`);
  const loadAfter = loadLine();
  const stamps = await frame.evaluate(readPaneStamps);
  if (process.env.BENCH_STAMPS) {
    for (const p of stamps.progress) console.log(`progress ${seconds(p.at - startAt)} ${p.text}`);
    for (const c of stamps.clicks)
      console.log(
        `click at ${seconds(c.inputAt - startAt)}: handled +${ms(c.handledAt - c.inputAt)}, answered +${ms((c.answeredAt ?? Infinity) - c.inputAt)}`
      );
  }
  const summaryText = ((await pane.locator("#summary-text").textContent()) ?? "").trim();
  console.log(`${label}: ${summaryText} (${loadAfter} at the end).`);
  const summaryAt = stamps.summaryAt ?? Infinity;
  const settledAt = stamps.settledAt ?? summaryAt;
  const busy: Record<string, number> = {};
  for (const key of Object.keys(cpu1)) busy[key] = cpu1[key] - cpu0[key];
  return {
    label,
    summaryText,
    confirmMs,
    wallMs: summaryAt - startAt,
    settledMs: settledAt - startAt,
    gap: (({ gapMs, at }) => ({ gapMs, at: at - startAt }))(
      largestProgressGap(
        stamps.progress.map((p) => p.at),
        stamps.progress[0]?.at ?? startAt,
        summaryAt
      )
    ),
    progressUpdates: stamps.progress.length,
    answers: clickAnswers(stamps.clicks),
    syncs: syncStats(await syncRecords(page, syncsBefore)),
    busy,
    loadBefore,
    loadAfter,
    confirmRequests: requestsBetween(requests0.counts, requests1.counts),
    runRequests: requestsBetween(requests1.counts, requests2.counts),
    confirmServiceCpuMs: requests1.cpuMs - requests0.cpuMs,
    confirmMainThreadMs: cpuShown.task - cpuAsked.task,
  };
}

/** The requests of each run by kind: while its confirmation was prepared, and during the run. */
function requestRows(runs: RunFigures[]): string[][] {
  const rows: string[][] = [];
  for (const r of runs) {
    const kinds = [...new Set([...Object.keys(r.confirmRequests), ...Object.keys(r.runRequests)])];
    for (const kind of kinds.sort())
      rows.push([
        r.label,
        kind,
        figure(r.confirmRequests[kind] ?? 0),
        figure(r.runRequests[kind] ?? 0),
      ]);
    rows.push([r.label, "all", figure(total(r.confirmRequests)), figure(total(r.runRequests))]);
  }
  return rows;
}

/** The figures table: one column per run. */
function figureRows(runs: RunFigures[], create: RunFigures, floor: number): string[][] {
  const each = (name: string, value: (r: RunFigures) => string) => [name, ...runs.map(value)];
  const slowest = (r: RunFigures) => (r.answers.length > 0 ? Math.max(...r.answers) : 0);
  const median = (r: RunFigures) =>
    [...r.answers].sort((a, b) => a - b)[Math.floor(r.answers.length / 2)] ?? 0;
  return [
    each("button → confirmation shown (rows read, planned/asked)", (r) => ms(r.confirmMs)),
    each(
      "… the service's CPU / the page's main thread meanwhile",
      (r) => `${ms(r.confirmServiceCpuMs)} / ${ms(r.confirmMainThreadMs)}`
    ),
    each(
      "requests to the service: confirmation / run",
      (r) => `${figure(total(r.confirmRequests))} / ${figure(total(r.runRequests))}`
    ),
    each("click on the confirmation → summary shown", (r) => seconds(r.wallMs)),
    each("click → settled (results list, Billing log written)", (r) => seconds(r.settledMs)),
    each(`bench:invoices bulk floor (${figure(INVOICES)} invoices)`, (r) =>
      r === create ? seconds(floor) : ""
    ),
    each("run ÷ bulk floor", (r) => (r === create ? `${(r.wallMs / floor).toFixed(2)} ×` : "")),
    each("Excel syncs (round trips)", (r) => figure(r.syncs.roundTrips)),
    each("syncs per 1,000 rows", (r) => figure((r.syncs.roundTrips / ROWS) * 1000, 2)),
    each("largest request of one sync (JSON written)", (r) => mb(r.syncs.largestRequestBytes)),
    each("largest response of one sync (JSON loaded)", (r) => mb(r.syncs.largestResponseBytes)),
    each("all requests together", (r) => mb(r.syncs.totalRequestBytes)),
    each(
      "most cells written / read in one sync",
      (r) => `${figure(r.syncs.largestCellsWritten)} / ${figure(r.syncs.largestCellsRead)}`
    ),
    each("progress updates (bar or line changed)", (r) => figure(r.progressUpdates)),
    each(
      "largest gap between progress updates",
      (r) => `${ms(r.gap.gapMs)} at ${seconds(r.gap.at)}`
    ),
    each("clicks on a tab during the run", (r) => figure(r.answers.length)),
    each("click → pane changed: median / slowest", (r) => `${ms(median(r))} / ${ms(slowest(r))}`),
    each(
      "page main thread busy (TaskDuration)",
      (r) => `${ms(r.busy.task)} (${((r.busy.task / r.settledMs) * 100).toFixed(0)} %)`
    ),
    each(
      "… of it script / layout / style",
      (r) => `${ms(r.busy.script)} / ${ms(r.busy.layout)} / ${ms(r.busy.style)}`
    ),
    each("main thread per invoice", (r) => ms(r.busy.task / INVOICES)),
  ];
}

/** One run's judgements: syncs within Excel on the web's limits, clicks answered, progress. */
function targetRows(r: RunFigures): string[][] {
  const slowest = r.answers.length > 0 ? Math.max(...r.answers) : Infinity;
  return [
    [
      `${r.label}: every sync's request ≤ 5 MB (Excel on the web)`,
      mb(r.syncs.largestRequestBytes),
      verdict(r.syncs.largestRequestBytes <= FIVE_MB),
    ],
    [
      `${r.label}: every sync's response ≤ 5 MB`,
      mb(r.syncs.largestResponseBytes),
      verdict(r.syncs.largestResponseBytes <= FIVE_MB),
    ],
    [
      `${r.label}: each click answered ≤ ${CLICK_TARGET_MS} ms`,
      `slowest ${ms(slowest)} of ${r.answers.length}`,
      verdict(slowest <= CLICK_TARGET_MS),
    ],
    [
      `${r.label}: progress at least every ${PROGRESS_GAP_TARGET_MS} ms (+ ${TIMER_LATENESS_MS} ms timer lateness)`,
      `largest gap ${ms(r.gap.gapMs)}`,
      verdict(r.gap.gapMs <= PROGRESS_GAP_TARGET_MS + TIMER_LATENESS_MS),
    ],
  ];
}

async function mainThread(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const pick = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    task: pick("TaskDuration"),
    script: pick("ScriptDuration"),
    layout: pick("LayoutDuration"),
    style: pick("RecalcStyleDuration"),
  };
}

/**
 * Every `CLICK_EVERY_MS` until `done()`: a click on the tab that is not shown (Lookups, then
 * Invoices again), by the mouse at the tab's place — no waiting for the element to be ready, as a
 * person does not wait. Ends on the Invoices tab.
 */
async function keepClicking(page: Page, frame: Frame, done: () => boolean): Promise<number> {
  const centre = async (id: string) => {
    const box = await frame.locator(`#${id}`).boundingBox();
    if (!box) throw new Error(`#${id} is not on screen`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const tabs = [await centre("tab-lookups"), await centre("tab-invoices")];
  let clicks = 0;
  while (!done()) {
    await new Promise((r) => setTimeout(r, CLICK_EVERY_MS));
    if (done()) break;
    const at = tabs[clicks % 2];
    await page.mouse.click(at.x, at.y);
    clicks += 1;
  }
  if (clicks % 2 === 1) await page.mouse.click(tabs[1].x, tabs[1].y);
  return clicks;
}

/**
 * Credit's truth against the store: every invoice of the run credited by exactly one credit note
 * (no note without its invoice, none twice), and every row `credited` with that note's id and number.
 */
function creditTruth(all: StoreRow[], rows: SheetRow[]): string[][] {
  const notes = all.filter((i) => i.type === "creditnote");
  const originals = all.filter((i) => i.type !== "creditnote");
  const notesOf = new Map<string, StoreRow[]>();
  for (const n of notes) {
    const of = (n.creditedInvoiceId ?? "").toLowerCase();
    notesOf.set(of, [...(notesOf.get(of) ?? []), n]);
  }
  const once = originals.filter((i) => {
    const own = notesOf.get(i.id.toLowerCase()) ?? [];
    return own.length === 1 && own[0].id === i.creditedByInvoiceId;
  }).length;
  const byId = new Map(all.map((i) => [i.id.toLowerCase(), i]));
  const shown = rows.filter((r) => {
    const note = byId.get((r.creditNoteId ?? "").toLowerCase());
    const original = byId.get((r.invoiceId ?? "").toLowerCase());
    return (
      r.status === "credited" &&
      note !== undefined &&
      original?.creditedByInvoiceId === note.id &&
      (note.invoiceNum ?? "") !== "" &&
      note.invoiceNum === r.creditNoteNum
    );
  }).length;
  return [
    [
      "Credit: every invoice credited exactly once",
      `${figure(once)} / ${figure(INVOICES)}`,
      verdict(once === INVOICES && notes.length === INVOICES),
    ],
    [
      "Credit: every row says credited with the store's note and number",
      `${figure(shown)} / ${figure(ROWS)}`,
      verdict(shown === ROWS),
    ],
  ];
}

async function main(): Promise<void> {
  console.log(
    `Preview benchmark: Create and approve of ${figure(ROWS)} rows = ${figure(INVOICES)} invoices of ${LINES} lines ` +
      `through the real task pane (Chromium, preview's fake Excel as Excel on the web), simulator (own process) ` +
      `latency ${LATENCY_MS} ms, approval ${APPROVAL_DELAY_MS} + number ${NUMBER_DELAY_MS} ms, poll interval ` +
      `${DEFAULT_POLL_INTERVAL_MS} ms, concurrency ${DEFAULT_CONCURRENCY}.`
  );
  const stops: (() => Promise<unknown>)[] = [];
  try {
    const { sim, env } = await startPreviewStack(
      { latencyMs: LATENCY_MS, approvalDelayMs: APPROVAL_DELAY_MS, numberDelayMs: NUMBER_DELAY_MS },
      stops
    );
    // The pane's settings: the simulator, and the engine's defaults (as bench:invoices runs them).
    const settings = {
      connection: { baseUrl: sim.url, headers: {}, credential: { kind: "none" } },
      pollIntervalMs: DEFAULT_POLL_INTERVAL_MS,
      approvalTimeoutMs: DEFAULT_APPROVAL_TIMEOUT_MS,
    };
    const preview = await openPreview(env, {
      host: "excel-web",
      beforeLoad: async (context) => {
        await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
          SETTINGS_KEY,
          JSON.stringify(settings),
        ] as const);
      },
    });
    const { page, pane } = preview;
    page.setDefaultTimeout(RUN_TIMEOUT_MS);
    const frame = preview.paneFrame();
    // tsx (esbuild) names inner functions through a `__name` helper the page does not have.
    await page.evaluate("window.__name = (f) => f");
    await frame.evaluate("window.__name = (f) => f");
    // The preview emulates Excel's undo stack (ExcelApi 1.20+) by cloning every sheet's cells before
    // each sync and comparing them all after it (preview/fake-excel/undo-stack.ts): O(sheet) per
    // sync, the preview's cost, not Excel's nor ours. Off unless --with-undo; the pane still runs
    // its write-back as one undo group (`mergeUndoGroup`), as on Excel.
    // The preview redraws its grid in the pane's renderer at every change of the workbook, each
    // time over every cell of the sheet (its used range): most of the main thread at 5,000
    // invoices. Excel draws its grid in its own process (and on the web the add-in's frame is
    // another origin). Unless --with-grid, the grid (and the chart layer) stop listening and are
    // hidden; the formula engine still listens.
    if (!WITH_GRID) {
      await page.addStyleTag({ content: "#grid-scroll { display: none !important; }" });
      await page.evaluate(() => {
        const model = (
          window as unknown as {
            billingPreview: { model: { listeners: Set<(change: unknown) => void> } };
          }
        ).billingPreview.model;
        const views = [...model.listeners].filter((l) => String(l).includes("this.render()"));
        // The grid's and the chart layer's `() => this.render()` (preview/grid-view.ts, chart-view.ts).
        if (views.length === 0)
          throw new Error("the preview's grid no longer subscribes as expected");
        for (const listener of views) model.listeners.delete(listener);
      });
    }
    if (!WITH_UNDO) await page.evaluate("window.billingPreview.model.undo = undefined");

    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    // Van den Berg pays by direct debit without a mandate: the service refuses to approve its
    // invoices (as bench:invoices' sheet, lib/invoice-sheet.ts, leaves it out).
    const customers = Object.values(DEMO.customers).filter((c) => c !== DEMO.customers.vandenBerg);
    const filled = await page.evaluate(fillTable, {
      rows: ROWS,
      lines: LINES,
      customers,
      bankAccount: DEMO.bankAccounts.main,
      taxCodes: Object.values(DEMO.taxCodes),
    } satisfies FillSpec);
    console.log(`Filled ${filled.address} (${filled.columns} columns) and selected them.`);

    const before = new Set((await sim.store()).map((i) => i.id));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    const bench: PaneBench = { sim, page, frame, cdp, pane };

    const create = await timeRun(bench, "#create");
    const store = (await sim.store()).filter((i) => !before.has(i.id));
    const rows = await sheetRows(page, ROWS, ["invoiceRef", "invoiceId", "invoiceNum", "status"]);
    const truth = runTruth(
      rows.map((r) => ({
        invoiceRef: r.invoiceRef,
        invoiceId: r.invoiceId,
        invoiceNum: r.invoiceNum,
        status: r.status,
      })),
      store
    );
    const runs = [create];
    const truthLines: string[][] = [
      [
        "Create: 0 duplicates (invoices no row names)",
        figure(truth.duplicates),
        verdict(truth.duplicates === 0),
      ],
      ["Create: 0 lost rows", figure(truth.lostRows), verdict(truth.lostRows === 0)],
      [
        "Create: every row approved with the store's number",
        `${figure(truth.trueRows)} / ${figure(ROWS)}`,
        verdict(truth.trueRows === ROWS && truth.splitRefs === 0),
      ],
      [
        "Create: every invoice approved once",
        `${figure(truth.approvedInvoices)} / ${figure(INVOICES)}`,
        verdict(truth.approvedInvoices === INVOICES && store.length === INVOICES),
      ],
    ];
    if (SEND) {
      // Send the approved invoices by email: the same rows selected again, Send to customers.
      await page.evaluate(selectTableBody, {});
      const send = await timeRun(bench, "#send-invoices");
      runs.push(send);
      const sent = (await sim.store()).filter((i) => !before.has(i.id));
      const sentRows = await sheetRows(page, ROWS, ["invoiceId", "sent"]);
      const once = sent.filter((i) => i.sent === "sent" && i.sendCount === 1).length;
      const shown = sentRows.filter((r) => r.sent === "sent").length;
      truthLines.push(
        [
          "Send: every invoice sent exactly once",
          `${figure(once)} / ${figure(INVOICES)}`,
          verdict(once === INVOICES && sent.every((i) => i.sendCount <= 1)),
        ],
        ["Send: every row says sent", `${figure(shown)} / ${figure(ROWS)}`, verdict(shown === ROWS)]
      );
    }
    if (CREDIT) {
      // Credit the invoices: the same rows selected again, Credit, the count typed, then the button.
      await page.evaluate(selectTableBody, {});
      const credit = await timeRun(bench, "#credit-invoices", async () => {
        await page.keyboard.type(String(INVOICES));
        await pane.locator("#confirm-yes:not([disabled])").waitFor({ state: "visible" });
      });
      runs.push(credit);
      const all = (await sim.store()).filter((i) => !before.has(i.id));
      const creditRows = await sheetRows(page, ROWS, [
        "invoiceId",
        "status",
        "creditNoteId",
        "creditNoteNum",
      ]);
      truthLines.push(...creditTruth(all, creditRows));
    }

    const floor = bulkFloorMs(INVOICES);
    console.log("");
    console.log(
      renderTable(["figure", ...runs.map((r) => r.label)], figureRows(runs, create, floor))
    );
    console.log("");
    console.log(
      renderTable(
        ["run", "requests to the service by kind", "confirmation", "run"],
        requestRows(runs)
      )
    );
    console.log("");
    console.log(
      renderTable(
        ["target", "measured", "verdict"],
        [
          ...runs.flatMap(targetRows),
          ...truthLines,
          [
            "Create: ≤ 1.2 × bulk floor (quiet machine only)",
            `${(create.wallMs / floor).toFixed(2)} ×`,
            verdict(create.wallMs <= 1.2 * floor),
          ],
        ]
      )
    );
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
