/**
 * A service that echoes the API key at the end of a long error text must not get any part of the key
 * into an error, a message or a cell (the text was cut before it was redacted).
 */
import { inspect } from "node:util";
import "../functions/helpers/fake-custom-functions";
import { createBillingClient } from "../../../src/api/index";
import { toExcelError } from "../../../src/functions/to-excel-error";
import { fakeFetch, json } from "./fake-service";

const KEY = "Zq8vW3kLm9PxT2rYb7NcHd"; // 22 characters, as in the report
const TOKEN = "eyTok.9fQ2mZ7xR4tL8vB1nC6y";
const SETTINGS = {
  baseUrl: "https://billing.example.com",
  headers: { "zf-tuuid": "tenant-1", "apim-sub": KEY },
  credential: { kind: "bearer" as const, token: TOKEN },
};

/** Every run of 4 or more characters of `secret`. */
function pieces(secret: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 4 <= secret.length; i++) out.push(secret.slice(i, i + 4));
  return out;
}

function expectNoPiece(text: string): void {
  for (const secret of [KEY, TOKEN]) {
    const found = pieces(secret).filter((p) => text.includes(p));
    expect(found).toEqual([]);
  }
}

const LONG = "The subscription could not be validated. ".repeat(12); // ~490 characters

describe.each([
  [
    "at the end of a long message",
    { key: "AUTH_FAILED", message: `${LONG.slice(0, 478)}Key was ${KEY}` },
  ],
  ["straddling the cut", { key: "AUTH_FAILED", message: `${LONG.slice(0, 485)}${KEY}${LONG}` }],
  ["in the key, cut by the service", { key: `BAD_KEY_${KEY.slice(0, 14)}`, message: "No." }],
  ["as the token, after a long text", { message: `${"x".repeat(495)}Bearer ${TOKEN}` }],
])("a secret echoed %s", (_label, entry) => {
  it.each([400, 429, 500])("survives nowhere in the error of a %i answer", async (status) => {
    const service = fakeFetch(() => json({ success: false, errors: [entry], data: null }, status));
    const client = createBillingClient(SETTINGS, { fetch: service.fetch, retry: { limit: 0 } });
    const error = await client.getProduct("p1").catch((e: unknown) => e);
    expect(error).toMatchObject({ endpoint: "GET /api/cfg/Products/{id}" });
    const e = error as Error & { entries: unknown };
    expectNoPiece(e.message);
    expectNoPiece(String(e));
    expectNoPiece(JSON.stringify(e.entries));
    expectNoPiece(JSON.stringify(e) ?? "");
    expectNoPiece(inspect(e, { depth: 10 }));
    const cell = toExcelError(e, { baseUrl: SETTINGS.baseUrl });
    expectNoPiece(cell.message ?? "");
    expectNoPiece(inspect(cell, { depth: 10 }));
  });
});

describe("service text is redacted, then shortened", () => {
  it("keeps at most 500 characters of each entry, ending in an ellipsis", async () => {
    const message = `${LONG}${KEY}${"y".repeat(600)}`;
    const service = fakeFetch(() => json({ errors: [{ key: "E", message }] }, 400));
    const client = createBillingClient(SETTINGS, { fetch: service.fetch, retry: { limit: 0 } });
    const error = (await client.getProduct("p1").catch((e: unknown) => e)) as {
      entries: { message: string }[];
    };
    const kept = error.entries[0].message;
    expect(kept).toHaveLength(500);
    expect(kept).toBe(`${(LONG.trim() + " ••••" + "y".repeat(600)).slice(0, 499)}…`);
  });
});

describe("an invoice's own error entries", () => {
  it("are redacted, then shortened, when read back", async () => {
    const message = `${LONG.slice(0, 478)}Key was ${KEY}`;
    const service = fakeFetch(() =>
      json({
        success: true,
        errors: [],
        data: { id: "i1", status: "created", errors: [{ key: "APPROVAL", message }] },
      })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const invoice = await client.getInvoice("i1");
    expect(invoice.errors).toEqual([
      { key: "APPROVAL", message: `${LONG.slice(0, 478)}Key was ••••` },
    ]);
  });
});

describe("a secret echoed into a field of a malformed answer", () => {
  it("survives nowhere in the ResponseFormatError", async () => {
    const service = fakeFetch(() =>
      json({
        id: "c1",
        billingDetails: {
          products: `${"x".repeat(36)}${KEY}`,
        },
      })
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const error = await client.getContract("c1").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ResponseFormatError" });
    expectNoPiece((error as Error).message);
    expectNoPiece(inspect(error, { depth: 10 }));
    expectNoPiece(toExcelError(error).message ?? "");
  });

  it("survives nowhere in the error of a create whose answer cannot be read", async () => {
    const service = fakeFetch(() =>
      json(
        {
          success: true,
          errors: [],
          data: { id: "i1", status: "created", errors: `${"y".repeat(40)}${KEY}` },
        },
        201
      )
    );
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const error = await client
      .createInvoice({ customerId: "c", companyBankAccountId: "b", lines: [] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "UnknownOutcomeError" });
    expectNoPiece(inspect(error, { depth: 10 }));
  });
});
