/**
 * A service that is not there, or goes away mid-run: a request that never left
 * is "not sent", nothing more is attempted, and invoices already approving say to run again.
 */
import net from "node:net";
import { createBillingClient } from "../../../src/api";
import { MemorySheet, demoRow, runSheet, start } from "./helpers";

/** A port on which nothing listens (taken, then released). */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("invoices against a service that is not there", () => {
  it("sends one create that never leaves, calls it 'not sent' and attempts nothing more", async () => {
    const client = createBillingClient(
      {
        baseUrl: `http://127.0.0.1:${await deadPort()}`,
        headers: {},
        credential: { kind: "none" },
      },
      { retry: { limit: 1, maxTotalWaitMs: 500 } }
    );
    const sheet = new MemorySheet([demoRow(), demoRow(), demoRow()]);
    const summary = await runSheet(client, sheet, { concurrency: 1 });
    expect(summary.stopped).toBe("unreachable");
    expect(summary.connection).toBe("unreachable");
    expect(summary.requests).toBe(1);
    expect(sheet.cell(2, "status")).toBe("not sent");
    expect(sheet.cell(2, "message")).toBe(
      "Not sent: Could not create the invoice: the billing service could not be reached or did not answer in time. Run again to send it."
    );
    for (const row of [3, 4]) {
      expect(sheet.cell(row, "status")).toBe("cancelled");
      expect(sheet.cell(row, "message")).toBe(
        "Nothing was sent. The billing service could not be reached. Run again to create it."
      );
    }
    expect(sheet.rows.map((r) => sheet.cell(r.rowNumber, "status"))).not.toContain("unknown");
  });

  it("leaves invoices 'still approving — run again' when the service stops mid-run", async () => {
    const { sim, client } = await start("live", { approvalDelayMs: 60_000 });
    const sheet = new MemorySheet(Array.from({ length: 6 }, () => demoRow()));
    let closed: Promise<void> | undefined;
    const summary = await runSheet(client, sheet, {
      onProgress: (counts) => {
        if (counts.approving === 6 && closed === undefined) closed = sim.close();
      },
    });
    await closed;
    expect(summary.stopped).toBe("unreachable");
    expect(summary.connection).toBe("unreachable");
    expect(summary.counts.approving).toBe(6);
    for (const row of sheet.rows) {
      expect(sheet.cell(row.rowNumber, "status")).toBe("approving");
      expect(String(sheet.cell(row.rowNumber, "message"))).toMatch(
        /^Still approving — run again to continue\. .*The billing service could not be reached\.$/
      );
    }
  });
});
