/**
 * prepareInvoiceActions against an in-memory service: what the service holds sorts the
 * plan into to do, already done and refused; reads are batched; totals are exact.
 */
import { NotFoundError, UnavailableError } from "../../../src/api/errors";
import type { BillingClient, Invoice } from "../../../src/api/types";
import { planInvoiceActions, prepareInvoiceActions } from "../../../src/invoices";
import type { ActionRequest, CellValue } from "../../../src/invoices";

const id = (n: number) => `11110000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/**
 * A read-only service holding `invoices`; counts its calls. With `pageSize`, the client learns it
 * (`listPageSize`) as the real one does: from an answer that took more than one page (`seen`: known
 * from the start).
 */
function service(invoices: Invoice[], pageSize?: number, seen?: number) {
  const byId = new Map(invoices.map((i) => [i.id, i]));
  const calls = { filter: [] as string[][], get: [] as string[] };
  let learned = seen;
  const client = {
    listPageSize: () => learned,
    getInvoicesByIds: (ids: readonly string[]) => {
      calls.filter.push([...ids]);
      if (pageSize !== undefined && ids.length > pageSize) learned = pageSize;
      return Promise.resolve(
        ids.map((x) => byId.get(x)).filter((x): x is Invoice => x !== undefined)
      );
    },
    getInvoice: (x: string) => {
      calls.get.push(x);
      const found = byId.get(x);
      return found ? Promise.resolve(found) : Promise.reject(new NotFoundError("not found", {}));
    },
  } as unknown as BillingClient;
  return { client, calls };
}

const approved = (n: number, extra: Partial<Invoice> = {}): Invoice => ({
  id: id(n),
  status: "approved",
  invoiceNum: `INV-${n}`,
  errors: [],
  type: "invoice",
  sent: "notsent",
  totalAmountExclVAT: "10.10",
  totalAmountInclVAT: "12.22",
  ...extra,
});

function planOf(ids: string[], request: ActionRequest) {
  const rows: CellValue[][] = ids.map((x) => [x, "approved"]);
  return planInvoiceActions(
    {
      headers: ["invoiceId", "status"],
      rows: rows.map((values, i) => ({ rowNumber: i + 2, values })),
    },
    request
  );
}

/** Sends 120 approved invoices through the preparation (`pageSize`: the service's pages). */
async function prepare120(pageSize?: number) {
  const all = Array.from({ length: 120 }, (_, i) => approved(i + 1));
  const { client, calls } = service(all, pageSize);
  const ids = all.map((i) => i.id);
  const p = await prepareInvoiceActions(client, planOf(ids, { action: "send" }));
  return { p, calls };
}

describe("prepareInvoiceActions", () => {
  it("send: sent, sending, printing and skipped are already done; failed is sent again; notsent to do", async () => {
    const { client } = service([
      approved(1, { sent: "sent" }),
      approved(2, { sent: "sending" }),
      approved(3, { sent: "printing" }),
      approved(4, { sent: "skipped" }),
      approved(5, { sent: "failed" }),
      approved(6),
    ]);
    const p = await prepareInvoiceActions(
      client,
      planOf([1, 2, 3, 4, 5, 6].map(id), { action: "send" })
    );
    expect(p.alreadyDone.map((x) => x.invoiceId)).toEqual([1, 2, 3, 4].map(id));
    expect(p.toDo.map((x) => [x.invoiceId, x.retry ?? false])).toEqual([
      [id(5), true],
      [id(6), false],
    ]);
    expect(p.refused).toEqual([]);
  });

  it("send: an invoice credited before it was sent is refused (void); one sent before it was credited is already done", async () => {
    const { client } = service([
      approved(1, { creditedByInvoiceId: id(91) }),
      approved(2, { creditedByInvoiceId: id(92), sent: "sent" }),
    ]);
    const p = await prepareInvoiceActions(client, planOf([id(1), id(2)], { action: "send" }));
    expect(p.toDo).toEqual([]);
    expect(p.alreadyDone.map((x) => x.invoiceId)).toEqual([id(2)]);
    expect(p.refused.map((r) => r.message)).toEqual([
      "Not sent: it has a credit note, so it is void: a credited invoice is not sent to the customer.",
    ]);
  });

  it("refuses a draft, one being approved and an unknown id (the service's own 404), with plain reasons", async () => {
    const { client, calls } = service([
      approved(1, { status: "created" }),
      approved(2, { status: "approvalinprogress" }),
    ]);
    const p = await prepareInvoiceActions(
      client,
      planOf([id(1), id(2), id(3)], { action: "send" })
    );
    expect(p.toDo).toEqual([]);
    expect(p.refused.map((r) => [r.invoiceId, r.message])).toEqual([
      [
        id(1),
        "Not sent: the billing service holds it as a draft: only approved invoices can be sent.",
      ],
      [
        id(2),
        "Not sent: the billing service is still approving it: try again when it is approved.",
      ],
      [
        id(3),
        `Not sent: the billing service has no invoice ${id(3)} (not found); check the invoiceId.`,
      ],
    ]);
    // The id the batch left out was asked on its own: "not found" is the service's word.
    expect(calls.get).toEqual([id(3)]);
  });

  it("credit: an invoice already credited is already done with its credit note's id and number", async () => {
    const note = approved(90, {
      type: "creditnote",
      invoiceNum: "CN-90",
      creditedInvoiceId: id(1),
    });
    const { client, calls } = service([
      approved(1, { creditedByInvoiceId: note.id }),
      note,
      approved(2, { totalAmountExclVAT: "0.1", totalAmountInclVAT: "0.2" }),
      approved(3, { totalAmountExclVAT: "0.2", totalAmountInclVAT: "0.1" }),
    ]);
    const p = await prepareInvoiceActions(
      client,
      planOf([id(1), note.id, id(2), id(3)], { action: "credit" })
    );
    expect(p.alreadyDone.map((x) => [x.invoiceId, x.creditNoteId, x.creditNoteNum])).toEqual([
      [id(1), note.id, "CN-90"],
    ]);
    expect(p.refused.map((r) => r.message)).toEqual([
      "Not credited: it is a credit note, and a credit note cannot be credited.",
    ]);
    expect(p.toDo.map((x) => x.invoiceId)).toEqual([id(2), id(3)]);
    // Exact: 0.1 + 0.2 is 0.30, not 0.30000000000000004.
    expect([p.totalExclVAT, p.totalInclVAT, p.totalsMissing]).toEqual(["0.30", "0.30", 0]);
    expect(calls.filter).toEqual([[id(1), note.id, id(2), id(3)], [note.id]]);
  });

  it("a total the service does not answer is counted as missing, not as zero", async () => {
    const { client } = service([
      approved(1),
      approved(2, { totalAmountInclVAT: undefined, totalAmountExclVAT: undefined }),
    ]);
    const p = await prepareInvoiceActions(client, planOf([id(1), id(2)], { action: "credit" }));
    expect([p.totalInclVAT, p.totalsMissing]).toEqual(["12.22", 1]);
  });

  it("page size not seen: the first 50 ids alone, then batches of at most 50", async () => {
    const { p, calls } = await prepare120();
    expect(p.toDo).toHaveLength(120);
    expect(calls.filter.map((b) => b.length)).toEqual([50, 35, 35]);
    expect(p.totalInclVAT).toBe("1466.40");
  });

  it("the first batch's pages show the page size: the rest goes one page a request", async () => {
    const { p, calls } = await prepare120(4);
    expect(p.toDo).toHaveLength(120);
    const sizes = calls.filter.map((b) => b.length);
    expect(sizes[0]).toBe(50);
    expect(sizes.slice(1).every((n) => n <= 4)).toBe(true);
    // 70 ids in pages of 4: ⌈70 ÷ 4⌉ requests, each id asked once.
    expect(sizes.length - 1).toBe(18);
    expect(new Set(calls.filter.flat()).size).toBe(120);
    expect(calls.filter.flat()).toHaveLength(120);
    expect(p.totalInclVAT).toBe("1466.40");
  });

  it("page size already seen by the client: every batch one page, no batch first", async () => {
    const all = Array.from({ length: 120 }, (_, i) => approved(i + 1));
    const { client, calls } = service(all, 4, 4);
    await prepareInvoiceActions(
      client,
      planOf(
        all.map((i) => i.id),
        { action: "credit" }
      )
    );
    expect(calls.filter.map((b) => b.length)).toEqual(Array.from({ length: 30 }, () => 4));
  });

  it("a service that cannot be read rejects: the confirmation never states a guess", async () => {
    const { client } = service([approved(1)]);
    client.getInvoicesByIds = () => Promise.reject(new UnavailableError("down", {}));
    await expect(
      prepareInvoiceActions(client, planOf([id(1)], { action: "credit" }))
    ).rejects.toThrow(UnavailableError);
  });
});
