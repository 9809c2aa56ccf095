/**
 * The client's invoice actions against the simulator, checked in its store: the service's verdict,
 * bulk approval of exact ids (and the guard: no request without ids), the fallback signal of the
 * interface dialect, the preview, send and credit, and cut answers settled by reading back.
 */
import Big from "big.js";
import { DEMO } from "../../../simulator/index";
import type { Simulator } from "../../../simulator/index";
import { isBulkNotOffered, isValidationError } from "../../../src/api/index";
import type { BillingClient, CreateInvoiceRequest } from "../../../src/api/index";
import { clientFor, startSimulator } from "./sim-client";

const DATE = "2026-06-15T12:00:00+02:00";

function body(
  extra: Partial<CreateInvoiceRequest> = {},
  line: Record<string, unknown> = {}
): CreateInvoiceRequest {
  return {
    customerId: DEMO.customers.jansen,
    contractId: DEMO.contracts.heatingGeneric,
    companyBankAccountId: DEMO.bankAccounts.main,
    lines: [
      {
        taxCodeId: DEMO.taxCodes.vat21,
        description: "Meter",
        quantity: 3,
        unitPrice: 41.37,
        ...line,
      },
    ],
    ...extra,
  };
}

describe("invoice actions of the client against the simulator (live dialect)", () => {
  let sim: Simulator;
  let client: BillingClient;
  beforeEach(async () => {
    sim = await startSimulator("live", {
      approvalDelayMs: 0,
      numberDelayMs: 0,
      sendDelayMs: 60_000,
    });
    client = clientFor(sim, { retry: { limit: 1, maxTotalWaitMs: 200 } });
  });
  afterEach(() => sim.close());

  const drafts = async (n: number, extra: Partial<CreateInvoiceRequest> = {}) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) ids.push((await client.createInvoice(body(extra))).id);
    return ids;
  };
  const statuses = (ids: string[]) => ids.map((id) => sim.store.invoice(id)!.status);

  it("refuses to build a bulk request without ids: nothing reaches the service, no draft moves", async () => {
    const ids = await drafts(3);
    const before = sim.log.entries().length;
    for (const call of [
      () => client.bulkApprove([], DATE),
      () => client.validateApproval([], DATE),
      () => client.bulkSend([], "email", false),
      () => client.bulkSend([], "post", false),
      () => client.bulkCredit([]),
    ]) {
      expect(isValidationError(await call().catch((e: unknown) => e))).toBe(true);
    }
    expect(sim.log.entries().length).toBe(before);
    expect(sim.log.count("POST", /bulk/)).toBe(0);
    expect(statuses(ids)).toEqual(["created", "created", "created"]);
  });

  it("reads the service's totals as exact decimal text, equal to the sum of its rounded lines", async () => {
    const inv = await client.createInvoice({
      ...body(),
      lines: [
        { taxCodeId: DEMO.taxCodes.vat21, quantity: 0.1, unitPrice: 3 },
        { taxCodeId: DEMO.taxCodes.vat21, quantity: 0.2, unitPrice: 3 },
        { taxCodeId: DEMO.taxCodes.vat9, amountExclVAT: 1000.005 },
      ],
    });
    const read = await client.getInvoice(inv.id);
    // 0.30 + 0.60 + 1000.01; VAT 0.06 + 0.13 + 90.00
    expect(read).toMatchObject({
      totalAmountExclVAT: "1000.91",
      totalAmountInclVAT: "1091.10",
      type: "invoice",
      sent: "notsent",
    });
    expect(new Big(read.totalAmountInclVAT!).minus(read.totalAmountExclVAT!).toFixed(2)).toBe(
      "90.19"
    );
    const [byIds] = await client.getInvoicesByIds([inv.id]);
    expect(byIds.totalAmountExclVAT).toBe("1000.91");
  });

  it("gets the service's verdict for exactly these drafts and changes nothing", async () => {
    const good = await drafts(2);
    const noMandate = (
      await client.createInvoice(
        body({ customerId: DEMO.customers.vandenBerg, contractId: DEMO.contracts.coolingTiered })
      )
    ).id;
    const noRate = (
      await client.createInvoice(
        body({}, { startDateTime: "2010-01-01T00:00:00Z", endDateTime: "2010-02-01T00:00:00Z" })
      )
    ).id;
    const other = await drafts(1);
    const verdict = await client.validateApproval([...good, noMandate, noRate], DATE);
    expect(verdict.accepted.sort()).toEqual([...good].sort());
    expect(
      Object.fromEntries(verdict.refused.map((r) => [r.invoiceId, r.entries.map((e) => e.key)]))
    ).toEqual({
      [noMandate]: ["MISSING_ACTIVE_MANDATE"],
      [noRate]: ["INVOICE_LINE_SPANS_NO_TAX_RATE_PERIODS"],
    });
    expect(statuses([...good, noMandate, noRate, ...other])).toEqual(Array(5).fill("created"));
  });

  it("approves exactly the named drafts in chunks of 100, never a bystander", async () => {
    const ids = await drafts(105);
    const bystander = await drafts(1);
    const out = await client.bulkApprove(ids, DATE);
    expect(out.accepted).toHaveLength(105);
    expect(out.failed).toEqual([]);
    expect(sim.log.count("POST", /bulk\/approve/)).toBe(2);
    expect(new Set(statuses(ids))).toEqual(new Set(["approved"]));
    expect(statuses(bystander)).toEqual(["created"]);
    expect(ids.every((id) => sim.store.invoice(id)!.invoiceNum)).toBe(true);
  });

  it("reports a cut bulk approve as failed; reading back shows what the service did", async () => {
    const ids = await drafts(2);
    sim.setFaults({ actionDropNext: { bulkApprove: 1 } });
    const out = await client.bulkApprove(ids, DATE);
    expect(out.accepted).toEqual([]);
    expect(out.failed.map((f) => f.ids)).toEqual([ids]);
    expect(sim.log.count("POST", /bulk\/approve/)).toBe(1); // not sent again
    const back = await client.getInvoicesByIds(ids);
    expect(back.map((i) => i.status)).toEqual(["approved", "approved"]);
  });

  it("shows the preview as HTML and as a PDF", async () => {
    const [id] = await drafts(1);
    const html = await client.previewHtml(id);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("Jansen Warmte BV");
    const pdf = await client.previewPdf(id);
    expect(Buffer.from(pdf.subarray(0, 8)).toString("latin1")).toBe("%PDF-1.4");
    await expect(client.previewHtml("0000000a-0000-4000-8000-0000000fffff")).rejects.toMatchObject({
      name: "NotFoundError",
    });
  });

  it("sends by email and by post, one and in bulk, refusing drafts and customers without a postal address", async () => {
    const ids = await drafts(3);
    const draft = await drafts(1);
    await client.bulkApprove(ids, DATE);
    const one = await client.send(ids[0], "email");
    expect(one.sent).toBe("sending");
    const bulk = await client.bulkSend([ids[1], ...draft], "email", false);
    expect(bulk.accepted).toEqual([ids[1]]);
    expect(bulk.refused.map((r) => [r.invoiceId, r.entries[0].key])).toEqual([
      [draft[0], "INVOICE_NOT_APPROVED_STATUS"],
    ]);
    await client.bulkSend([ids[2]], "post", false);
    expect(ids.map((id) => sim.store.invoice(id)!.sent)).toEqual([
      "sending",
      "sending",
      "printing",
    ]);
    expect(sim.store.invoice(draft[0])!.sendCount).toBe(0);
    const mulder = (
      await client.createInvoice(
        body({ customerId: DEMO.customers.mulder, contractId: DEMO.contracts.coolingShared })
      )
    ).id;
    await client.bulkApprove([mulder], DATE);
    const refused = await client.send(mulder, "post").catch((e: unknown) => e);
    expect(refused).toMatchObject({
      name: "ValidationError",
      entries: [{ key: "USER_HAS_NO_POSTAL_ADDRESS" }],
    });
    expect(sim.store.invoice(mulder)!.sendCount).toBe(0);
  });

  it("credits one invoice and many; every credited invoice has exactly one credit note", async () => {
    const ids = await drafts(3);
    await client.bulkApprove(ids, DATE);
    const note = await client.credit(ids[0]);
    const original = await client.getInvoice(ids[0]);
    expect(note).toMatchObject({
      type: "creditnote",
      status: "approved",
      creditedInvoiceId: ids[0],
    });
    expect(original.creditedByInvoiceId).toBe(note.id);
    expect(new Big(note.totalAmountInclVAT!).plus(original.totalAmountInclVAT!).toFixed(2)).toBe(
      "0.00"
    );
    const bulk = await client.bulkCredit(ids);
    expect(bulk.accepted.sort()).toEqual([ids[1], ids[2]].sort());
    expect(bulk.refused.map((r) => [r.invoiceId, r.entries[0].key])).toEqual([
      [ids[0], "INVOICE_IS_ALREADY_CREDITED"],
    ]);
    const notes = [...sim.store.invoices.values()].filter((i) => i.type === "creditnote");
    expect(notes.map((n) => n.creditedInvoiceId).sort()).toEqual([...ids].sort());
  });

  it("a cut credit is settled by reading the original back, never by crediting again", async () => {
    const [id] = await drafts(1);
    await client.bulkApprove([id], DATE);
    sim.setFaults({ actionDropNext: { credit: 1 } });
    await expect(client.credit(id)).rejects.toBeTruthy();
    expect(sim.log.count("POST", /\/credit$/)).toBe(1);
    const back = await client.getInvoice(id);
    expect(back.creditedByInvoiceId).toBeDefined();
    const note = await client.getInvoice(back.creditedByInvoiceId!);
    expect(note).toMatchObject({ type: "creditnote", creditedInvoiceId: id });
  });
});

describe("the interface dialect has no bulk approval: the client says so, so the caller falls back", () => {
  it("answers bulkApprove with an error isBulkNotOffered accepts, and approves nothing", async () => {
    const sim = await startSimulator("interface", { approvalDelayMs: 0, numberDelayMs: 0 });
    try {
      const client = clientFor(sim);
      const id = (await client.createInvoice(body())).id;
      for (const call of [
        () => client.bulkApprove([id], DATE),
        () => client.validateApproval([id], DATE),
      ]) {
        expect(isBulkNotOffered(await call().catch((e: unknown) => e))).toBe(true);
      }
      expect(sim.store.invoice(id)!.status).toBe("created");
      // One approve each works.
      await client.approveInvoice(id, DATE);
      expect(sim.store.invoice(id)!.status).toBe("approved");
      // The single actions answer in this dialect too.
      expect(await client.previewHtml(id)).toContain("Invoice");
      expect((await client.credit(id)).type).toBe("creditnote");
    } finally {
      await sim.close();
    }
  });
});
