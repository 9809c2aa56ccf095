/**
 * What bodies the gateway reads the way the service does (gateway/body-rules.ts), the per-operation
 * limits (gateway/operations.ts) against the largest real bodies, and the Location rewrite.
 */
import {
  BULK_MAX_IDS,
  CREATE_BODY,
  OPERATIONS,
  SMALL_BODY,
  rewriteServiceUrl,
} from "../../../gateway";
import { BULK_CHUNK_SIZE } from "../../../src/api";
import { MAX_TEXT_LENGTH } from "../../../src/invoices";
import {
  checkBodyBytes,
  checkBodyHeaders,
  readExternalReference,
} from "../../../gateway/body-rules";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("the per-operation body limits", () => {
  it("the largest real create — 1,000 lines, every field filled, each text at the add-in's 1,000-character cap in two-byte characters — fits 4 MiB with a margin", () => {
    const line = (n: number) => ({
      taxCodeId: uuid(n),
      billingItemId: uuid(n + 1),
      serviceLocationId: uuid(n + 2),
      startDateTime: "2026-01-01T00:00:00+01:00",
      endDateTime: "2026-12-31T23:59:59+01:00",
      disableVATCalculation: false,
      lineType: "previouslyadvanced",
      quantity: 12345.678,
      unitPrice: 98765.4321,
      amountExclVat: "1219326311.37",
      description: "é".repeat(MAX_TEXT_LENGTH),
    });
    const body = JSON.stringify({
      customerId: uuid(1),
      contractId: uuid(2),
      contractNumber: "C".repeat(40),
      companyBankAccountId: uuid(3),
      invoiceNum: "INV-2026-000001",
      externalReference: "R".repeat(120),
      lines: Array.from({ length: 1000 }, (_, i) => line(i)),
    });
    // About 2.4 MB (1.4 MB with plain ASCII texts): 4 MiB leaves a margin of 1.7.
    const bytes = Buffer.byteLength(body);
    expect(bytes).toBeGreaterThan(2_300_000);
    expect(bytes * 1.7).toBeLessThan(CREATE_BODY);
  });

  it("a bulk request of 100 ids with a status filter fits 64 KiB sixteen times over", () => {
    const body = JSON.stringify({
      queryParams: {
        includeOnlyIds: Array.from({ length: BULK_CHUNK_SIZE }, (_, i) => uuid(i)),
        invoiceStatus: ["Approved", "Sent"],
      },
    });
    expect(Buffer.byteLength(body) * 14).toBeLessThan(SMALL_BODY);
  });

  it("only POSTs take a body; only the create takes more than 64 KiB", () => {
    for (const o of OPERATIONS) {
      if (o.method !== "POST" || o.body === "none") expect(o.bodyLimit).toBe(0);
      else expect(o.bodyLimit).toBe(o.template === "/api/bill/Invoices" ? CREATE_BODY : SMALL_BODY);
    }
  });
});

describe("bodies the gateway reads as the service does", () => {
  it.each([
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    ['application/json;charset="UTF-8"', true],
    ["application/json; charset=utf-16le", false],
    ["application/json; charset=iso-8859-1", false],
    ["text/plain", false],
    ["application/x-www-form-urlencoded", false],
    [undefined, false],
  ])("Content-Type %s: accepted %s", (type, ok) => {
    const refusal = checkBodyHeaders(type === undefined ? {} : { "content-type": type });
    expect(refusal === undefined).toBe(ok);
  });

  it.each(["gzip", "deflate", "br", "x-gzip", "identity, gzip"])(
    "Content-Encoding %s is refused (415)",
    (coding) => {
      expect(
        checkBodyHeaders({ "content-type": "application/json", "content-encoding": coding })?.status
      ).toBe(415);
    }
  );

  it("refuses a byte-order mark and more than 1 KiB of leading whitespace", () => {
    expect(checkBodyBytes(Buffer.from("\ufeff{}"))?.detail).toBe("bom");
    expect(checkBodyBytes(Buffer.from(`${" \n\t\r".repeat(300)}{}`))?.detail).toBe(
      "leading-whitespace"
    );
    expect(checkBodyBytes(Buffer.from(`${" ".repeat(1024)}{}`))).toBeUndefined();
  });

  it.each([
    ['{"externalReference":"R-1"}', "R-1"],
    ['{"externalReference":42}', "42"],
    ['{"external\\u0052eference":"R-2"}', "R-2"],
    ['{"externalReference":null}', undefined],
    ["{}", undefined],
  ])("reads %s as reference %s", (text, reference) => {
    expect(readExternalReference(Buffer.from(text))).toEqual({
      ok: true,
      ...(reference === undefined ? {} : { reference }),
    });
  });

  it.each([
    ['{"ExternalReference":"R-1"}', "reference-name"],
    ['{"externalreference":"R-1"}', "reference-name"],
    ['{"externalReference":"A","externalReference":"B"}', "reference-twice"],
    ['{"externalReference":"A","lines":[{"externalReference":"B"}]}', "reference-twice"],
    ['{"externalReference":["A"]}', "reference-type"],
    ["[]", "json"],
    ["{not json", "json"],
  ])("refuses %s (%s)", (text, detail) => {
    const read = readExternalReference(Buffer.from(text));
    expect(read.ok ? undefined : read.refusal.detail).toBe(detail);
  });
});

describe("a Location from the service", () => {
  const service = "https://billing.internal.example:8443";
  it.each([
    [`${service}/api/bill/Invoices/1?x=1#f`, "/api/bill/Invoices/1?x=1#f"],
    ["HTTPS://BILLING.INTERNAL.EXAMPLE:8443/api/bill/Invoices/2", "/api/bill/Invoices/2"],
    ["/api/bill/Invoices/3", "/api/bill/Invoices/3"],
    ["https://elsewhere.example/api", undefined],
    ["//billing.internal.example:8443/x", "/x"],
    ["//elsewhere.example/x", undefined],
    ["/\\evil.example/x", undefined],
    ["http://billing.internal.example:8443/x", undefined],
  ])("%s → %s", (value, expected) => {
    expect(rewriteServiceUrl(value, service)).toBe(expected);
  });
});

describe("the bulk shape", () => {
  it("takes as many ids as the add-in puts in one bulk request, no more", () => {
    expect(BULK_MAX_IDS).toBe(BULK_CHUNK_SIZE);
  });
});
