import { inspect } from "node:util";
import { HTTPError, TimeoutError } from "ky";
import type { NormalizedOptions } from "ky";
import {
  AuthError,
  NotFoundError,
  RateLimitError,
  UnavailableError,
  UnknownOutcomeError,
  ValidationError,
  isBillingError,
} from "../../../src/api/errors";
import { isNotSentError, stripCause, toBillingError } from "../../../src/api/to-billing-error";
import type { FailureContext } from "../../../src/api/to-billing-error";

const TOKEN = "eyJSECRET.TOKEN.VALUE";
const KEY = "apim-KEY-123456";
const URL_WITH_SECRET = `https://billing.example.com/api/cfg/products/p1?subscription-key=${KEY}`;

function httpError(status: number, headers: Record<string, string> = {}): HTTPError {
  const request = new Request(URL_WITH_SECRET, {
    headers: { authorization: `Bearer ${TOKEN}`, "apim-sub": KEY },
  });
  const response = new Response("{}", { status, headers });
  const options = {
    headers: { authorization: `Bearer ${TOKEN}`, "apim-sub": KEY },
  } as unknown as NormalizedOptions;
  return new HTTPError(response, request, options);
}

function networkError(code: string, message = "fetch failed"): TypeError {
  const cause = Object.assign(new Error(`connect ${code} 10.0.0.1:443`), { code });
  return new TypeError(message, { cause });
}

const read: FailureContext = {
  endpoint: "GET /api/cfg/products/{id}",
  path: "/api/cfg/products/p1",
  kind: "read",
  timeoutMs: 15_000,
  secrets: [TOKEN, KEY],
};
const create: FailureContext = {
  ...read,
  endpoint: "POST /api/bill/Invoices",
  path: "/api/bill/Invoices",
  kind: "create",
};

describe("toBillingError maps HTTP statuses", () => {
  it.each([
    [400, ValidationError],
    [409, ValidationError],
    [422, ValidationError],
    [401, AuthError],
    [403, AuthError],
    [404, NotFoundError],
    [429, RateLimitError],
    [408, UnavailableError],
    [500, UnavailableError],
    [503, UnavailableError],
  ])("%i on a read → %p", (status, type) => {
    const error = toBillingError(httpError(status), read);
    expect(error).toBeInstanceOf(type);
    expect(error.status).toBe(status);
    expect(error.endpoint).toBe("GET /api/cfg/products/{id}");
    expect(error.message).toContain("(GET /api/cfg/products/p1)");
  });

  it("summarises the service's entries in the message and keeps them", () => {
    const entries = [{ key: "NO_INVOICE_LINES", message: "The invoice has no lines." }];
    const error = toBillingError(httpError(400), { ...create, entries });
    expect(error.entries).toEqual(entries);
    expect(error.message).toBe(
      "The service rejected the request (400) — NO_INVOICE_LINES: The invoice has no lines. (POST /api/bill/Invoices)"
    );
  });

  it("gives a 429 the wait the service asked for, from either header", () => {
    const a = toBillingError(httpError(429, { "retry-after": "7" }), read) as RateLimitError;
    const b = toBillingError(
      httpError(429, { "x-retry-after-seconds": "3" }),
      read
    ) as RateLimitError;
    expect([a.retryAfterMs, b.retryAfterMs]).toEqual([7000, 3000]);
    expect(a.message).toMatch(/try again in 7 s/);
  });

  it("says what to do on 401/403 without a stack of details", () => {
    const error = toBillingError(httpError(401), read);
    expect(error.message).toMatch(/sign in again.*check the token and the API key/);
  });
});

describe("toBillingError for a create", () => {
  it("reports a 5xx as an unknown outcome that must be checked before retrying", () => {
    const error = toBillingError(httpError(503), create);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.message).toMatch(/outcome is unknown/);
    expect(error.message).toMatch(/check for it .* before retrying/);
  });

  it("reports 4xx as definite refusals", () => {
    expect(toBillingError(httpError(400), create)).toBeInstanceOf(ValidationError);
    expect(toBillingError(httpError(401), create)).toBeInstanceOf(AuthError);
    expect(toBillingError(httpError(429), create)).toBeInstanceOf(RateLimitError);
  });

  it("reports a time-out and a cut connection as unknown outcomes", () => {
    const timeout = new TimeoutError(new Request(URL_WITH_SECRET));
    expect(toBillingError(timeout, create)).toBeInstanceOf(UnknownOutcomeError);
    expect(
      toBillingError(networkError("UND_ERR_SOCKET", "other side closed"), create)
    ).toBeInstanceOf(UnknownOutcomeError);
    expect(toBillingError(new TypeError("Failed to fetch"), create)).toBeInstanceOf(
      UnknownOutcomeError
    );
  });

  it("reports a refused connection or an unknown host as unavailable (nothing was sent)", () => {
    for (const code of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]) {
      expect(toBillingError(networkError(code), create)).toBeInstanceOf(UnavailableError);
    }
  });
});

describe("toBillingError for reads without an answer", () => {
  it("reports a time-out with the time allowed", () => {
    const error = toBillingError(new TimeoutError(new Request(URL_WITH_SECRET)), read);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.message).toMatch(/did not answer within 15 s/);
  });

  it("reports network failures as unavailable", () => {
    expect(toBillingError(networkError("ECONNRESET"), read)).toBeInstanceOf(UnavailableError);
    expect(toBillingError(networkError("ECONNREFUSED"), read).message).toMatch(
      /could not be reached/
    );
  });

  it("recognises refused connections inside aggregated errors (localhost tries two addresses)", () => {
    const inner = [
      Object.assign(new Error("a"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("b"), { code: "ECONNREFUSED" }),
    ];
    const error = new TypeError("fetch failed", { cause: new AggregateError(inner) });
    expect(isNotSentError(error)).toBe(true);
    expect(isNotSentError(new TypeError("fetch failed"))).toBe(false);
  });
});

describe("errors carry no secret", () => {
  const cases: [string, unknown, FailureContext][] = [
    ["an HTTPError", httpError(500), read],
    ["a 401", httpError(401), read],
    [
      "a time-out",
      new TimeoutError(
        new Request(URL_WITH_SECRET, { headers: { authorization: `Bearer ${TOKEN}` } })
      ),
      create,
    ],
    [
      "a network error quoting the URL",
      new TypeError(`request to ${URL_WITH_SECRET} failed, token ${TOKEN}`),
      read,
    ],
  ];

  it.each(cases)(
    "%s: not in message, properties, cause, String, JSON or inspect",
    (_what, raw, ctx) => {
      const error = toBillingError(raw, {
        ...ctx,
        entries: [{ key: "ECHO", message: `header was Bearer ${TOKEN}` }],
      });
      expect(isBillingError(error)).toBe(true);
      const views = [
        error.message,
        String(error),
        JSON.stringify(error),
        JSON.stringify(error.cause),
        JSON.stringify({ ...error }),
        inspect(error, { depth: 10, showHidden: true }),
        inspect(error.cause, { depth: 10, showHidden: true }),
        String(error.stack),
      ];
      for (const view of views) {
        expect(view).not.toContain(TOKEN);
        expect(view).not.toContain(KEY);
      }
    }
  );

  it("replaces ky's error by a stripped copy keeping name, status and code", () => {
    const cause = stripCause(httpError(503)) as Error & { request?: unknown; options?: unknown };
    expect(cause.name).toBe("HTTPError");
    expect(cause.message).toBe("HTTP 503");
    expect(cause.request).toBeUndefined();
    expect(cause.options).toBeUndefined();
    const net = stripCause(networkError("ECONNREFUSED")) as Error & { code?: string };
    expect(net.code).toBe("ECONNREFUSED");
  });
});
