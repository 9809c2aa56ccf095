/**
 * The fault suite at 5,000 invoices (`npm run fault:scale`, not in `npm test`): 10,000
 * rows against the hostile simulator of test/integration/invoices/fault-helpers.ts — 40 requests a
 * second, 10% 503s, 3% approval failures, 2% creates and 2% approves carried out and then cut, 2%
 * creates cut before storing and 2% stored twice (a browser's resend). One run to the end with the
 * references derived within a sheet, as the pane runs it, so the reference check is the gathered
 * prefix search (engine/reference-search.ts). Proven against the store: 0 duplicates approved, 0
 * lost rows, every row true; and the searches by reference grow with the batches, not with the
 * invoices (printed, and held to a tenth of the invoices).
 */
import type { Simulator } from "../../simulator";
import type { BillingClient } from "../../src/api/types";
import { runSheet } from "../integration/invoices/helpers";
import {
  RUN,
  expectSheetMatchesStore,
  faultSheet,
  faultsSeen,
  startLimited,
  watchDowngrades,
} from "../integration/invoices/fault-helpers";

const INVOICES = Number(process.env.FAULT_SCALE_INVOICES ?? 5000);

/** The client with its searches by reference counted (one reference, or a prefix). */
function counted(client: BillingClient) {
  const counts = { exact: 0, prefix: 0 };
  const prefix = client.findInvoicesByReferencePrefix!;
  const exact = client.findInvoicesByExternalReference;
  return {
    counts,
    client: {
      ...client,
      findInvoicesByExternalReference(ref: string) {
        counts.exact += 1;
        return exact(ref);
      },
      findInvoicesByReferencePrefix(text: string, options?: { excludeIds?: readonly string[] }) {
        counts.prefix += 1;
        return prefix(text, options);
      },
    } as BillingClient,
  };
}

describe(`the fault suite at ${INVOICES} invoices (live dialect, 40 requests/s, every fault)`, () => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await startLimited("live", "x-retry-after-seconds")));
  afterAll(() => sim.close());

  it("one run: 0 duplicates approved, 0 lost rows, every row true, searches by reference far fewer than invoices", async () => {
    const sheet = faultSheet("S", INVOICES);
    const downgrades = watchDowngrades(sheet);
    const searches = counted(client);
    const started = Date.now();

    const summary = await runSheet(searches.client, sheet, { ...RUN, approvalTimeoutMs: 600_000 });

    const stray = [...sim.store.invoices.values()].filter(
      (i) => i.status === "created" && (i.externalReference ?? "").startsWith("XL-")
    );
    console.log(
      `fault:scale ${INVOICES} invoices: ${summary.summary}; ${Math.round((Date.now() - started) / 1000)} s; ` +
        `searches by reference: ${searches.counts.prefix} gathered (prefix) + ${searches.counts.exact} of one reference; ` +
        `drafts left in the service: ${stray.length}; ${sim.log.entries().length} requests answered by the simulator.`
    );
    expect(summary.stopped).toBeUndefined();
    expect(downgrades).toEqual([]);
    expectSheetMatchesStore(sim, sheet, "S", INVOICES, summary);
    faultsSeen(sim);
    expect(searches.counts.prefix).toBeGreaterThan(0);
    expect(searches.counts.prefix + searches.counts.exact).toBeLessThan(INVOICES / 10);
  });
});
