import { createBillingClient } from "../../../src/api/index";
import { SETTINGS, fakeFetch, json } from "./fake-service";

const quick = { retry: { limit: 0 } };

describe("how the client reads unusual answers", () => {
  it("takes a created invoice's id from the Location header when the body has none", async () => {
    const service = fakeFetch(
      () => new Response(null, { status: 201, headers: { location: "/api/bill/Invoices/new-7" } })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const invoice = await client.createInvoice({
      customerId: "c",
      companyBankAccountId: "b",
      lines: [{ taxCodeId: "t" }],
    });
    expect(invoice).toEqual({ id: "new-7", status: "created", errors: [] });
  });

  it("takes it from the envelope's data", async () => {
    const service = fakeFetch(() =>
      json({ success: true, errors: [], data: { id: "new-8", status: "Created" } }, 201)
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const invoice = await client.createInvoice({
      customerId: "c",
      companyBankAccountId: "b",
      lines: [],
    });
    expect(invoice.id).toBe("new-8");
  });

  it("reports a create accepted without a readable id as an unknown outcome", async () => {
    const service = fakeFetch(() => json({ success: true, errors: [], data: {} }, 201));
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    await expect(
      client.createInvoice({ customerId: "c", companyBankAccountId: "b", lines: [] })
    ).rejects.toMatchObject({
      name: "UnknownOutcomeError",
    });
  });

  it("treats success: false on a 200 as a refusal with the entries", async () => {
    const service = fakeFetch(() =>
      json({
        success: false,
        errors: [{ key: "COULD_NOT_APPROVE_INVOICE", message: "No." }],
        data: null,
      })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const error = await client
      .approveInvoice("i1", "2026-06-15T00:00:00+02:00")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "ValidationError",
      status: 200,
      entries: [{ key: "COULD_NOT_APPROVE_INVOICE", message: "No." }],
    });
  });

  it("reports an answer that is not JSON as a ResponseFormatError naming the endpoint", async () => {
    const service = fakeFetch(() => new Response("<html>proxy page</html>", { status: 200 }));
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const error = await client.getProduct("p1").catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "ResponseFormatError",
      endpoint: "GET /api/cfg/Products/{id}",
    });
    expect((error as Error).message).toMatch(/not JSON/);
  });

  it("reports a malformed DTO with the field and the endpoint", async () => {
    const service = fakeFetch(() =>
      json({ id: "c1", billingDetails: { products: [{ startDateTime: "2024" }] } })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const error = await client.getContract("c1").catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "ResponseFormatError",
      endpoint: "GET /api/md/Contracts/{id}",
    });
    expect((error as Error).message).toMatch(
      /products\[0\]\.productId is missing.*\(GET \/api\/md\/Contracts\/c1\)/
    );
  });

  it("stops a paging loop whose token repeats", async () => {
    const service = fakeFetch(() =>
      json({
        success: true,
        errors: [],
        data: { results: [{ id: "b" }], hasNextPage: true, nextPageToken: "same" },
      })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch, ...quick });
    const error = await client.getBankAccounts().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ResponseFormatError" });
    expect((error as Error).message).toMatch(/paging loops/);
    expect(service.seen).toHaveLength(2);
  });

  it("stops a list of more than 1000 pages", async () => {
    let n = 0;
    const service = fakeFetch(() =>
      json({ results: [], hasNextPage: true, nextPageToken: `t${++n}` })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch, ...quick });
    const error = await client.getBillingItems().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/more than 1000 pages/);
    expect(service.seen).toHaveLength(1000);
  });

  it("leaves out deleted bank accounts and tax codes", async () => {
    const service = fakeFetch(() =>
      json([
        { id: "a", iban: "X", deleted: false },
        { id: "b", iban: "Y", deleted: true },
      ])
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    expect((await client.getBankAccounts()).map((a) => a.id)).toEqual(["a"]);
  });

  it("reads RFC 7807 problem details of a 404 into the entries", async () => {
    const problem = {
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "No product p9.",
    };
    const service = fakeFetch(
      () =>
        new Response(JSON.stringify(problem), {
          status: 404,
          headers: { "content-type": "application/problem+json" },
        })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const error = await client.getProduct("p9").catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "NotFoundError",
      entries: [{ key: "Not Found", message: "No product p9." }],
    });
  });
});

describe("the property group configuration path", () => {
  it("asks the documented singular path first and remembers it", async () => {
    const service = fakeFetch((seen) =>
      json({
        success: true,
        errors: [],
        data: { propertyGroup: { id: seen.path.split("/").pop() }, companyBankAccountId: "ba" },
      })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    expect(await client.getPropertyGroupBillingConfiguration("pg1")).toEqual({
      propertyGroupId: "pg1",
      companyBankAccountId: "ba",
    });
    expect(await client.getPropertyGroupBillingConfiguration("pg2")).toEqual({
      propertyGroupId: "pg2",
      companyBankAccountId: "ba",
    });
    expect(service.seen.map((s) => s.path)).toEqual([
      "/api/bill/PropertyGroupBillingConfiguration/pg1",
      "/api/bill/PropertyGroupBillingConfiguration/pg2",
    ]);
  });

  it("falls back to the interface's plural path when the singular one is no route, and remembers it", async () => {
    const service = fakeFetch((seen) =>
      seen.path.startsWith("/api/bill/PropertyGroupBillingConfiguration/")
        ? new Response("Not Found", { status: 404 })
        : json({ propertyGroupId: seen.path.split("/").pop(), companyBankAccountId: "ba" })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    expect(await client.getPropertyGroupBillingConfiguration("pg1")).toEqual({
      propertyGroupId: "pg1",
      companyBankAccountId: "ba",
    });
    expect(await client.getPropertyGroupBillingConfiguration("pg2")).toEqual({
      propertyGroupId: "pg2",
      companyBankAccountId: "ba",
    });
    expect(service.seen.map((s) => s.path)).toEqual([
      "/api/bill/PropertyGroupBillingConfiguration/pg1",
      "/api/bill/PropertyGroupBillingConfigurations/pg1",
      "/api/bill/PropertyGroupBillingConfigurations/pg2",
    ]);
  });

  it("does not fall back when the singular path says the configuration does not exist", async () => {
    const service = fakeFetch(() =>
      json(
        { errors: [{ key: "PROPERTY_GROUP_BILLING_CONFIGURATION_NOT_FOUND", message: "None." }] },
        404
      )
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    await expect(client.getPropertyGroupBillingConfiguration("pg1")).rejects.toMatchObject({
      name: "NotFoundError",
    });
    expect(service.seen).toHaveLength(1);
  });
});
