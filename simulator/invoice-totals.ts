/**
 * The service's own amounts of an invoice, computed from its lines as the vendor's `InvoiceDTO`
 * shows them: per line `amountExclVAT`, `taxRate`, `vat`, `amountInclVAT`, and the invoice's
 * `totalAmountExclVAT` / `totalAmountInclVAT`. Exact (big.js), rounded per line, half-up to the cent
 * (simulator/README.md "Amounts"); the totals are the sums of the rounded line figures, so they
 * always add up on the printed invoice.
 */
import Big from "big.js";
import type { DataTaxCode, DataTaxRate } from "./data/dataset-types";

/** The tax rate of a line's period: one rate, none, or more than one (the period spans a change). */
export type RateLookup =
  { kind: "one"; rate: number } | { kind: "none" } | { kind: "several"; rate: number };

/** One line's computed figures (decimal text, 2 decimals; `taxRate` in percent as the tax code). */
export interface LineAmounts {
  amountExclVAT: string;
  vat: string;
  amountInclVAT: string;
  taxRate: number;
  /** How the tax code's rates cover the line's period (what approval checks). */
  rate: RateLookup;
}

/** An invoice's computed figures. */
export interface InvoiceAmounts {
  lines: LineAmounts[];
  totalAmountExclVAT: string;
  totalAmountInclVAT: string;
}

/** big.js rounding mode 1: half-up (away from zero on a tie), so −x rounds to −(x rounded). */
const HALF_UP = 1;

function cents(value: Big): Big {
  return value.round(2, HALF_UP);
}

function finite(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function time(value: unknown): number | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : t;
}

function covers(r: DataTaxRate, at: number): boolean {
  const start = Date.parse(r.startDateTime);
  const end = r.endDateTime ? Date.parse(r.endDateTime) : Infinity;
  return start <= at && at < end;
}

/**
 * The rate of `taxCode` for the period [start, end) (end exclusive; a line without dates is taxed
 * at `fallbackAt`, the invoice's date). A period that meets no rate is "none" (the vendor's
 * `INVOICE_LINE_SPANS_NO_TAX_RATE_PERIODS`); one that meets two is "several" (`..._MULTIPLE_...`),
 * priced at the rate of its start.
 */
export function rateFor(
  taxCode: DataTaxCode | undefined,
  start: number | undefined,
  end: number | undefined,
  fallbackAt: number
): RateLookup {
  if (!taxCode) return { kind: "none" };
  const from = start ?? end ?? fallbackAt;
  const to = end !== undefined && start !== undefined && end > start ? end : undefined;
  const meeting = taxCode.rates.filter((r) => {
    const rs = Date.parse(r.startDateTime);
    const re = r.endDateTime ? Date.parse(r.endDateTime) : Infinity;
    return to === undefined ? covers(r, from) : rs < to && from < re;
  });
  if (meeting.length === 0) return { kind: "none" };
  const atStart = meeting.find((r) => covers(r, from)) ?? meeting[0];
  if (meeting.length > 1) return { kind: "several", rate: atStart.rate };
  return { kind: "one", rate: atStart.rate };
}

/**
 * One line: excl. VAT from `amountExclVAT`, else `quantity × unitPrice`, else back from
 * `amountInclVAT`, else 0; VAT = excl × rate / 100 rounded to the cent; incl = excl + VAT. With
 * `disableVATCalculation` the line carries no VAT unless both amounts were given.
 */
export function lineAmounts(
  line: Record<string, unknown>,
  taxCodes: readonly DataTaxCode[],
  fallbackAt: number
): LineAmounts {
  const taxCodeId = typeof line.taxCodeId === "string" ? line.taxCodeId.toLowerCase() : "";
  const taxCode = taxCodes.find((t) => t.id.toLowerCase() === taxCodeId);
  const rate = rateFor(taxCode, time(line.startDateTime), time(line.endDateTime), fallbackAt);
  const percent = rate.kind === "none" ? 0 : rate.rate;
  const factor = new Big(percent).div(100);
  let excl: Big;
  let vat: Big;
  if (finite(line.amountExclVAT)) {
    excl = cents(new Big(line.amountExclVAT));
    vat = cents(excl.times(factor));
  } else if (finite(line.quantity) && finite(line.unitPrice)) {
    excl = cents(new Big(line.quantity).times(line.unitPrice));
    vat = cents(excl.times(factor));
  } else if (finite(line.amountInclVAT)) {
    const incl = cents(new Big(line.amountInclVAT));
    excl = cents(incl.div(factor.plus(1)));
    vat = incl.minus(excl);
  } else {
    excl = new Big(0);
    vat = new Big(0);
  }
  if (line.disableVATCalculation === true) {
    vat = finite(line.amountInclVAT) ? cents(new Big(line.amountInclVAT)).minus(excl) : new Big(0);
  }
  return {
    amountExclVAT: excl.toFixed(2),
    vat: vat.toFixed(2),
    amountInclVAT: excl.plus(vat).toFixed(2),
    taxRate: percent,
    rate,
  };
}

/** Every line's figures and the invoice's totals (sums of the rounded line figures). */
export function invoiceAmounts(
  lines: readonly Record<string, unknown>[],
  taxCodes: readonly DataTaxCode[],
  fallbackAt: number
): InvoiceAmounts {
  const computed = lines.map((l) => lineAmounts(l, taxCodes, fallbackAt));
  const excl = computed.reduce((sum, l) => sum.plus(l.amountExclVAT), new Big(0));
  const incl = computed.reduce((sum, l) => sum.plus(l.amountInclVAT), new Big(0));
  return {
    lines: computed,
    totalAmountExclVAT: excl.toFixed(2),
    totalAmountInclVAT: incl.toFixed(2),
  };
}
