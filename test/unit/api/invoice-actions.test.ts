import { createBillingClient, isBulkNotOffered, isValidationError } from "../../../src/api/index";
import {
  BULK_CHUNK_SIZE,
  bulkQueryParams,
  chunkIds,
  requireIdList,
} from "../../../src/api/bulk-request";
import { actionErrorWords, describeActionEntry } from "../../../src/api/action-error-words";
import { normalizeInvoice } from "../../../src/api/normalize-invoice";
import { SETTINGS, fakeFetch, json } from "./fake-service";

const ids = (n: number, from = 0) =>
  Array.from(
    { length: n },
    (_, i) => `0000000a-0000-4000-8000-${String(from + i).padStart(12, "0")}`
  );
const DATE = "2026-06-15T12:00:00+02:00";
const ok = () => json({ success: true, errors: [], data: null });

describe("the bulk request builder refuses a request without exact ids", () => {
  it.each([
    [[]],
    [undefined],
    [null],
    ["0000000a-0000-4000-8000-000000000001"],
    [[""]],
    [["  "]],
    [[42]],
  ])("throws a ValidationError for %p", (list) => {
    expect(() => requireIdList(list, "POST /x")).toThrow(/non-empty list of invoice ids|required/);
    expect(() => bulkQueryParams(list as string[], "POST /x")).toThrow();
  });

  it("keeps exact ids, trimmed and without repeats, with the status filter when asked", () => {
    const [a, b] = ids(2);
    expect(bulkQueryParams([` ${a} `, b, a.toUpperCase()], "POST /x", ["created"])).toEqual({
      includeOnlyIds: [a, b],
      invoiceStatus: ["created"],
    });
    expect(bulkQueryParams([a], "POST /x")).toEqual({ includeOnlyIds: [a] });
    expect(() => bulkQueryParams(ids(101), "POST /x")).toThrow(/at most 100/);
  });

  it("cuts a list in chunks of at most 100, in order", () => {
    const list = ids(250);
    const chunks = chunkIds(list);
    expect(BULK_CHUNK_SIZE).toBe(100);
    expect(chunks.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunks.flat()).toEqual(list);
    expect(chunkIds([])).toEqual([]);
  });
});

describe("invoice actions of the client (scripted service)", () => {
  it.each([
    ["validateApproval", (c: any) => c.validateApproval([], DATE)],
    ["bulkApprove", (c: any) => c.bulkApprove([], DATE)],
    ["bulkSend", (c: any) => c.bulkSend([], "email", false)],
    ["bulkCredit", (c: any) => c.bulkCredit([])],
    ["bulkApprove (undefined)", (c: any) => c.bulkApprove(undefined, DATE)],
  ])("%s with no ids rejects and sends nothing", async (_, call) => {
    const service = fakeFetch(ok);
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const error = await call(client).catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    expect(service.seen).toHaveLength(0);
  });

  it("approves 230 drafts in 3 requests naming exactly their ids, status created", async () => {
    const service = fakeFetch(ok);
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const list = ids(230);
    const out = await client.bulkApprove(list, DATE);
    expect(out).toEqual({ accepted: list, refused: [], general: [], failed: [], notSent: [] });
    expect(service.seen.map((s) => `${s.method} ${s.path}`)).toEqual(
      Array(3).fill("POST /api/bill/Invoices/bulk/approve")
    );
    const bodies = service.seen.map((s) => JSON.parse(s.body));
    expect(bodies[0]).toEqual({
      invoiceDate: DATE,
      onlyValidate: false,
      queryParams: { includeOnlyIds: list.slice(0, 100), invoiceStatus: ["created"] },
    });
    expect(bodies.flatMap((b) => b.queryParams.includeOnlyIds)).toEqual(list);
  });

  it("reads the refusals per invoice from messageValues; the rest of the chunk was taken", async () => {
    const list = ids(3);
    const service = fakeFetch(() =>
      json({
        success: false,
        errors: [
          {
            key: "MISSING_ACTIVE_MANDATE",
            message: "no mandate",
            correlationId: "c1",
            messageValues: [{ dataType: "text", value: list[1].toUpperCase(), capitalize: false }],
          },
          { key: "SOMETHING_GENERAL", message: "general", messageValues: [] },
        ],
        data: null,
      })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const out = await client.validateApproval(list);
    expect(JSON.parse(service.seen[0].body)).toEqual({
      onlyValidate: true,
      queryParams: { includeOnlyIds: list, invoiceStatus: ["created"] },
    });
    expect(out.accepted).toEqual([list[0], list[2]]);
    expect(out.refused).toEqual([
      {
        invoiceId: list[1],
        entries: [
          {
            key: "MISSING_ACTIVE_MANDATE",
            message: "no mandate",
            correlationId: "c1",
            values: [list[1].toUpperCase()],
          },
        ],
      },
    ]);
    expect(out.general).toEqual([
      { ids: [], entries: [{ key: "SOMETHING_GENERAL", message: "general" }] },
    ]);
    expect(describeActionEntry(out.refused[0].entries[0])).toMatch(/no active mandate/);
  });

  it("redacts a secret the service echoes in messageValues", async () => {
    const list = ids(1);
    const service = fakeFetch(() =>
      json({
        success: false,
        errors: [
          {
            key: "K",
            message: "m",
            messageValues: [{ value: "TOKEN-SECRET-1" }, { value: list[0] }],
          },
        ],
      })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const out = await client.bulkCredit(list);
    expect(JSON.stringify(out)).not.toContain("TOKEN-SECRET-1");
    expect(out.refused.map((r) => r.invoiceId)).toEqual(list);
  });

  it("a 400 refuses the whole chunk; a 5xx or cut chunk is reported as failed, not retried for approve", async () => {
    const list = ids(150);
    let n = 0;
    const service = fakeFetch(() => {
      n += 1;
      return n === 1
        ? json({ success: false, errors: [{ key: "INVALID_INVOICE_DATE", message: "bad" }] }, 400)
        : json({ success: false, errors: [] }, 500);
    });
    const client = createBillingClient(SETTINGS, { fetch: service.fetch, retry: { limit: 2 } });
    const out = await client.bulkApprove(list, DATE);
    expect(out.accepted).toEqual([]);
    expect(out.general).toEqual([
      { ids: list.slice(0, 100), entries: [{ key: "INVALID_INVOICE_DATE", message: "bad" }] },
    ]);
    expect(out.failed.map((f) => f.ids)).toEqual([list.slice(100)]);
    expect(service.seen).toHaveLength(2);
  });

  it.each([404, 405])(
    "tells a service without bulk approval (%i) so the caller falls back",
    async (status) => {
      const service = fakeFetch(() =>
        json({ errors: [{ key: "NOT_FOUND", message: "No such endpoint." }] }, status)
      );
      const client = createBillingClient(SETTINGS, { fetch: service.fetch });
      const error = await client.bulkApprove(ids(2), DATE).catch((e: unknown) => e);
      expect(isBulkNotOffered(error)).toBe(true);
      expect(service.seen).toHaveLength(1);
    }
  );

  it("sends by email or post and credits through the documented paths, with no body", async () => {
    const service = fakeFetch((seen) =>
      json({
        success: true,
        errors: [],
        data: {
          id: seen.path.endsWith("/credit") ? "note-1" : "i-1",
          status: "approved",
          type: seen.path.endsWith("/credit") ? "creditnote" : "invoice",
          sent: "sending",
          totalAmountExclVAT: -1234.5,
          totalAmountInclVAT: 0.1,
          creditedInvoiceId: seen.path.endsWith("/credit") ? "i-1" : null,
        },
      })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    expect((await client.send("i-1", "email")).sent).toBe("sending");
    await client.send("i-1", "post");
    const note = await client.credit("i-1");
    expect(note).toMatchObject({
      id: "note-1",
      type: "creditnote",
      creditedInvoiceId: "i-1",
      totalAmountExclVAT: "-1234.50",
      totalAmountInclVAT: "0.10",
    });
    expect(note).not.toHaveProperty("creditedByInvoiceId");
    expect(service.seen.map((s) => `${s.method} ${s.path} ${s.body}`)).toEqual([
      "POST /api/bill/Invoices/i-1/send ",
      "POST /api/bill/Invoices/i-1/sendviapostal ",
      "POST /api/bill/Invoices/i-1/credit ",
    ]);
    await expect(client.send("", "email")).rejects.toThrow(/invoiceId is required/);
    await expect(client.send("i-1", "fax" as never)).rejects.toThrow(/email.*post/);
    expect(service.seen).toHaveLength(3);
  });

  it("asks a send or credit once when the answer is a 503 (it may have acted), again after a 429", async () => {
    let answers = 0;
    const service = fakeFetch(() => {
      answers += 1;
      return json({ errors: [{ key: "UNAVAILABLE", message: "Busy." }] }, 503);
    });
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    await expect(client.send("i-1", "email")).rejects.toThrow(/503/);
    await expect(client.credit("i-1")).rejects.toThrow(/503/);
    const bulk = await client.bulkSend(ids(2), "post", false);
    expect(bulk.failed.map((f) => f.ids)).toEqual([ids(2)]);
    const bulkCredit = await client.bulkCredit(ids(2));
    expect(bulkCredit.failed).toHaveLength(1);
    expect(answers).toBe(4);
    expect(service.seen.map((s) => s.path)).toEqual([
      "/api/bill/Invoices/i-1/send",
      "/api/bill/Invoices/i-1/credit",
      "/api/bill/Invoices/bulk/sendviapostal",
      "/api/bill/Invoices/bulk/credit",
    ]);

    let first = true;
    const limited = fakeFetch(() => {
      if (first) {
        first = false;
        return json({ errors: [{ key: "TOO_MANY_REQUESTS", message: "Slow down." }] }, 429, {
          "retry-after": "0",
        });
      }
      return json({
        success: true,
        errors: [],
        data: { id: "i-1", status: "approved", sent: "sending" },
      });
    });
    const patient = createBillingClient(SETTINGS, { fetch: limited.fetch });
    expect((await patient.send("i-1", "email")).sent).toBe("sending");
    expect(limited.seen).toHaveLength(2);
  });

  it("reads the preview as HTML text and as PDF bytes, asking for their types", async () => {
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n", "latin1");
    const service = fakeFetch((seen) =>
      seen.path.endsWith("previewpdf")
        ? new Response(pdf, { headers: { "content-type": "application/pdf" } })
        : new Response("<p>Jansen &amp; Zn</p>", {
            headers: { "content-type": "text/html; charset=utf-8" },
          })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    expect(await client.previewHtml("i-1")).toBe("<p>Jansen &amp; Zn</p>");
    expect(Buffer.from(await client.previewPdf("i-1")).equals(pdf)).toBe(true);
    expect(
      service.seen.map((s) => [s.path, s.headers.accept.split(",")[0], s.headers.authorization])
    ).toEqual([
      ["/api/bill/Invoices/i-1/preview", "text/html", "Bearer TOKEN-SECRET-1"],
      ["/api/bill/Invoices/i-1/previewpdf", "application/pdf", "Bearer TOKEN-SECRET-1"],
    ]);
  });

  it("refuses a PDF preview that is not a PDF", async () => {
    const service = fakeFetch(
      () => new Response("<html>oops</html>", { headers: { "content-type": "application/pdf" } })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    await expect(client.previewPdf("i-1")).rejects.toThrow(/not a PDF/);
  });
});

describe("the invoice normaliser reads what the service made of the invoice", () => {
  it("keeps the totals as exact decimal text with their cents (0.3 is 0.30), and the type, sent state and credit links", () => {
    const inv = normalizeInvoice({
      id: "i",
      status: "approved",
      totalAmountExclVAT: 0.3,
      totalAmountInclVAT: "1091.10",
      type: "CreditNote",
      sent: "Failed",
      creditedByInvoiceId: "",
      creditedInvoiceId: "o",
    });
    expect(inv).toEqual({
      id: "i",
      status: "approved",
      errors: [],
      totalAmountExclVAT: "0.30",
      totalAmountInclVAT: "1091.10",
      type: "creditnote",
      sent: "failed",
      creditedInvoiceId: "o",
    });
  });

  it.each([["12,50"], [true], [{}], [Number.NaN]])(
    "refuses a total of %p as malformed",
    (total) => {
      expect(() =>
        normalizeInvoice({ id: "i", status: "created", totalAmountExclVAT: total })
      ).toThrow(/totalAmountExclVAT/);
    }
  );
});

describe("plain words for the new error keys", () => {
  it("says what a controller can do, in any key case, and falls back to the service's message", () => {
    expect(actionErrorWords("user_has_no_postal_address")).toMatch(
      /no postal address; send it by email/
    );
    expect(actionErrorWords("INVOICE_IS_ALREADY_CREDITED")).toMatch(/already has a credit note/);
    expect(describeActionEntry({ key: "NEW_KEY", message: "Something new." })).toBe(
      "Something new."
    );
    expect(describeActionEntry({})).toMatch(/no reason/);
  });
});
