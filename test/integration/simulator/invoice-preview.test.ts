import type { Simulator } from "../../../simulator";
import { HOSTILE, HOSTILE_TEXT, hostileDataset } from "../../fixtures/hostile-data";
import { call, invoiceBody, post, startSimulator } from "./helpers";

describe("POST /Invoices/{id}/preview (HTML) and /previewpdf", () => {
  let sim: Simulator;
  let id: string;
  beforeAll(async () => {
    sim = await startSimulator({ dataset: hostileDataset() });
    const a = await post(
      sim,
      "/api/bill/Invoices",
      invoiceBody(
        { customerId: HOSTILE.customer, externalReference: `"><script>alert(2)</script>` },
        { description: `${HOSTILE_TEXT} <link rel=stylesheet href=https://evil.example/x.css>` }
      )
    );
    id = a.body.data.id;
  });
  afterAll(() => sim.close());

  it("answers one self-contained HTML page with every service text escaped", async () => {
    const a = await call(sim, `/api/bill/Invoices/${id}/preview`, { method: "POST" });
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toMatch(/^text\/html/);
    expect(a.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const html = a.text;
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    // Only these elements, none that runs or loads anything; no attribute that loads.
    const tags = new Set([...html.matchAll(/<([a-z!][a-z0-9]*)/gi)].map((m) => m[1].toLowerCase()));
    const allowed = ["!doctype", "html", "head", "meta", "title", "style", "body", "h1", "p", "br"];
    allowed.push("table", "thead", "tbody", "tr", "th", "td", "strong");
    expect([...tags].filter((t) => !allowed.includes(t))).toEqual([]);
    expect(html).not.toMatch(/<[^>]*\s(src|href|onerror|onload)=/i);
    // The service's own totals: 125.50 + 21 % (26.36) = 151.86.
    expect(html).toContain("151.86");
    expect(html).toContain("Invoice (draft, not approved)");
  });

  it("answers a small valid PDF: header, objects at the offsets its xref names, trailer", async () => {
    const res = await fetch(`${sim.url}/api/bill/Invoices/${id}/previewpdf`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString("latin1");
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
      Number(m[1])
    );
    expect(offsets).toHaveLength(5);
    offsets.forEach((o, i) => expect(text.slice(o, o + 8)).toBe(`${i + 1} 0 obj\n`));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)![1]);
    const start = text.indexOf("stream\n") + "stream\n".length;
    expect(text.slice(start + length, start + length + 10)).toBe("\nendstream");
    expect(text).toContain("(Total incl. VAT: EUR 151.86)");
    expect(text).not.toMatch(/\/URI|\/JavaScript|\/Launch|FontFile/);
  });

  it("answers 404 for an unknown invoice", async () => {
    const unknown = "0000000a-0000-4000-8000-0000000fffff";
    for (const p of ["preview", "previewpdf"]) {
      const a = await call(sim, `/api/bill/Invoices/${unknown}/${p}`, { method: "POST" });
      expect(a.status).toBe(404);
      expect(a.body.errors[0].key).toBe("INVOICE_NOT_FOUND");
    }
  });
});
