/**
 * The invoice "as the customer will see it": the HTML of `POST /Invoices/{id}/preview` and the PDF
 * of `/previewpdf`. The HTML is self-contained — every service text HTML-escaped, no script, no
 * remote image, font or style sheet (a Content-Security-Policy header says so too) — because the
 * add-in shows it in a sandboxed frame. The PDF is a small hand-written PDF 1.4 file (one page,
 * the standard Helvetica font, which a reader has built in: nothing embedded, nothing fetched).
 */
import Big from "big.js";
import type { Dataset } from "./data/dataset-types";
import { invoiceDateOf } from "./approval-checks";
import { invoiceAmounts } from "./invoice-totals";
import { customerReference } from "./render-parties";
import type { StoredInvoice } from "./store";

/** What a preview shows, as plain text (escaped by each renderer for its format). */
interface PreviewModel {
  title: string;
  customer: string;
  accountNumber: string;
  date: string;
  reference: string;
  lines: {
    description: string;
    quantity: string;
    excl: string;
    rate: string;
    vat: string;
    incl: string;
  }[];
  totalExcl: string;
  totalVat: string;
  totalIncl: string;
}

function model(inv: StoredInvoice, data: Dataset): PreviewModel {
  const at = invoiceDateOf(inv);
  const amounts = invoiceAmounts(inv.lines, data.taxCodes, at);
  const ref = customerReference(inv.customerId, data);
  const kind = inv.type === "creditnote" ? "Credit note" : "Invoice";
  const title = inv.invoiceNum ? `${kind} ${inv.invoiceNum}` : `${kind} (draft, not approved)`;
  return {
    title,
    customer: ref.shortDisplayName ?? inv.customerId,
    accountNumber: ref.accountNumber ?? "",
    date: new Date(at).toISOString().slice(0, 10),
    reference: inv.externalReference ?? "",
    lines: inv.lines.map((l, i) => {
      const a = amounts.lines[i];
      return {
        description: typeof l.description === "string" ? l.description : "",
        quantity: typeof l.quantity === "number" ? String(l.quantity) : "",
        excl: a.amountExclVAT,
        rate: `${a.taxRate}%`,
        vat: a.vat,
        incl: a.amountInclVAT,
      };
    }),
    totalExcl: amounts.totalAmountExclVAT,
    // Exact to the cent: decimal text minus decimal text, never through a float.
    totalVat: new Big(amounts.totalAmountInclVAT).minus(amounts.totalAmountExclVAT).toFixed(2),
    totalIncl: amounts.totalAmountInclVAT,
  };
}

/** Text as HTML text: the five characters that could open markup or leave an attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The Content-Security-Policy sent with the HTML preview: nothing may load or run. */
export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The invoice as one self-contained HTML page. */
export function previewHtml(inv: StoredInvoice, data: Dataset): string {
  const m = model(inv, data);
  const e = escapeHtml;
  const rows = m.lines
    .map(
      (l) =>
        `<tr><td>${e(l.description)}</td><td class="n">${e(l.quantity)}</td><td class="n">${e(l.excl)}</td>` +
        `<td class="n">${e(l.rate)}</td><td class="n">${e(l.vat)}</td><td class="n">${e(l.incl)}</td></tr>`
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${e(PREVIEW_CSP)}">
<title>${e(m.title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ccc;padding:4px 8px;text-align:left}.n{text-align:right}</style>
</head><body>
<h1>${e(m.title)}</h1>
<p>Customer: ${e(m.customer)}${m.accountNumber ? ` (${e(m.accountNumber)})` : ""}<br>
Date: ${e(m.date)}${m.reference ? `<br>Reference: ${e(m.reference)}` : ""}</p>
<table><thead><tr><th>Description</th><th class="n">Quantity</th><th class="n">Excl. VAT (EUR)</th><th class="n">VAT rate</th><th class="n">VAT (EUR)</th><th class="n">Incl. VAT (EUR)</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p>Total excl. VAT: EUR ${e(m.totalExcl)}<br>VAT: EUR ${e(m.totalVat)}<br><strong>Total incl. VAT: EUR ${e(m.totalIncl)}</strong></p>
</body></html>
`;
}

/** Text for a PDF string in WinAnsi (Latin-1 here): backslash and parentheses escaped, others "?". */
function pdfText(text: string): string {
  const latin1 = [...text].map((ch) => (ch.charCodeAt(0) < 256 && ch >= " " ? ch : "?")).join("");
  return latin1.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** The invoice as a one-page PDF (lines beyond the page are summarised, the totals always shown). */
export function previewPdf(inv: StoredInvoice, data: Dataset): Buffer {
  const m = model(inv, data);
  const text: string[] = [
    m.title,
    `Customer: ${m.customer}${m.accountNumber ? ` (${m.accountNumber})` : ""}`,
    `Date: ${m.date}${m.reference ? `   Reference: ${m.reference}` : ""}`,
    "",
  ];
  const shown = m.lines.slice(0, 40);
  for (const l of shown) {
    text.push(
      `${l.description.slice(0, 50)}  ${l.quantity}  excl. ${l.excl}  VAT ${l.rate} ${l.vat}  incl. ${l.incl}`
    );
  }
  if (m.lines.length > shown.length)
    text.push(`... and ${m.lines.length - shown.length} more lines`);
  text.push("", `Total excl. VAT: EUR ${m.totalExcl}`, `VAT: EUR ${m.totalVat}`);
  text.push(`Total incl. VAT: EUR ${m.totalIncl}`);
  const ops = text
    .map((t, i) => `BT /F1 ${i === 0 ? 16 : 10} Tf 50 ${790 - i * 16} Td (${pdfText(t)}) Tj ET`)
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(ops, "latin1")} >>\nstream\n${ops}\nendstream`,
  ];
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
