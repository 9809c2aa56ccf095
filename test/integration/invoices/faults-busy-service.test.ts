import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { DIALECTS, MemorySheet, demoRow, runSheet, start } from "./helpers";

describe.each(DIALECTS)("invoices against the simulator (%s dialect): 503 and 429", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await start(dialect)));
  afterEach(() => sim.setFaults({ get503Rate: 0, post503Rate: 0, rateLimit: null }));
  afterAll(() => sim.close());

  it("finishes every invoice when some reads answer 503 (the client retries them)", async () => {
    // Reads by id are one Invoices/filter POST per batch (the client retries it as
    // a read), and polls that wake within 2 ms of each other are read together, so no GET is left
    // to fail in either dialect: 503s hit POSTs: creates and approves (bulk, or one by one in the
    // interface dialect) are read back and sent again, reads retried.
    sim.setFaults({ post503Rate: 0.2, seed: 7 });
    const sheet = new MemorySheet([demoRow(), demoRow(), demoRow(), demoRow()]);
    const summary = await runSheet(client, sheet);
    expect(summary.counts.approved).toBe(4);
    expect(sim.log.entries().some((e) => e.status === 503)).toBe(true);
  });

  it("finishes every invoice under a rate limit with Retry-After", async () => {
    sim.setFaults({
      // Counted, not timed: the limit bites at the 6th request on a machine of any speed.
      rateLimit: {
        by: "count",
        maxRequests: 5,
        windowMs: 300,
        retryAfterSeconds: 1,
        header: "retry-after",
      },
    });
    const sheet = new MemorySheet([demoRow(), demoRow(), demoRow()]);
    const summary = await runSheet(client, sheet);
    expect(summary.counts.approved).toBe(3);
    expect(sim.log.entries().some((e) => e.status === 429)).toBe(true);
  });

  it("leaves rows resumable with a message when the service stays unavailable for reads", async () => {
    const sheet = new MemorySheet([demoRow()]);
    sim.setFaults({ get503Rate: 1 });
    const summary = await runSheet(client, sheet);
    expect(summary.counts.approving).toBe(1);
    expect(sheet.cell(2, "status")).toBe("approving");
    expect(String(sheet.cell(2, "message"))).toMatch(
      /^Still approving — run again to continue\. Could not read the invoice's approval state: the billing service could not be reached or did not answer in time\.$/
    );
    sim.setFaults({ get503Rate: 0 });
    const again = await runSheet(client, sheet);
    expect(again.counts.approved).toBe(1);
  });
});
