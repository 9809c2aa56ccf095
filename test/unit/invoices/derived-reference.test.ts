import { deriveReferences, planInvoices } from "../../../src/invoices";
import { canonicalJson, referencePrefixOf } from "../../../src/invoices/engine/derived-reference";
import type { PlannedInvoice } from "../../../src/invoices";
import { createHash } from "node:crypto";
import { line, sheet } from "./fixtures";

const TODAY = new Date(2026, 5, 15, 12);
const invoicesOf = (rows: Parameters<typeof line>[0][]): PlannedInvoice[] =>
  planInvoices(sheet(rows.map((r) => line(r))), { today: TODAY }).invoices;

describe("deriveReferences: the reference two panes (or a run after an undo) derive alike", () => {
  it("is the same for the same rows in the same scope, and XL- with 32 hex digits", async () => {
    const rows: Record<string, string>[] = [
      { invoiceRef: "A" },
      { invoiceRef: "B", description: "Other" },
    ];
    const one = await deriveReferences("Book.xlsx/Invoices", invoicesOf(rows));
    const two = await deriveReferences("Book.xlsx/Invoices", invoicesOf(rows));
    expect(one).toEqual(two);
    for (const ref of one) expect(ref).toMatch(/^XL-[0-9a-f]{32}$/);
    expect(new Set(one).size).toBe(2);
  });

  it("starts every reference of one scope with the same prefix, which another scope does not share", async () => {
    const rows = [{ invoiceRef: "A" }, { invoiceRef: "B" }, { invoiceRef: "C" }];
    const refs = await deriveReferences("Book.xlsx/Invoices", invoicesOf(rows));
    const prefixes = new Set(refs.map(referencePrefixOf));
    expect(prefixes.size).toBe(1);
    expect([...prefixes][0]).toMatch(/^XL-[0-9a-f]{8}$/);
    const [other] = await deriveReferences("Copy.xlsx/Invoices", invoicesOf(rows));
    expect(prefixes.has(referencePrefixOf(other))).toBe(false);
    // A reference of another shape (random, typed in the sheet) has none: searched on its own.
    expect(referencePrefixOf("XL-4f1c2d7e-0b7a-4c8e-9a51-3e2f1d0c9b8a")).toBeUndefined();
    expect(referencePrefixOf("ORDER-17")).toBeUndefined();
  });

  it("differs in another workbook or sheet, and when a cell of the invoice differs", async () => {
    const rows = [{ invoiceRef: "A" }];
    const [base] = await deriveReferences("Book.xlsx/Invoices", invoicesOf(rows));
    const [otherBook] = await deriveReferences("Copy.xlsx/Invoices", invoicesOf(rows));
    const [edited] = await deriveReferences(
      "Book.xlsx/Invoices",
      invoicesOf([{ invoiceRef: "A", quantity: 3 }])
    );
    expect(new Set([base, otherBook, edited]).size).toBe(3);
  });

  it("gives two rows of identical content two references, and ignores where the rows sit", async () => {
    const twice = await deriveReferences("S", invoicesOf([{}, {}]));
    expect(twice[0]).not.toBe(twice[1]);
    // A row inserted above (by a co-author) moves the rows down: the references stay.
    const moved = invoicesOf([{}, {}]).map((i) => ({
      ...i,
      rowNumbers: i.rowNumbers.map((n) => n + 5),
    }));
    expect(await deriveReferences("S", moved)).toEqual(twice);
  });

  it("leaves out the invoice date (it defaults to today), so tomorrow's run derives the same", async () => {
    const today = invoicesOf([{ invoiceRef: "A" }]);
    const tomorrow = today.map((i) => ({ ...i, invoiceDate: "2026-06-16T00:00:00+00:00" }));
    expect(await deriveReferences("S", tomorrow)).toEqual(await deriveReferences("S", today));
  });

  it("derives the very reference earlier versions derived (a rerun after an upgrade finds its invoices)", async () => {
    // Written out by hand, not by the code under test: the scope's hash, then the content's.
    // Two rows of the same content without an invoiceRef: two invoices, the 1st and 2nd occurrence.
    const invoices = invoicesOf([{}, {}]);
    const hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
    const scope = "Book.xlsx/Invoices";
    const sorted = (o: Record<string, unknown>): string =>
      `{${Object.keys(o)
        .sort()
        .filter((k) => o[k] !== undefined)
        .map((k) => {
          const v = o[k];
          const text = Array.isArray(v)
            ? `[${v.map((x) => (typeof x === "object" && x !== null ? sorted(x as Record<string, unknown>) : JSON.stringify(x))).join(",")}]`
            : typeof v === "object" && v !== null
              ? sorted(v as Record<string, unknown>)
              : JSON.stringify(v);
          return `${JSON.stringify(k)}:${text}`;
        })
        .join(",")}}`;
    const content = sorted({ invoiceRef: null, body: invoices[0].body, propertyGroupId: null });
    const expected = [1, 2].map(
      (occurrence) =>
        `XL-${hex(`{"scope":${JSON.stringify(scope)}}`).slice(0, 8)}` +
        hex(
          `{"content":${JSON.stringify(content)},"occurrence":${occurrence},"scope":${JSON.stringify(scope)}}`
        ).slice(0, 24)
    );
    expect(await deriveReferences(scope, invoices)).toEqual(expected);
  });

  it("sorts every object's keys whatever order they came in, shape after shape (its sort is kept per shape)", () => {
    // Written without the code under test: sort the keys, then JSON.stringify keeps that order.
    const resorted = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(resorted)
        : typeof v === "object" && v !== null
          ? Object.fromEntries(
              Object.keys(v)
                .sort()
                .map((k) => [k, resorted((v as Record<string, unknown>)[k])])
            )
          : v;
    // 40 shapes (more than are kept), each met twice in another key order, nested and in arrays.
    for (let round = 0; round < 2; round++) {
      for (let n = 1; n <= 40; n++) {
        const keys = Array.from(
          { length: 1 + (n % 7) },
          (_, i) => `k${(n * 7 + i * 13) % 50}é${i}`
        );
        if (round === 1) keys.reverse();
        const value = Object.fromEntries(
          keys.map((k, i) => [k, i % 3 === 0 ? { z: i, a: [k, { y: 1, b: null }] } : i])
        );
        expect(canonicalJson(value)).toBe(JSON.stringify(resorted(value)));
        expect(canonicalJson([value, value])).toBe(
          JSON.stringify([resorted(value), resorted(value)])
        );
      }
    }
    expect(canonicalJson({ b: undefined, a: 1 })).toBe('{"a":1}');
  });
});
