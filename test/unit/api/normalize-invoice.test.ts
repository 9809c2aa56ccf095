import {
  idFromLocation,
  normalizeCreatedInvoice,
  normalizeInvoice,
} from "../../../src/api/normalize-invoice";
import { isResponseFormatError } from "../../../src/api/errors";

describe("normalizeInvoice", () => {
  it("reads the live dialect with lower-case status and error entries", () => {
    const raw = {
      id: "i1",
      status: "approved",
      invoiceNum: "INV-1",
      externalReference: "REF-1",
      customerId: "c",
      errors: [{ key: "X", message: "m", correlationId: "corr", messageValues: [] }],
    };
    expect(normalizeInvoice(raw)).toEqual({
      id: "i1",
      status: "approved",
      invoiceNum: "INV-1",
      externalReference: "REF-1",
      customerId: "c",
      errors: [{ key: "X", message: "m", correlationId: "corr" }],
    });
  });

  it("reads the vendor's InvoiceDTO: the customer in debtor, a failure in failureReasonCode", () => {
    const raw = {
      id: "i2",
      createdDateTime: "2026-06-15T10:00:00Z",
      status: "created",
      invoiceNum: null,
      invoiceDate: "2026-06-15T10:00:00Z",
      debtor: { customerId: "c", displayName: "Jansen", customerAccountNumber: "CUST-1" },
      externalReference: "REF-2",
      lines: [{ id: "l1", taxCodeId: "t", quantity: 1 }],
      hasErrors: true,
      failureReasonCode: {
        key: "COULD_NOT_APPROVE_INVOICE",
        correlationId: null,
        message: "The invoice could not be approved.",
        messageValues: [],
      },
      failureDetails: "The invoice could not be approved.",
      somethingNew: true,
    };
    expect(normalizeInvoice(raw)).toEqual({
      id: "i2",
      invoiceDate: "2026-06-15T10:00:00Z",
      createdDateTime: "2026-06-15T10:00:00Z",
      status: "created",
      externalReference: "REF-2",
      customerId: "c",
      errors: [{ key: "COULD_NOT_APPROVE_INVOICE", message: "The invoice could not be approved." }],
      lines: [{ id: "l1", taxCodeId: "t", quantity: 1 }],
    });
    expect(
      normalizeInvoice({ ...raw, failureReasonCode: { key: "X" }, failureDetails: "why" }).errors
    ).toEqual([{ key: "X", message: "why" }]);
    expect(normalizeInvoice({ ...raw, failureReasonCode: null }).errors).toEqual([
      { message: "The invoice could not be approved." },
    ]);
    expect(normalizeInvoice({ ...raw, hasErrors: false }).errors).toEqual([]);
    expect(
      normalizeInvoice({ ...raw, hasErrors: false, failureReasonCode: null, failureDetails: null })
        .errors
    ).toEqual([]);
  });

  it("reads the interface dialect and lower-cases the status", () => {
    expect(
      normalizeInvoice({ Id: "i1", Status: "ApprovalInProgress", InvoiceNum: "", Errors: [] })
    ).toEqual({
      id: "i1",
      status: "approvalinprogress",
      errors: [],
    });
  });

  it("treats an empty or null invoice number as not yet assigned", () => {
    expect(
      normalizeInvoice({ id: "i", status: "approved", invoiceNum: null }).invoiceNum
    ).toBeUndefined();
    expect(
      normalizeInvoice({ id: "i", status: "approved", invoiceNum: "  " }).invoiceNum
    ).toBeUndefined();
  });

  it("uses defaults for the id and status when the body leaves them out", () => {
    expect(normalizeInvoice({}, { id: "asked", status: "created" })).toEqual({
      id: "asked",
      status: "created",
      errors: [],
    });
  });

  it.each([
    ["no status", { id: "i" }, /invoice\.status is missing/],
    ["no id", { status: "created" }, /invoice\.id is missing/],
    ["errors not a list", { id: "i", status: "created", errors: "bad" }, /errors should be a list/],
    ["a numeric status", { id: "i", status: true }, /status should be text/],
    ["not an object", "i1", /invoice should be an object/],
  ])("rejects an invoice with %s", (_what, raw, message) => {
    expect(() => normalizeInvoice(raw)).toThrow(message);
    try {
      normalizeInvoice(raw);
    } catch (e) {
      expect(isResponseFormatError(e)).toBe(true);
    }
  });
});

describe("the id of a created invoice", () => {
  it("comes from the body (envelope already removed) with status created by default", () => {
    expect(normalizeCreatedInvoice({ id: "new-1" }, null)).toEqual({
      id: "new-1",
      status: "created",
      errors: [],
    });
    expect(
      normalizeCreatedInvoice(
        { id: "new-1", status: "Created", externalReference: "R" },
        "/x/other"
      )
    ).toEqual({
      id: "new-1",
      status: "created",
      externalReference: "R",
      errors: [],
    });
  });

  it("comes from the Location header's last segment when the body has none", () => {
    expect(
      normalizeCreatedInvoice(undefined, "https://h.example.com/api/bill/Invoices/abc-123")
    ).toEqual({ id: "abc-123", status: "created", errors: [] });
    expect(normalizeCreatedInvoice({}, "/api/bill/Invoices/abc-123/")).toEqual({
      id: "abc-123",
      status: "created",
      errors: [],
    });
    expect(normalizeCreatedInvoice(null, "/api/bill/Invoices/a%20b")).toEqual({
      id: "a b",
      status: "created",
      errors: [],
    });
  });

  it("accepts a bare id string as the body", () => {
    expect(normalizeCreatedInvoice("abc-9", null)).toEqual({
      id: "abc-9",
      status: "created",
      errors: [],
    });
  });

  it("is a ResponseFormatError when neither body nor header has it", () => {
    expect(() => normalizeCreatedInvoice({}, null)).toThrow(/created invoice\.id is missing/);
    expect(() => normalizeCreatedInvoice(undefined, "")).toThrow(/no Location header/);
    expect(() => normalizeCreatedInvoice([], null)).toThrow(/is missing/);
  });

  it("reads Location values defensively", () => {
    expect(idFromLocation(undefined)).toBeUndefined();
    expect(idFromLocation("/")).toBeUndefined();
    expect(idFromLocation("/api/bill/Invoices/x?y=1")).toBe("x");
  });
});

describe("normalizeInvoice: the payment state of the vendor's InvoiceDTO.paymentDetails", () => {
  const base = { id: "i9", status: "Approved" };
  it("reads currentPaymentStatus lower-cased, `paid` when only paid is true, nothing otherwise", () => {
    expect(
      normalizeInvoice({
        ...base,
        paymentDetails: { paid: false, currentPaymentStatus: "PaymentRejected" },
      }).paymentState
    ).toBe("paymentrejected");
    expect(normalizeInvoice({ ...base, paymentDetails: { paid: true } }).paymentState).toBe("paid");
    expect(normalizeInvoice({ ...base, paymentDetails: null }).paymentState).toBeUndefined();
    expect(normalizeInvoice(base).paymentState).toBeUndefined();
  });
});
