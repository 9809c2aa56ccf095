import {
  classifyProbe,
  CORS_EXPOSED_HEADERS,
  CORS_REQUIRED_HEADERS,
  outcomeFromError,
  testConnection,
} from "../../../src/taskpane/connection-test";
import {
  AuthError,
  NotFoundError,
  RateLimitError,
  ResponseFormatError,
  SettingsError,
  UnavailableError,
} from "../../../src/api/errors";

const ctx = {
  baseUrl: "https://billing.example.com",
  origin: "https://addin.example.com",
  headerNames: ["X-Custom"],
};

function typeErrorCause(): Error {
  const e = new Error("Failed to fetch");
  e.name = "TypeError";
  return e;
}

describe("classifying Test connection", () => {
  it("says reachable when the call succeeds", () => {
    const r = classifyProbe({ kind: "ok" }, ctx);
    expect(r).toMatchObject({ verdict: "reachable", ok: true });
    expect(r.title).toContain("https://billing.example.com");
  });

  it.each([401, 403])("says check the token or key on %i", (status) => {
    const r = classifyProbe(outcomeFromError(new AuthError({ status })), ctx);
    expect(r.verdict).toBe("auth");
    expect(r.title).toContain(String(status));
    expect(r.details.join(" ")).toMatch(/token.*apim-sub/);
  });

  it("says wrong URL on a 404", () => {
    expect(
      classifyProbe(outcomeFromError(new NotFoundError("Not found (404)", { status: 404 })), ctx)
        .verdict
    ).toBe("wrong-url");
  });

  it("says wrong URL when something answers that is not the billing service", () => {
    const r = classifyProbe(
      outcomeFromError(new ResponseFormatError("not JSON", { status: 200 })),
      ctx
    );
    expect(r.verdict).toBe("wrong-url");
    expect(r.title).toMatch(/not the billing service/);
  });

  it.each([500, 502, 503])("says the service failed on %i", (status) => {
    const r = classifyProbe(outcomeFromError(new UnavailableError("down", { status })), ctx);
    expect(r.verdict).toBe("server-error");
    expect(r.title).toContain(String(status));
  });

  it("says busy on 429", () => {
    expect(
      classifyProbe(outcomeFromError(new RateLimitError("slow down", { status: 429 })), ctx).verdict
    ).toBe("busy");
  });

  it("says blocked by CORS when fetch fails but the host answers, listing what to allow", () => {
    const outcome = outcomeFromError(
      new UnavailableError("The connection failed", { cause: typeErrorCause() })
    );
    expect(outcome).toEqual({ kind: "fetch-failed" });
    const r = classifyProbe({ kind: "fetch-failed", hostAnswers: true }, ctx);
    expect(r.verdict).toBe("cors");
    const text = r.details.join("\n");
    expect(text).toContain("Access-Control-Allow-Origin: https://addin.example.com");
    for (const header of CORS_REQUIRED_HEADERS) expect(text).toContain(header);
    for (const header of CORS_EXPOSED_HEADERS) expect(text).toContain(header);
    expect(text).toContain("x-custom");
  });

  it("says unreachable when nothing answers at the host", () => {
    expect(classifyProbe({ kind: "fetch-failed", hostAnswers: false }, ctx).verdict).toBe(
      "unreachable"
    );
  });

  it("says unreachable from Node's connection-refused code without a host probe", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(outcomeFromError(new UnavailableError("could not be reached", { cause }))).toEqual({
      kind: "fetch-failed",
      hostAnswers: false,
    });
  });

  it("names both possibilities when the host probe is not known", () => {
    const r = classifyProbe({ kind: "fetch-failed" }, ctx);
    expect(r.verdict).toBe("unreachable");
    expect(r.title).toMatch(/unreachable or .*CORS/);
  });

  it("says time-out when the client timed out", () => {
    const cause = Object.assign(new Error("Request timed out"), { name: "TimeoutError" });
    expect(
      classifyProbe(
        outcomeFromError(new UnavailableError("did not answer within 5 s", { cause })),
        ctx
      ).verdict
    ).toBe("timeout");
  });

  it("passes settings problems through", () => {
    const r = classifyProbe(
      outcomeFromError(new SettingsError([{ field: "baseUrl", message: "is required" }])),
      ctx
    );
    expect(r.verdict).toBe("invalid-settings");
    expect(r.title).toContain("baseUrl");
  });
});

describe("running Test connection", () => {
  it("probes the host only after a failed fetch, and reports CORS when it answers", async () => {
    const hostAnswers = jest.fn(async () => true);
    const client = {
      getTaxCodes: jest.fn(async () =>
        Promise.reject(new UnavailableError("failed", { cause: typeErrorCause() }))
      ),
    };
    const r = await testConnection({ client, hostAnswers }, ctx);
    expect(hostAnswers).toHaveBeenCalledWith("https://billing.example.com");
    expect(r.verdict).toBe("cors");
  });

  it("does not probe the host when the service answered", async () => {
    const hostAnswers = jest.fn(async () => true);
    const r = await testConnection({ client: { getTaxCodes: async () => [] }, hostAnswers }, ctx);
    expect(hostAnswers).not.toHaveBeenCalled();
    expect(r.ok).toBe(true);
  });

  it("treats a failing host probe as unreachable and never throws", async () => {
    const client = { getTaxCodes: async () => Promise.reject(new TypeError("Failed to fetch")) };
    const r = await testConnection(
      { client, hostAnswers: async () => Promise.reject(new Error("x")) },
      ctx
    );
    expect(r.verdict).toBe("unreachable");
  });
});
