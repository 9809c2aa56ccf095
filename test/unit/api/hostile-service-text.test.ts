/**
 * What the service says in an error reaches messages and cells as plain, bounded text: an HTML page
 * is never shown, markup in an entry stays inert text, and long text is cut after redaction.
 */
import "../functions/helpers/fake-custom-functions";
import { createBillingClient } from "../../../src/api/index";
import { toExcelError } from "../../../src/functions/to-excel-error";
import { SETTINGS, fakeFetch, json } from "./fake-service";

const quick = { retry: { limit: 0 } };

async function failureOf(answer: () => Response): Promise<Error & { entries: unknown[] }> {
  const client = createBillingClient(SETTINGS, { ...quick, fetch: fakeFetch(answer).fetch });
  return (await client.getProduct("p1").catch((e: unknown) => e)) as Error & { entries: unknown[] };
}

describe("hostile service text", () => {
  it("an HTML error page of a proxy is not shown, only the status", async () => {
    const error = await failureOf(
      () =>
        new Response(
          "<html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>",
          {
            status: 502,
            headers: { "content-type": "text/html" },
          }
        )
    );
    expect(error.message).toBe(
      "The service is unavailable (502); try again later (GET /api/cfg/Products/p1)"
    );
    expect(error.entries).toEqual([]);
  });

  it("markup inside an error entry stays text, word for word", async () => {
    const error = await failureOf(() =>
      json({ errors: [{ key: "BAD", message: '<img src=x onerror="alert(1)">' }] }, 400)
    );
    expect(error.message).toBe(
      'The service rejected the request (400) — BAD: <img src=x onerror="alert(1)"> (GET /api/cfg/Products/p1)'
    );
    expect(toExcelError(error).message).toBe(
      'The billing service refused the request: The service rejected the request (400) — BAD: <img src=x onerror="alert(1)"> (GET /api/cfg/Products/p1)'
    );
  });

  it("a very long entry is cut to 500 characters, and the cell message to 250", async () => {
    const error = await failureOf(() =>
      json({ errors: [{ key: "LONG", message: "é".repeat(5000) }] }, 400)
    );
    expect(error.entries).toEqual([{ key: "LONG", message: `${"é".repeat(499)}…` }]);
    const cell = toExcelError(error).message ?? "";
    expect(cell).toHaveLength(250);
    expect(cell.endsWith("…")).toBe(true);
  });

  it("more than three entries are counted, not all spelled out", async () => {
    const errors = ["A", "B", "C", "D", "E"].map((key) => ({ key, message: `${key} is wrong` }));
    const error = await failureOf(() => json({ errors }, 400));
    expect(error.message).toBe(
      "The service rejected the request (400) — A: A is wrong; B: B is wrong; C: C is wrong (+2 more) (GET /api/cfg/Products/p1)"
    );
  });
});
