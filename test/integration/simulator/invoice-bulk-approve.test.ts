import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { invoiceBody, post, startSimulator } from "./helpers";

const DATE = "2026-06-15T12:00:00+02:00";
const BULK = "/api/bill/Invoices/bulk/approve";

describe("POST /Invoices/bulk/approve (BulkApproveInvoiceRequest)", () => {
  let sim: Simulator;
  beforeEach(async () => {
    sim = await startSimulator({ approvalDelayMs: 0, numberDelayMs: 0 });
  });
  afterEach(() => sim.close());

  async function draft(extra: Record<string, unknown> = {}, line: Record<string, unknown> = {}) {
    const a = await post(sim, "/api/bill/Invoices", invoiceBody(extra, line));
    expect(a.status).toBe(200);
    return a.body.data.id as string;
  }

  /** Three drafts that pass and three that the service refuses, each for its own reason. */
  async function mixed() {
    const good = [await draft(), await draft(), await draft()];
    const noRate = await draft(
      {},
      { startDateTime: "2011-01-01T00:00:00Z", endDateTime: "2011-02-01T00:00:00Z" }
    );
    const twoRates = await draft(
      {},
      {
        taxCodeId: DEMO.taxCodes.vat9,
        startDateTime: "2018-12-01T00:00:00Z",
        endDateTime: "2019-02-01T00:00:00Z",
      }
    );
    const noMandate = await draft({
      customerId: DEMO.customers.vandenBerg,
      contractId: DEMO.contracts.coolingTiered,
    });
    return { good, noRate, twoRates, noMandate };
  }

  const statuses = (ids: string[]) => ids.map((id) => sim.store.invoice(id)!.status);

  it("with onlyValidate reports each refused invoice by id and changes nothing", async () => {
    const { good, noRate, twoRates, noMandate } = await mixed();
    const ids = [...good, noRate, twoRates, noMandate];
    const a = await post(sim, BULK, {
      invoiceDate: DATE,
      onlyValidate: true,
      queryParams: { includeOnlyIds: ids, invoiceStatus: ["created"] },
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      success: false,
      applicableEntitiesCount: 6,
      requestedEntitiesCount: 6,
      succeededEntitiesCount: 3,
      isSynchronous: true,
      data: null,
    });
    const byId = Object.fromEntries(
      a.body.errors.map((e: any) => [e.messageValues[0].value, e.key])
    );
    expect(byId).toEqual({
      [noRate]: "INVOICE_LINE_SPANS_NO_TAX_RATE_PERIODS",
      [twoRates]: "INVOICE_LINE_SPANS_MULTIPLE_TAX_RATE_PERIODS",
      [noMandate]: "MISSING_ACTIVE_MANDATE",
    });
    for (const e of a.body.errors) expect(e.message).toMatch(/^Invoice \S+: .+/);
    expect(statuses(ids)).toEqual(ids.map(() => "created"));
  });

  it("approves the passing invoices asynchronously and leaves the refused ones as drafts", async () => {
    const { good, noRate, twoRates, noMandate } = await mixed();
    const other = await draft(); // not named: must stay a draft
    const a = await post(sim, BULK, {
      invoiceDate: DATE,
      onlyValidate: false,
      queryParams: {
        includeOnlyIds: [...good, noRate, twoRates, noMandate],
        invoiceStatus: ["created"],
      },
    });
    expect(a.body).toMatchObject({
      success: false,
      succeededEntitiesCount: 3,
      isSynchronous: false,
    });
    expect(a.body.errors).toHaveLength(3);
    const raw = good.map((id) => sim.store.invoices.get(id)!);
    expect(raw.every((i) => i.invoiceDate === DATE && i.approvalDoneAt !== undefined)).toBe(true);
    expect(statuses(good)).toEqual(["approved", "approved", "approved"]);
    expect(
      good.every((id) => /^INV-\d{4}-\d{6}$/.test(sim.store.invoice(id)!.invoiceNum ?? ""))
    ).toBe(true);
    expect(statuses([noRate, twoRates, noMandate, other])).toEqual([
      "created",
      "created",
      "created",
      "created",
    ]);
    // The same refusals come from the single approve.
    const single = await post(sim, `/api/bill/Invoices/${noMandate}/approve`, {
      invoiceDate: DATE,
    });
    expect(single.status).toBe(400);
    expect(single.body.errors[0].key).toBe("MISSING_ACTIVE_MANDATE");
  });

  it("answers success with every count when all pass; an approved invoice is not matched by invoiceStatus created", async () => {
    const ids = [await draft(), await draft()];
    await post(sim, `/api/bill/Invoices/${ids[0]}/approve`, { invoiceDate: DATE });
    const a = await post(sim, BULK, {
      invoiceDate: DATE,
      queryParams: { includeOnlyIds: ids, invoiceStatus: ["created"] },
    });
    expect(a.body).toMatchObject({
      success: true,
      errors: [],
      applicableEntitiesCount: 1,
      succeededEntitiesCount: 1,
    });
    // Without the status filter the approved one is named as refused.
    const b = await post(sim, BULK, { invoiceDate: DATE, queryParams: { includeOnlyIds: ids } });
    expect(b.body.errors.map((e: any) => [e.key, e.messageValues[0].value])).toEqual([
      ["INVOICE_NOT_CREATED_STATUS", ids[0]],
      ["INVOICE_NOT_CREATED_STATUS", ids[1]],
    ]);
  });

  it.each([
    ["missing", {}],
    ["null", { includeOnlyIds: null }],
    ["empty", { includeOnlyIds: [] }],
  ])(
    "takes a %s id list as every draft of the tenant (the danger the add-in guards against)",
    async (_, query) => {
      const ids = [await draft(), await draft(), await draft()];
      const a = await post(sim, BULK, {
        invoiceDate: DATE,
        queryParams: { ...query, invoiceStatus: ["created"] },
      });
      expect(a.body).toMatchObject({ success: true, succeededEntitiesCount: 3 });
      expect(statuses(ids)).toEqual(["approved", "approved", "approved"]);
    }
  );

  it("refuses a missing or bad invoiceDate unless it only validates", async () => {
    const id = await draft();
    for (const invoiceDate of [undefined, "2026-06-15", "tomorrow"]) {
      const a = await post(sim, BULK, { invoiceDate, queryParams: { includeOnlyIds: [id] } });
      expect(a.status).toBe(400);
      expect(a.body.errors[0].key).toBe("INVALID_INVOICE_DATE");
    }
    const v = await post(sim, BULK, { onlyValidate: true, queryParams: { includeOnlyIds: [id] } });
    expect(v.body.success).toBe(true);
    expect(statuses([id])).toEqual(["created"]);
    const bad = await post(sim, BULK, { invoiceDate: DATE, queryParams: [id] });
    expect(bad.status).toBe(400);
  });

  it("carries out a bulk approve whose answer is cut (actionDropNext)", async () => {
    const ids = [await draft(), await draft()];
    sim.setFaults({ actionDropNext: { bulkApprove: 1 } });
    await expect(
      post(sim, BULK, {
        invoiceDate: DATE,
        queryParams: { includeOnlyIds: ids, invoiceStatus: ["created"] },
      })
    ).rejects.toThrow();
    expect(statuses(ids)).toEqual(["approved", "approved"]);
    expect(sim.log.count("POST", /bulk\/approve/)).toBe(1);
    expect(sim.log.entries().at(-1)!.status).toBe(0);
  });

  it("is not offered in the interface dialect (404), so the add-in falls back to one approve each", async () => {
    const id = await draft();
    sim.setOptions({ dialect: "interface" });
    const a = await post(sim, BULK, { invoiceDate: DATE, queryParams: { includeOnlyIds: [id] } });
    expect(a.status).toBe(404);
    expect(statuses([id])).toEqual(["created"]);
  });
});
