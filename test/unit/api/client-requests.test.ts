import { createBillingClient, isSettingsError } from "../../../src/api/index";
import { SETTINGS, fakeFetch, json } from "./fake-service";

describe("what the client sends", () => {
  it("sends the bearer token, the extra headers and the page token on every page", async () => {
    const service = fakeFetch((seen) =>
      seen.headers.continuationtoken === "p2"
        ? json({
            success: true,
            errors: [],
            data: { results: [{ id: "t2", name: "B" }], hasNextPage: false },
          })
        : json({
            success: true,
            errors: [],
            data: { results: [{ id: "t1", name: "A" }], hasNextPage: true, nextPageToken: "p2" },
          })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const codes = await client.getTaxCodes();
    expect(codes.map((c) => c.id)).toEqual(["t1", "t2"]);
    expect(service.seen).toHaveLength(2);
    for (const seen of service.seen) {
      expect(seen.headers.authorization).toBe("Bearer TOKEN-SECRET-1");
      expect(seen.headers["zf-tuuid"]).toBe("tenant-1");
      expect(seen.headers["apim-sub"]).toBe("KEY-SECRET-1");
    }
    expect(service.seen[0].headers.continuationtoken).toBeUndefined();
    expect(service.seen[1].headers.continuationtoken).toBe("p2");
  });

  it("uses the documented paths and queries, with path segments encoded", async () => {
    const service = fakeFetch(() => json({ id: "x", status: "created", errors: [] }));
    const client = createBillingClient(
      { ...SETTINGS, credential: { kind: "none" } },
      { fetch: service.fetch }
    );
    await client.getContract("a/b c");
    await client.getBillingTariffs("p 1", "b&2").catch(() => undefined);
    await client.filterContracts({ customerId: "c1" }).catch(() => undefined);
    await client.filterServiceLocations({ customerId: "c1" }).catch(() => undefined);
    await client.approveInvoice("i/1", "2026-06-15T00:00:00+02:00");
    expect(service.seen.map((s) => `${s.method} ${s.path}${s.search}`)).toEqual([
      "GET /api/md/Contracts/a%2Fb%20c",
      "GET /api/cfg/BillingTariffs?productId=p+1&billingItemId=b%262",
      "POST /api/md/Contracts/filter?quickFilter=all",
      "POST /api/md/ServiceLocations/filter?quickFilter=all",
      "POST /api/bill/Invoices/i%2F1/approve",
    ]);
    expect(JSON.parse(service.seen[2].body)).toEqual({ customerId: "c1" });
    expect(JSON.parse(service.seen[4].body)).toEqual({ invoiceDate: "2026-06-15T00:00:00+02:00" });
    expect(service.seen[0].headers.authorization).toBeUndefined();
  });

  it("searches invoices with flexSearch and keeps exact reference matches only", async () => {
    const service = fakeFetch(() =>
      json([
        { id: "1", status: "created", externalReference: "REF-1" },
        { id: "2", status: "created", externalReference: "REF-10" },
        { id: "3", status: "approved" },
      ])
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const found = await client.findInvoicesByExternalReference("REF-1");
    expect(found.map((f) => f.id)).toEqual(["1"]);
    expect(service.seen[0].path).toBe("/api/bill/Invoices/filter");
    expect(JSON.parse(service.seen[0].body)).toEqual({ flexSearch: "REF-1" });
  });

  it("refuses empty ids without sending anything", async () => {
    const service = fakeFetch(() => json({}));
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    await expect(client.getContract("  ")).rejects.toMatchObject({ name: "ValidationError" });
    await expect(client.getInvoice("")).rejects.toMatchObject({ name: "ValidationError" });
    expect(service.seen).toHaveLength(0);
  });

  it("refuses unusable settings with a SettingsError", () => {
    let error: unknown;
    try {
      createBillingClient({ ...SETTINGS, baseUrl: "http://remote.example.com" });
    } catch (e) {
      error = e;
    }
    expect(isSettingsError(error)).toBe(true);
  });
});
