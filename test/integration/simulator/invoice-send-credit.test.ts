import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { get, invoiceBody, post, startSimulator, waitFor } from "./helpers";

const DATE = "2026-06-15T12:00:00+02:00";
/** A send that does not finish while a test looks at it under way. */
const LONG_SEND_MS = 600_000;

describe("send and credit (Billing OpenAPI: /send, /sendviapostal, /credit and their bulk forms)", () => {
  let sim: Simulator;
  beforeEach(async () => {
    sim = await startSimulator({ approvalDelayMs: 0, numberDelayMs: 0, sendDelayMs: 40 });
  });
  afterEach(() => sim.close());

  async function draft(extra: Record<string, unknown> = {}) {
    const a = await post(sim, "/api/bill/Invoices", invoiceBody(extra));
    return a.body.data.id as string;
  }
  async function approved(extra: Record<string, unknown> = {}) {
    const id = await draft(extra);
    expect(
      (await post(sim, `/api/bill/Invoices/${id}/approve`, { invoiceDate: DATE })).status
    ).toBe(200);
    expect(sim.store.invoice(id)!.status).toBe("approved");
    return id;
  }
  const sentOf = (id: string) => sim.store.invoice(id)!.sent;

  describe("send", () => {
    it("moves notsent → sending → sent and shows it on the invoice", async () => {
      const id = await approved();
      expect(sentOf(id)).toBe("notsent");
      const a = await post(sim, `/api/bill/Invoices/${id}/send`, undefined);
      expect(a.status).toBe(200);
      expect(a.body.data).toMatchObject({ id, sent: "sending" });
      await waitFor(async () =>
        (await get(sim, `/api/bill/Invoices/${id}`)).body.data.sent === "sent" ? true : undefined
      );
      expect(sim.store.invoice(id)).toMatchObject({
        sent: "sent",
        sendChannel: "email",
        sendCount: 1,
      });
    });

    it("refuses a draft and sends nothing", async () => {
      const id = await draft();
      const a = await post(sim, `/api/bill/Invoices/${id}/send`, undefined);
      expect(a.status).toBe(400);
      expect(a.body.errors[0].key).toBe("INVOICE_NOT_APPROVED_STATUS");
      expect(sim.store.invoice(id)).toMatchObject({ sent: "notsent", sendCount: 0 });
    });

    it("ends failed with FAILED_SENDING_EMAIL at the set failure rate", async () => {
      sim.setFaults({ sendFailureRate: 1 });
      const id = await approved();
      await post(sim, `/api/bill/Invoices/${id}/send`, undefined);
      await waitFor(async () => (sentOf(id) === "failed" ? true : undefined));
      const read = (await get(sim, `/api/bill/Invoices/${id}`)).body.data;
      expect(read).toMatchObject({ sent: "failed", status: "approved", hasErrors: true });
      expect(read.failureReasonCode.key).toBe("FAILED_SENDING_EMAIL");
    });

    it("sends by post (printing → sent), and refuses a customer without a postal address", async () => {
      const id = await approved();
      const a = await post(sim, `/api/bill/Invoices/${id}/sendviapostal`, undefined);
      expect(a.body.data.sent).toBe("printing");
      await waitFor(async () => (sentOf(id) === "sent" ? true : undefined));
      const mulder = await approved({
        customerId: DEMO.customers.mulder,
        contractId: DEMO.contracts.coolingShared,
      });
      const b = await post(sim, `/api/bill/Invoices/${mulder}/sendviapostal`, undefined);
      expect(b.status).toBe(400);
      expect(b.body.errors[0].key).toBe("USER_HAS_NO_POSTAL_ADDRESS");
      expect(sim.store.invoice(mulder)).toMatchObject({ sent: "notsent", sendCount: 0 });
    });

    it("sends again when asked again (counted: the add-in must never ask twice)", async () => {
      const id = await approved();
      await post(sim, `/api/bill/Invoices/${id}/send`, undefined);
      await post(sim, `/api/bill/Invoices/${id}/send`, undefined);
      expect(sim.store.invoice(id)!.sendCount).toBe(2);
    });

    it("bulk: onlyValidate reports, then sends exactly the named approved invoices", async () => {
      // Sends stay under way until asserted, on a machine of any speed (npm test under load).
      sim.setOptions({ sendDelayMs: LONG_SEND_MS });
      const ok = [await approved(), await approved()];
      const notYet = await draft();
      const bystander = await approved();
      const query = { includeOnlyIds: [...ok, notYet] };
      const v = await post(sim, "/api/bill/Invoices/bulk/send", {
        onlyValidate: true,
        queryParams: query,
      });
      expect(v.body).toMatchObject({
        success: false,
        applicableEntitiesCount: 3,
        succeededEntitiesCount: 2,
      });
      expect(v.body.errors.map((e: any) => [e.key, e.messageValues[0].value])).toEqual([
        ["INVOICE_NOT_APPROVED_STATUS", notYet],
      ]);
      expect([...ok, notYet].map(sentOf)).toEqual(["notsent", "notsent", "notsent"]);
      const s = await post(sim, "/api/bill/Invoices/bulk/send", {
        onlyValidate: false,
        queryParams: query,
      });
      expect(s.body).toMatchObject({ succeededEntitiesCount: 2, isSynchronous: false });
      expect([...ok, notYet, bystander].map(sentOf)).toEqual([
        "sending",
        "sending",
        "notsent",
        "notsent",
      ]);
      const p = await post(sim, "/api/bill/Invoices/bulk/sendviapostal", {
        queryParams: { includeOnlyIds: [bystander] },
      });
      expect(p.body.success).toBe(true);
      expect(sentOf(bystander)).toBe("printing");
    });

    it("carries out a send whose answer is cut", async () => {
      // Sends stay under way until asserted, on a machine of any speed (npm test under load).
      sim.setOptions({ sendDelayMs: LONG_SEND_MS });
      const id = await approved();
      sim.setFaults({ actionDropNext: { send: 1 } });
      await expect(post(sim, `/api/bill/Invoices/${id}/send`, undefined)).rejects.toThrow();
      expect(sim.store.invoice(id)).toMatchObject({ sent: "sending", sendCount: 1 });
      const ids = [await approved()];
      sim.setFaults({ actionDropNext: { bulkSend: 1 } });
      await expect(
        post(sim, "/api/bill/Invoices/bulk/send", { queryParams: { includeOnlyIds: ids } })
      ).rejects.toThrow();
      expect(sentOf(ids[0])).toBe("sending");
    });
  });

  it("cuts the post and bulk-post answers after acting, and bulk credit", async () => {
    // Sends stay under way until asserted, on a machine of any speed (npm test under load).
    sim.setOptions({ sendDelayMs: LONG_SEND_MS });
    const [a, b, c] = [await approved(), await approved(), await approved()];
    sim.setFaults({ actionDropNext: { sendViaPostal: 1, bulkSendViaPostal: 1, bulkCredit: 1 } });
    await expect(post(sim, `/api/bill/Invoices/${a}/sendviapostal`, undefined)).rejects.toThrow();
    await expect(
      post(sim, "/api/bill/Invoices/bulk/sendviapostal", { queryParams: { includeOnlyIds: [b] } })
    ).rejects.toThrow();
    await expect(
      post(sim, "/api/bill/Invoices/bulk/credit", { queryParams: { includeOnlyIds: [c] } })
    ).rejects.toThrow();
    expect([a, b].map(sentOf)).toEqual(["printing", "printing"]);
    expect(sim.store.invoice(c)!.creditedByInvoiceId).toEqual(expect.any(String));
    // Each switch was used up: the next calls answer.
    expect((await post(sim, `/api/bill/Invoices/${c}/sendviapostal`, undefined)).status).toBe(200);
  });

  it("answers the single actions in the interface dialect too (bare DTOs), the bulk ones 404", async () => {
    const id = await approved();
    sim.setOptions({ dialect: "interface" });
    const s = await post(sim, `/api/bill/Invoices/${id}/send`, undefined);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ id, sent: "sending", status: "approved" });
    const c = await post(sim, `/api/bill/Invoices/${id}/credit`, undefined);
    expect(c.body).toMatchObject({ type: "creditnote", creditedInvoiceId: id });
    for (const path of ["bulk/send", "bulk/sendviapostal", "bulk/credit"]) {
      const b = await post(sim, `/api/bill/Invoices/${path}`, {
        queryParams: { includeOnlyIds: [id] },
      });
      expect(b.status).toBe(404);
    }
  });

  describe("credit", () => {
    it("makes one approved credit note with its own number, the original's lines negated, linked both ways", async () => {
      const id = await approved({ externalReference: "CR-1" });
      const original = (await get(sim, `/api/bill/Invoices/${id}`)).body.data;
      const a = await post(sim, `/api/bill/Invoices/${id}/credit`, undefined);
      expect(a.status).toBe(200);
      const note = a.body.data;
      expect(note).toMatchObject({
        type: "creditnote",
        status: "approved",
        creditedInvoiceId: id,
        creditedByInvoiceId: null,
        externalReference: null,
        totalAmountExclVAT: -original.totalAmountExclVAT,
        totalAmountInclVAT: -original.totalAmountInclVAT,
      });
      expect(note.id).not.toBe(id);
      expect(note.invoiceNum).toMatch(/^INV-\d{4}-\d{6}$/);
      expect(note.invoiceNum).not.toBe(original.invoiceNum);
      expect((await get(sim, `/api/bill/Invoices/${id}`)).body.data.creditedByInvoiceId).toBe(
        note.id
      );
      // The search by reference still finds the original only.
      expect(sim.store.findByExternalReference("CR-1")!.id).toBe(id);
    });

    it("refuses a second credit, a credit note and a draft, creating nothing", async () => {
      const id = await approved();
      const note = (await post(sim, `/api/bill/Invoices/${id}/credit`, undefined)).body.data.id;
      const before = sim.store.invoices.size;
      const again = await post(sim, `/api/bill/Invoices/${id}/credit`, undefined);
      expect([again.status, again.body.errors[0].key]).toEqual([
        400,
        "INVOICE_IS_ALREADY_CREDITED",
      ]);
      const ofNote = await post(sim, `/api/bill/Invoices/${note}/credit`, undefined);
      expect(ofNote.body.errors[0].key).toBe("CREDIT_NOTE_CANNOT_BE_CREDITED");
      const d = await draft();
      const ofDraft = await post(sim, `/api/bill/Invoices/${d}/credit`, undefined);
      expect(ofDraft.body.errors[0].key).toBe("CREATED_INVOICES_CANNOT_BE_CREDITED");
      expect(sim.store.invoices.size).toBe(before + 1); // the draft only
      expect(
        (
          await post(
            sim,
            "/api/bill/Invoices/00000000-0000-4000-8000-000000000000/credit",
            undefined
          )
        ).status
      ).toBe(404);
    });

    it("bulk: credits each named invoice once and names the refused ones", async () => {
      const ids = [await approved(), await approved()];
      const credited = await approved();
      await post(sim, `/api/bill/Invoices/${credited}/credit`, undefined);
      const a = await post(sim, "/api/bill/Invoices/bulk/credit", {
        onlyValidate: false,
        queryParams: { includeOnlyIds: [...ids, credited] },
      });
      expect(a.body).toMatchObject({ success: false, succeededEntitiesCount: 2 });
      expect(a.body.errors.map((e: any) => [e.key, e.messageValues[0].value])).toEqual([
        ["INVOICE_IS_ALREADY_CREDITED", credited],
      ]);
      const notes = [...sim.store.invoices.values()].filter((i) => i.type === "creditnote");
      expect(notes.map((n) => n.creditedInvoiceId).sort()).toEqual([...ids, credited].sort());
    });

    it("carries out a credit whose answer is cut; reading the original back shows its credit note", async () => {
      const id = await approved();
      sim.setFaults({ actionDropNext: { credit: 1 } });
      await expect(post(sim, `/api/bill/Invoices/${id}/credit`, undefined)).rejects.toThrow();
      const read = (await get(sim, `/api/bill/Invoices/${id}`)).body.data;
      expect(read.creditedByInvoiceId).toEqual(expect.any(String));
      expect(sim.store.invoice(read.creditedByInvoiceId)!.creditedInvoiceId).toBe(id);
    });
  });

  describe("mark as sent (/marksent, /bulk/marksent)", () => {
    it("marks an approved invoice sent at once, sending nothing, and answers the invoice", async () => {
      const id = await approved();
      const a = await post(sim, `/api/bill/Invoices/${id}/marksent`, undefined);
      expect(a.status).toBe(200);
      expect(a.body.data).toMatchObject({ id, sent: "sent" });
      expect(sim.store.invoice(id)).toMatchObject({ sent: "sent", markSentCount: 1, sendCount: 0 });
    });

    it("refuses a draft and marks nothing", async () => {
      const id = await draft();
      const a = await post(sim, `/api/bill/Invoices/${id}/marksent`, undefined);
      expect(a.status).toBe(400);
      expect(a.body.errors[0].key).toBe("INVOICE_NOT_APPROVED_STATUS");
      expect(sim.store.invoice(id)).toMatchObject({ sent: "notsent" });
      expect(sim.store.invoice(id)!.markSentCount).toBeUndefined();
    });

    it("bulk: marks each named approved invoice once, names the draft refused, leaves the rest", async () => {
      const ids = [await approved(), await approved()];
      const other = await approved();
      const aDraft = await draft();
      const a = await post(sim, "/api/bill/Invoices/bulk/marksent", {
        onlyValidate: false,
        queryParams: { includeOnlyIds: [...ids, aDraft] },
      });
      expect(a.body).toMatchObject({ success: false, succeededEntitiesCount: 2 });
      expect(a.body.errors.map((e: any) => [e.key, e.messageValues[0].value])).toEqual([
        ["INVOICE_NOT_APPROVED_STATUS", aDraft],
      ]);
      for (const id of ids) expect(sim.store.invoice(id)).toMatchObject({ markSentCount: 1 });
      expect(sim.store.invoice(other)!.markSentCount).toBeUndefined();
      expect(sim.store.invoice(aDraft)).toMatchObject({ status: "created", sent: "notsent" });
    });

    it("carries out a mark whose answer is 503 (action503Next); reading back shows it sent", async () => {
      const id = await approved();
      sim.setFaults({ action503Next: { markSent: 1 } });
      const a = await post(sim, `/api/bill/Invoices/${id}/marksent`, undefined);
      expect(a.status).toBe(503);
      expect((await get(sim, `/api/bill/Invoices/${id}`)).body.data.sent).toBe("sent");
      expect(sim.store.invoice(id)!.markSentCount).toBe(1);
    });
  });
});
