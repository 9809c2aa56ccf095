/**
 * npm run bench:status — 500 BILLING.INVOICESTATUS cells on 500 invoices being approved: how many reads the cells cost per polling interval (one batched read — a page-set of the
 * filter — is the target, not one request per cell), the shortest time between two reads (never
 * under the service's 2 s), and whether every cell ends on the number the service gave. The real
 * poller with its default interval, the simulator in this process with 20 ms latency, approval
 * taking several intervals. Prints a table; exit 0.
 */
import "./lib/custom-functions-shim";
import { createBillingClient } from "../src/api";
import type { ConnectionSettings } from "../src/api";
import { configureConnection } from "../src/functions/connection";
import { invoiceStatusFunction } from "../src/functions/functions";
import { configureStatusPoller } from "../src/functions/invoice-status";
import { DEFAULT_POLL_INTERVAL_MS, POLL_INTERVAL_RANGE_MS } from "../src/invoices";
import { createSimulator, DEMO } from "../simulator";
import { figure, renderTable, verdict } from "./lib/table";

const CELLS = 500;
const LATENCY_MS = 20;
/** Items per page of the filter (the simulator's live paging): a read is ⌈500 ÷ 100⌉ = 5 pages. */
const PAGE_SIZE = 100;
const APPROVAL_DELAY_MS = 6_000;
const NUMBER_DELAY_MS = 1_500;

/** A streaming cell: its last value, and a promise of its first final one. */
function streamingCell(id: string) {
  let last: unknown;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const invocation = {
    setResult(value: unknown) {
      last = value;
      if (typeof value === "string" && /^approved \S+$/.test(value)) done();
    },
    onCanceled: undefined as undefined | (() => void),
  };
  invoiceStatusFunction(id, invocation as unknown as CustomFunctions.StreamingInvocation<string>);
  return { id, finished, last: () => last };
}

async function main(): Promise<void> {
  const sim = await createSimulator({
    port: 0,
    dialect: "live",
    pageSize: PAGE_SIZE,
    latencyMs: LATENCY_MS,
    approvalDelayMs: APPROVAL_DELAY_MS,
    numberDelayMs: NUMBER_DELAY_MS,
  });
  const settings: ConnectionSettings = {
    baseUrl: sim.url,
    headers: {},
    credential: { kind: "none" },
  };
  try {
    // 500 drafts, approved in bulk: all of them "approvalinprogress" for the next 6 s.
    const setup = createBillingClient(settings, { rateGovernor: false });
    const ids: string[] = [];
    for (let i = 0; i < CELLS; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, CELLS - i) }, (_, k) =>
          setup.createInvoice({
            customerId: DEMO.customers.jansen,
            companyBankAccountId: DEMO.bankAccounts.main,
            externalReference: `STATUS-${i + k}`,
            lines: [
              { taxCodeId: DEMO.taxCodes.vat21, description: "Status", quantity: 1, unitPrice: 10 },
            ],
          })
        )
      );
      ids.push(...batch.map((inv) => inv.id));
    }
    await setup.bulkApprove(ids, "2026-06-01T00:00:00Z");

    let requests = 0;
    configureConnection({
      loadSettings: async () => settings,
      client: { onRequest: () => requests++ },
    });
    const reads: { at: number; invoices: number }[] = [];
    configureStatusPoller({ onRead: (read) => reads.push(read) });
    sim.log.clear();
    const started = performance.now();
    const cells = ids.map(streamingCell);
    await Promise.all(cells.map((c) => c.finished));
    const wallMs = performance.now() - started;

    const numbers = new Map(
      (await setup.getInvoicesByIds(ids)).map((inv) => [inv.id, inv.invoiceNum])
    );
    const right = cells.filter((c) => c.last() === `approved ${numbers.get(c.id)}`).length;
    const intervals = Math.ceil(wallMs / DEFAULT_POLL_INTERVAL_MS);
    const gaps = reads.slice(1).map((r, i) => r.at - reads[i].at);
    const shortestGap = gaps.length > 0 ? Math.min(...gaps) : Number.POSITIVE_INFINITY;
    const pagesPerRead = Math.ceil(CELLS / PAGE_SIZE);
    const perCellGets = sim.log.count("GET", /\/api\/bill\/Invoices\//i);

    console.log(
      `Status benchmark: ${CELLS} INVOICESTATUS cells on ${CELLS} invoices being approved (approval ${APPROVAL_DELAY_MS} ms, ` +
        `number ${NUMBER_DELAY_MS} ms later), simulator latency ${LATENCY_MS} ms, filter pages of ${PAGE_SIZE}, ` +
        `the poller's default interval ${DEFAULT_POLL_INTERVAL_MS} ms.\n`
    );
    console.log(
      renderTable(
        ["", "measured"],
        [
          ["time until every cell showed its number (ms)", figure(wallMs)],
          ["polling intervals in that time", figure(intervals)],
          ["batched reads (page-sets)", figure(reads.length)],
          ["HTTP requests (all filter pages)", figure(requests)],
          ["requests of one cell's own (GET by id)", figure(perCellGets)],
          ["shortest time between two reads (ms)", figure(shortestGap)],
          ["cells ending on the service's number", `${figure(right)} of ${figure(CELLS)}`],
        ]
      )
    );
    console.log("");
    console.log(
      renderTable(
        ["target", "measured", "result"],
        [
          [
            "reads <= one per interval",
            `${figure(reads.length)} in ${figure(intervals)}`,
            verdict(reads.length <= intervals),
          ],
          [
            `requests <= reads × ${pagesPerRead} pages`,
            figure(requests),
            verdict(requests <= reads.length * pagesPerRead && perCellGets === 0),
          ],
          [
            `no two reads within ${POLL_INTERVAL_RANGE_MS.min} ms`,
            figure(shortestGap),
            verdict(shortestGap >= POLL_INTERVAL_RANGE_MS.min),
          ],
          [
            "every cell ends on the service's number",
            `${right} / ${CELLS}`,
            verdict(right === CELLS),
          ],
        ]
      )
    );
  } finally {
    configureStatusPoller();
    configureConnection();
    await sim.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 0;
});
