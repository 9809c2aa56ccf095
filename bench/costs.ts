/**
 * npm run bench:costs — how a recalculation of 1,000 BILLING cells fares against the simulator with
 * 20 ms latency per request, compared with the minimum number of requests, a naive per-cell chain
 * and the floor (chain depth × latency + minimum × latency ÷ concurrency), plus the first answer on
 * screen (when the first cell settles). It also measures what this machine makes of one request (a
 * bare fetch, no client: lib/bare-fetch.ts, shared with bench:invoices) and judges the wall time and
 * the first cell against the larger of the two floors and chains, the latency's and the machine's;
 * it prints the first cell's way there (lib/chain-trace.ts), this process's CPU
 * per request and the load average. Prints a table; exit 0.
 */
import "./lib/custom-functions-shim";
import { createBillingClient, DEFAULT_CONCURRENCY } from "../src/api";
import type { BillingClient, ConnectionSettings, RateLimitState } from "../src/api";
import { configureConnection } from "../src/functions/connection";
import { FIRST_WAVE } from "../src/functions/admission";
import {
  contractCostsFunction,
  contractFixedCostsFunction,
  contractVariableCostsFunction,
  tariffFunction,
} from "../src/functions/functions";
import { DEFAULT_OPTIONS, generateDataset } from "../simulator";
import type { Dataset } from "../simulator";
import { limitedFetch } from "./lib/limited-fetch";
import { startSimulatorProcess } from "./lib/simulator-process";
import { naiveCell, type BenchCall } from "./lib/naive-costs";
import { figure, renderTable, verdict } from "./lib/table";
import { ChainTrace } from "./lib/chain-trace";
import { loadavg } from "node:os";
import { measureBareRequests } from "./lib/bare-fetch";

const LATENCY_MS = 20;
/** `--contracts N` and `--items N` change the dataset; the defaults are the issue's sizes. */
const CONTRACTS = numberArg("--contracts", 300);
const PRODUCTS = 30;
/** The generator's default number of billing items per product. */
const ITEMS_PER_PRODUCT = numberArg("--items", 4);
const CELLS = 1000;
const NAIVE_SAMPLE = 30;
/** contract → product → billing item → tariff list. */
const CHAIN_DEPTH = 4;
const DATE = "2026-06-15";
/** The cost functions: each down a column of contracts, as a controller's sheet has them. */
const CONTRACT_FUNCTIONS = [
  "CONTRACTFIXEDCOSTS",
  "CONTRACTVARIABLECOSTS",
  "CONTRACTCOSTS",
] as const;
/** The contract functions take 3 × 300 cells; the rest of the 1,000 are a TARIFF table. */
const CONTRACT_COLUMNS = CONTRACT_FUNCTIONS.length;

/** The value of a `--name N` command-line option, or `fallback`. */
function numberArg(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : Number.NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The cells of one recalculation: the cost functions down columns of the generated contracts. */

/**
 * The billing item kinds whose tariffs a cost function needs (docs/developers/rules.md#totals:
 * other kinds count in neither total).
 */
function pricedKinds(fn: BenchCall["fn"]): string[] {
  if (fn === "CONTRACTFIXEDCOSTS") return ["subscription"];
  if (fn === "CONTRACTVARIABLECOSTS") return ["consumption"];
  return ["subscription", "consumption"];
}

function cellsOf(dataset: Dataset): BenchCall[] {
  const calls: BenchCall[] = [];
  const contracts = dataset.contracts;
  const columnCells = Math.min(CELLS, CONTRACT_COLUMNS * contracts.length);
  for (let i = 0; i < columnCells; i++) {
    const fn = CONTRACT_FUNCTIONS[Math.floor(i / contracts.length)];
    calls.push({ fn, contractId: contracts[i % contracts.length].id });
  }
  for (let i = columnCells; i < CELLS; i++) {
    const contract = contracts[(i * 7) % contracts.length];
    const productId = contract.products[0].productId;
    const product = dataset.products.find((p) => p.id === productId);
    const billingItemId = product?.billingItems[0]?.billingItemId ?? "";
    calls.push({ fn: "TARIFF", contractId: contract.id, productId, billingItemId });
  }
  return calls;
}

type Walked = { startDateTime?: string; endDateTime?: string | null };

/**
 * Requests the cells need, walked from the dataset itself: `minimum` = each distinct resource once
 * (a tariff list as many pages as it has; only the tariffs of items the function counts), `naive` =
 * every cell walking its own chain in the interface's recommended order (lib/naive-costs.ts).
 */
function walkRequests(dataset: Dataset, calls: readonly BenchCall[], date: Date, pageSize: number) {
  const at = date.getTime();
  const active = (p: Walked) =>
    (!p.startDateTime || Date.parse(p.startDateTime) <= at) &&
    (!p.endDateTime || at < Date.parse(p.endDateTime));
  const pagesOf = (productId: string, billingItemId: string) => {
    const n = dataset.tariffs.filter(
      (t) => t.productId === productId && t.billingItemId === billingItemId
    ).length;
    return Math.max(1, Math.ceil(n / pageSize));
  };
  const needed = new Map<string, number>();
  let naive = 0;
  const need = (key: string, requests = 1) => {
    needed.set(key, requests);
    naive += requests;
  };
  for (const call of calls) {
    need(`contract ${call.contractId}`);
    if (call.fn === "TARIFF") {
      need(
        `tariffs ${call.productId} ${call.billingItemId}`,
        pagesOf(call.productId, call.billingItemId)
      );
      continue;
    }
    const wanted = pricedKinds(call.fn);
    const contract = dataset.contracts.find((c) => c.id === call.contractId);
    for (const ref of contract?.products.filter(active) ?? []) {
      need(`product ${ref.productId}`);
      const product = dataset.products.find((p) => p.id === ref.productId);
      for (const entry of product?.billingItems.filter(active) ?? []) {
        need(`item ${entry.billingItemId}`);
        const item = dataset.billingItems.find((b) => b.id === entry.billingItemId);
        const pages = pagesOf(ref.productId, entry.billingItemId);
        if (item && wanted.includes(item.kind)) {
          need(`tariffs ${ref.productId} ${entry.billingItemId}`, pages);
        } else {
          naive += pages; // the naive order asks for every pair's tariffs
        }
      }
    }
  }
  const minimum = [...needed.values()].reduce((a, b) => a + b, 0);
  return { resources: needed.size, minimum, naive };
}

/** Bare requests sent before the measured ones (the process's first connections, the JIT). */
const BARE_WARM_UP = 12;
/** Bare requests measured, 6 at a time. */
const BARE_REQUESTS = 120;

/**
 * What this machine makes of one request (lib/bare-fetch.ts): contract GETs with a bare `fetch`, 6 at
 * a time as the client's slots, against the same simulator. It warms the process's fetch too
 * (Node's undici compiles itself on first use; Excel's runtime has a native fetch), so that cost
 * does not land on the first cell.
 */
function measureBareRequest(url: string, dataset: Dataset) {
  const contracts = dataset.contracts;
  return measureBareRequests(
    (i) =>
      fetch(`${url}/api/md/Contracts/${contracts[i % contracts.length].id}`, {
        headers: { accept: "application/json" },
      }),
    { count: BARE_REQUESTS, warmUp: BARE_WARM_UP, concurrency: DEFAULT_CONCURRENCY }
  );
}

/** The load average of the machine (1, 5, 15 minutes), as printed with each figure. */
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

/** Where the first cell's time went: the set-up, the first request, each level of its chain. */
function firstCellLines(
  trace: ChainTrace,
  cell: BenchCall | undefined,
  settledMs: number,
  governor: RateLimitState | undefined
): string[] {
  if (cell === undefined) return [];
  const first = trace.firstRequest;
  const turns =
    governor === undefined
      ? "no rate governor"
      : `the rate governor saw ${governor.throttled} × 429${governor.ratePerSecond === undefined ? " and set no rate: every request had its turn at once" : `, rate ${governor.ratePerSecond}/s`}`;
  return [
    `The first cell to settle: ${cell.fn} of contract ${cell.contractId}, after ${figure(settledMs, 1)} ms. ` +
      `Its way there (ms since the cells were handed over; lib/chain-trace.ts):`,
    `  set-up of the ${figure(CELLS)} cells handed over at once (Excel's batch): ${figure(trace.setUpMs ?? 0, 1)} ms ` +
      `(beyond the first ${FIRST_WAVE}, a cell waits for its admission, src/functions/admission.ts)`,
    `  the recalculation's first request left at ${figure(first?.at ?? 0, 1)} ms, ` +
      `after ${figure(first?.cpuMs ?? 0, 1)} ms of this process's CPU; ${turns}`,
    ...trace.chainOf(cell.contractId).map((line) => `  ${line}`),
    "",
  ];
}

function runCell(call: BenchCall): Promise<unknown> {
  if (call.fn === "TARIFF") {
    return tariffFunction(call.productId, call.billingItemId, call.contractId, DATE);
  }
  if (call.fn === "CONTRACTCOSTS") return contractCostsFunction(call.contractId, DATE);
  return call.fn === "CONTRACTFIXEDCOSTS"
    ? contractFixedCostsFunction(call.contractId, DATE)
    : contractVariableCostsFunction(call.contractId, DATE);
}

async function main(): Promise<void> {
  // The same seed gives the child process the same dataset, walked here for the minimum.
  const sizes = {
    contracts: CONTRACTS,
    products: PRODUCTS,
    itemsPerProduct: ITEMS_PER_PRODUCT,
    seed: 1,
  };
  const dataset = generateDataset(sizes);
  const sim = await startSimulatorProcess({ latencyMs: LATENCY_MS, dataset: sizes });
  const settings: ConnectionSettings = {
    baseUrl: sim.url,
    headers: {},
    credential: { kind: "none" },
  };
  const calls = cellsOf(dataset);
  const date = new Date(`${DATE}T00:00:00Z`);
  try {
    const bare = await measureBareRequest(sim.url, dataset);
    // Ours: the real functions module, a fresh shared client, every cell at once.
    let oursRequests = 0;
    // Bench-only stamps of each cell's chain (lib/chain-trace.ts); the code under test does not know.
    const trace = new ChainTrace();
    let oursClient: BillingClient | undefined;
    configureConnection({
      loadSettings: async () => settings,
      client: { onRequest: () => oursRequests++, fetch: trace.fetch() },
      createClient: (s, options) => (oursClient = trace.wrap(createBillingClient(s, options))),
    });
    const loadBefore = loadAverage();
    // The first answer on screen: when the first of the 1,000 cells settles (value or error).
    let firstMs: number | undefined;
    let firstCell: BenchCall | undefined;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    trace.start();
    const cells = calls.map((call) =>
      runCell(call).finally(() => {
        firstMs ??= performance.now() - started;
        firstCell ??= call;
      })
    );
    trace.setUpDone();
    const outcomes = await Promise.allSettled(cells);
    const oursMs = performance.now() - started;
    const oursCpu = process.cpuUsage(cpuBefore);
    const oursCpuMs = (oursCpu.user + oursCpu.system) / 1000;
    const governor = oursClient?.rateLimit?.();
    const failed = outcomes.filter((o) => o.status === "rejected").length;

    // Naive: a sample of cells, each with its own uncached client, sharing only the connection limit.
    // Every k-th cell, so that the sample holds each function in its share of the sheet.
    const step = Math.floor(CELLS / NAIVE_SAMPLE);
    const sample = Array.from({ length: NAIVE_SAMPLE }, (_, k) => calls[k * step]);
    const fetchLimited = limitedFetch(DEFAULT_CONCURRENCY);
    let naiveSampleRequests = 0;
    const naiveOptions = {
      cacheTtlMs: 0,
      fetch: fetchLimited,
      onRequest: () => naiveSampleRequests++,
    };
    const naiveStarted = performance.now();
    await Promise.allSettled(
      sample.map((call) => naiveCell(createBillingClient(settings, naiveOptions), call, date))
    );
    const scale = CELLS / sample.length;
    const naiveMs = (performance.now() - naiveStarted) * scale;

    const walked = walkRequests(dataset, calls, date, DEFAULT_OPTIONS.pageSize);
    const { minimum, naive: naiveRequests } = walked;
    const floorAt = (ms: number) => CHAIN_DEPTH * ms + (minimum * ms) / DEFAULT_CONCURRENCY;
    const floorMs = floorAt(LATENCY_MS);
    // One chain: contract → product → billing item → tariffs, one request after another.
    const chainMs = CHAIN_DEPTH * LATENCY_MS;
    const firstAnswerMs = firstMs ?? oursMs;
    // The same two bounds at this machine's own cost per request; judged against the larger.
    const r = bare.perRequestMs;
    const machineFloorMs = floorAt(r);
    const machineChainMs = CHAIN_DEPTH * r;
    const judgedFloorMs = Math.max(floorMs, machineFloorMs);
    const judgedChainMs = Math.max(chainMs, machineChainMs);

    console.log(
      `Costs benchmark: ${figure(CELLS)} cells issued at once (${CONTRACT_FUNCTIONS.join(" / ")} down a column of every contract each,\n` +
        `the rest TARIFF cells)\n` +
        `over ${figure(CONTRACTS)} generated contracts sharing ${PRODUCTS} products (${ITEMS_PER_PRODUCT} billing items each), ` +
        `simulator (in its own process) latency ${LATENCY_MS} ms per request, client concurrency ${DEFAULT_CONCURRENCY}, date ${DATE}.\n` +
        `Cells that ended in an Excel error (e.g. a contract without variable items): ${failed} of ${CELLS}.\n`
    );
    console.log(
      renderTable(
        ["", "ours", `naive per cell (*)`, "minimum / floor"],
        [
          ["HTTP requests", figure(oursRequests), figure(naiveRequests), figure(minimum)],
          ["wall time (ms)", figure(oursMs), figure(naiveMs), figure(floorMs)],
          ["first cell settled (ms)", figure(firstAnswerMs), "", `${figure(chainMs)} (one chain)`],
          [
            "at this machine's cost per request (ms)",
            "",
            "",
            `floor ${figure(machineFloorMs)}, one chain ${figure(machineChainMs)}`,
          ],
        ]
      )
    );
    console.log(
      `\n(*) naive = each cell follows the interface's recommended order on its own (the contract, each\n` +
        `    product, each billing item, the tariffs of each product/billing item pair), one request after\n` +
        `    another, no cache, no sharing; only the ${DEFAULT_CONCURRENCY}-connection limit is shared.\n` +
        `    Wall time measured on a sample of ${sample.length} cells and extrapolated linearly to ${figure(CELLS)}\n` +
        `    (× ${figure(scale, 2)}). Requests counted by walking the dataset for all ${figure(CELLS)} cells (the\n` +
        `    sample made ${figure(naiveSampleRequests)}, which extrapolates to ${figure(naiveSampleRequests * scale)}).\n` +
        `    minimum = ${figure(walked.resources)} distinct resources (contracts, products, billing items, tariff lists),\n` +
        `    ${figure(minimum)} requests with the simulator's paging of ${DEFAULT_OPTIONS.pageSize} per page.\n` +
        `    floor = chain depth ${CHAIN_DEPTH} × ${LATENCY_MS} ms + ${minimum} requests × ${LATENCY_MS} ms ÷ ${DEFAULT_CONCURRENCY}.\n` +
        `    first cell settled = the first of the ${figure(CELLS)} cells to get its value or error (the first answer on screen);\n` +
        `    one chain = contract → product → billing item → tariffs = ${CHAIN_DEPTH} × ${LATENCY_MS} ms.\n`
    );
    console.log(
      `This machine: a bare request (a contract GET with a bare fetch, no client, ${DEFAULT_CONCURRENCY} at a time, ` +
        `${BARE_REQUESTS} after ${BARE_WARM_UP} to warm up) held its slot ${figure(r, 1)} ms against the ${LATENCY_MS} ms latency.\n` +
        `At that cost the floor is ${CHAIN_DEPTH} × ${figure(r, 1)} + ${minimum} × ${figure(r, 1)} ÷ ${DEFAULT_CONCURRENCY} = ${figure(machineFloorMs)} ms ` +
        `and one chain ${figure(machineChainMs)} ms; the targets below take the larger of each pair ` +
        `(floor ${figure(judgedFloorMs)} ms, chain ${figure(judgedChainMs)} ms).\n`
    );
    console.log(firstCellLines(trace, firstCell, firstAnswerMs, governor).join("\n"));
    console.log(
      `CPU of this process (the functions, the client, this bench) during ours: ${figure(oursCpuMs)} ms, ` +
        `${figure(oursCpuMs / oursRequests, 2)} ms a request; the bare fetch's: ${figure(bare.cpuPerRequestMs, 2)} ms a request.\n` +
        `Load average (1, 5, 15 min) when ours began: ${loadBefore}; at the end: ${loadAverage()} (2 cores).\n`
    );
    const ratio = oursRequests / minimum;
    const fewer = naiveRequests / oursRequests;
    const faster = naiveMs / oursMs;
    const ofFloor = oursMs / judgedFloorMs;
    console.log(
      renderTable(
        ["target", "measured", "result"],
        [
          ["requests made / minimum = 1.00", figure(ratio, 2), verdict(ratio <= 1.0)],
          ["naive requests / ours >= 20", figure(fewer, 1), verdict(fewer >= 20)],
          ["naive wall time / ours >= 10", figure(faster, 1), verdict(faster >= 10)],
          ["ours wall time / larger floor <= 1.2", figure(ofFloor, 2), verdict(ofFloor <= 1.2)],
          [
            "first cell settled <= 2 × larger one chain",
            `${figure(firstAnswerMs)} ms (${figure(firstAnswerMs / judgedChainMs, 2)} ×)`,
            verdict(firstAnswerMs <= 2 * judgedChainMs),
          ],
        ]
      )
    );
  } finally {
    configureConnection();
    await sim.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 0;
});
