/**
 * The simulator's mutable state: the dataset and the invoices. Invoice status transitions are computed
 * lazily from timestamps whenever an invoice is read, so no timers are left running.
 */
import type { Dataset } from "./data/dataset-types";
import { simId } from "./data/ids";

/** One error entry on an invoice (`LocalisedErrorDTO`, docs/developers/live-service.md#errors). */
export interface InvoiceErrorEntry {
  key: string;
  message: string;
}

/** An invoice as stored. */
export interface StoredInvoice {
  id: string;
  status: "created" | "approvalinprogress" | "approved";
  invoiceNum: string | null;
  externalReference: string | null;
  customerId: string;
  contractId: string | null;
  contractNumber: string | null;
  companyBankAccountId: string;
  invoiceDate: string | null;
  lines: Record<string, unknown>[];
  errors: InvoiceErrorEntry[];
  /** Every other field of the create body, kept as sent. */
  extra: Record<string, unknown>;
  createdAt: number;
  /** Set by approve: when the approval completes (or fails). */
  approvalDoneAt?: number;
  /** Set by approve: when the reserved number appears. */
  numberAt?: number;
  /** Reserved number, shown from `numberAt` on. */
  pendingNumber?: string;
  /** Decided at approve time: the approval will fail. */
  approvalWillFail?: boolean;
  /** The vendor's `InvoiceType`; unset = the create body's `invoiceType`, else "invoice". */
  type?: string;
  /** The vendor's `SentStatus`: notsent → sending (email) / printing (post) → sent or failed. */
  sent: SentStatus;
  /** Set by send: when sending completes (or fails). */
  sendDoneAt?: number;
  /** Decided at send time: sending will fail (`FAILED_SENDING_EMAIL`). */
  sendWillFail?: boolean;
  /** How the last send went out. */
  sendChannel?: "email" | "postal";
  /** Sends accepted for this invoice, re-sends included (tests prove nothing is sent twice). */
  sendCount: number;
  /**
   * Marks as sent accepted for this invoice (`marksent`: handed over outside the service), repeats
   * included (tests prove nothing is marked twice); unset = never marked.
   */
  markSentCount?: number;
  /** Why the last send failed (shown as the invoice's failure while it is the latest). */
  sendFailure?: InvoiceErrorEntry;
  /** On an original: its credit note. */
  creditedByInvoiceId?: string;
  /** On a credit note: the invoice it credits. */
  creditedInvoiceId?: string;
}

/** The vendor's `SentStatus`. */
export type SentStatus = "notsent" | "sending" | "printing" | "skipped" | "sent" | "failed";

/** The invoice number format (the vendor's documents show none; this one reads like a real one). */
export function formatInvoiceNumber(year: number, seq: number): string {
  return `INV-${year}-${String(seq).padStart(6, "0")}`;
}

/** The simulator's data and invoices. */
export class SimulatorStore {
  /** The invoices by id (raw; use `invoice(id)` to see them as a client would now). */
  readonly invoices = new Map<string, StoredInvoice>();
  private invoiceCounter = 0;
  private numberCounter = 0;

  constructor(public dataset: Dataset) {}

  /** The next invoice id (deterministic). */
  nextInvoiceId(): string {
    this.invoiceCounter += 1;
    return simId("invoice", this.invoiceCounter);
  }

  /** Reserves the next free sequential invoice number. */
  nextInvoiceNumber(now: number): string {
    const year = new Date(now).getUTCFullYear();
    for (;;) {
      this.numberCounter += 1;
      const num = formatInvoiceNumber(year, this.numberCounter);
      if (!this.findByInvoiceNum(num)) return num;
    }
  }

  /** The invoice with its status advanced to `now`, or undefined. */
  invoice(id: string, now = Date.now()): StoredInvoice | undefined {
    const inv = this.invoices.get(id.toLowerCase());
    if (inv) advance(inv, now);
    return inv;
  }

  /** Every invoice, advanced to `now`. */
  allInvoices(now = Date.now()): StoredInvoice[] {
    return [...this.invoices.values()].map((inv) => advance(inv, now));
  }

  /** The invoice with this `invoiceNum` (exact), if any. */
  findByInvoiceNum(num: string): StoredInvoice | undefined {
    return [...this.invoices.values()].find((i) => i.invoiceNum === num || i.pendingNumber === num);
  }

  /** The invoice with this `externalReference` (exact), if any. */
  findByExternalReference(ref: string): StoredInvoice | undefined {
    return [...this.invoices.values()].find((i) => i.externalReference === ref);
  }
}

/** Moves an invoice along its approval timeline up to `now`. */
function advance(inv: StoredInvoice, now: number): StoredInvoice {
  if (
    inv.status === "approvalinprogress" &&
    inv.approvalDoneAt !== undefined &&
    now >= inv.approvalDoneAt
  ) {
    if (inv.approvalWillFail) {
      inv.status = "created";
      inv.errors.push({
        key: "COULD_NOT_APPROVE_INVOICE",
        message: "The invoice could not be approved.",
      });
      inv.approvalWillFail = undefined;
    } else {
      inv.status = "approved";
    }
    inv.approvalDoneAt = undefined;
  }
  if (
    (inv.sent === "sending" || inv.sent === "printing") &&
    inv.sendDoneAt !== undefined &&
    now >= inv.sendDoneAt
  ) {
    if (inv.sendWillFail) {
      inv.sent = "failed";
      inv.sendFailure = {
        key: "FAILED_SENDING_EMAIL",
        message: "The invoice could not be sent to the customer's email address.",
      };
    } else {
      inv.sent = "sent";
    }
    inv.sendWillFail = undefined;
    inv.sendDoneAt = undefined;
  }
  if (
    inv.status === "approved" &&
    inv.invoiceNum === null &&
    inv.pendingNumber &&
    inv.numberAt !== undefined &&
    now >= inv.numberAt
  ) {
    inv.invoiceNum = inv.pendingNumber;
    inv.pendingNumber = undefined;
  }
  return inv;
}
