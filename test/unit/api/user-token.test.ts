/**
 * The gateway credential: the user's token on every request, asked for per attempt; a
 * missing token refuses the call before anything is sent; the gateway's own 401/403 become plain
 * AuthErrors whose words follow GATEWAY_REFUSAL_KEYS.
 */
import {
  GATEWAY_REFUSAL_KEYS,
  GATEWAY_REFUSAL_TEXT,
  UserTokenError,
  createBillingClient,
  isAuthError,
  isNotSentError,
  userAuthAdvice,
} from "../../../src/api/index";
import type { ConnectionSettings } from "../../../src/api/index";
import { fakeFetch, json } from "./fake-service";

const GATEWAY: ConnectionSettings = {
  baseUrl: "https://gateway.contoso.example",
  headers: {},
  credential: {
    kind: "gateway",
    signIn: {
      directory: "7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17",
      clientId: "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
      scope: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34/access_as_user",
    },
  },
};

const page = (id: string) =>
  json({ success: true, errors: [], data: { results: [{ id, name: id }], hasNextPage: false } });

const refusal = (status: number, key: string, message: string) =>
  json(
    { errors: [{ key, message, messageValues: ["Billing.Invoice"] }], success: false, data: null },
    status
  );

describe("the user's token at the gateway", () => {
  it("sends Authorization: Bearer with the provider's current token on every request", async () => {
    const service = fakeFetch(() => page("t1"));
    let n = 0;
    const client = createBillingClient(GATEWAY, {
      fetch: service.fetch,
      userToken: async () => `user-token-${++n}`,
    });
    await client.getTaxCodes();
    await client.getTaxCodes();
    expect(service.seen.map((s) => s.headers.authorization)).toEqual([
      "Bearer user-token-1",
      "Bearer user-token-2",
    ]);
  });

  it("asks again for a retry, so a renewed token goes with it", async () => {
    let calls = 0;
    const service = fakeFetch(() =>
      ++calls === 1 ? json({}, 503, { "retry-after": "0" }) : page("t1")
    );
    let n = 0;
    const client = createBillingClient(GATEWAY, {
      fetch: service.fetch,
      userToken: async () => `token-${++n}`,
    });
    await client.getTaxCodes();
    expect(service.seen.map((s) => s.headers.authorization)).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("is not used for another credential", async () => {
    const service = fakeFetch(() => page("t1"));
    const userToken = jest.fn(async () => "never");
    const client = createBillingClient(
      { ...GATEWAY, credential: { kind: "bearer", token: "PASTED" } },
      { fetch: service.fetch, userToken }
    );
    await client.getTaxCodes();
    expect(userToken).not.toHaveBeenCalled();
    expect(service.seen[0].headers.authorization).toBe("Bearer PASTED");
  });

  it("refuses the call before sending anything when there is no token, in the provider's words", async () => {
    const service = fakeFetch(() => page("t1"));
    const client = createBillingClient(GATEWAY, {
      fetch: service.fetch,
      userToken: async () => {
        throw new UserTokenError("Sign in on the Billing pane (Connection).");
      },
    });
    const error = await client
      .createInvoice({ customerId: "c", companyBankAccountId: "b", lines: [] })
      .catch((e: unknown) => e);
    expect(service.seen).toHaveLength(0);
    expect(isAuthError(error)).toBe(true);
    expect(userAuthAdvice(error)).toBe("Sign in on the Billing pane (Connection).");
    // Nothing left: a create that failed this way certainly created nothing.
    expect(isNotSentError(error)).toBe(true);
  });

  it("turns any other provider failure into a renewal failure, without its text", async () => {
    const service = fakeFetch(() => page("t1"));
    const client = createBillingClient(GATEWAY, {
      fetch: service.fetch,
      userToken: async () => {
        throw new Error("AADSTS700082 refresh token eyJsecret expired");
      },
    });
    const error = (await client.getTaxCodes().catch((e: unknown) => e)) as Error;
    expect(service.seen).toHaveLength(0);
    expect(userAuthAdvice(error)).toMatch(/could not be renewed; sign in again/);
    expect(JSON.stringify({ m: error.message, c: String(error.cause) })).not.toContain("eyJsecret");
  });

  it("says that the gateway wants a new sign-in on its 401", async () => {
    const service = fakeFetch(() =>
      refusal(401, GATEWAY_REFUSAL_KEYS.signInRequired, "The token is not valid.")
    );
    const client = createBillingClient(GATEWAY, {
      fetch: service.fetch,
      userToken: async () => "t",
    });
    const error = await client.getTaxCodes().catch((e: unknown) => e);
    expect(userAuthAdvice(error)).toBe(GATEWAY_REFUSAL_TEXT.signInRequired);
    expect(service.seen).toHaveLength(1); // a 401 is not retried
  });

  it("says which role is missing on a reader's create (403)", async () => {
    const service = fakeFetch(() =>
      refusal(
        403,
        GATEWAY_REFUSAL_KEYS.roleMissing,
        "Your account may read but not create invoices; ask IT for Billing.Invoice."
      )
    );
    const client = createBillingClient(GATEWAY, {
      fetch: service.fetch,
      userToken: async () => "t",
    });
    const error = await client
      .createInvoice({ customerId: "c", companyBankAccountId: "b", lines: [] })
      .catch((e: unknown) => e);
    expect(userAuthAdvice(error)).toBe(
      "Your account may read but not create invoices; ask IT for Billing.Invoice."
    );
    expect(isNotSentError(error)).toBe(false);
  });

  it("names what a reader was refused: sending, crediting, approving, deleting a draft", async () => {
    const service = fakeFetch(() =>
      refusal(403, GATEWAY_REFUSAL_KEYS.roleMissing, "ask IT for Billing.Invoice.")
    );
    const client = createBillingClient(GATEWAY, {
      fetch: service.fetch,
      userToken: async () => "t",
    });
    const advice = async (call: Promise<unknown>) =>
      userAuthAdvice(
        await call.then(
          () => undefined,
          (e: unknown) => e
        )
      );
    const said = (action: string) =>
      `Your account may read but not ${action} invoices; ask IT for Billing.Invoice.`;
    expect(await advice(client.send("i-1", "email"))).toBe(said("send"));
    expect(await advice(client.send("i-1", "post"))).toBe(said("send"));
    expect(await advice(client.credit("i-1"))).toBe(said("credit"));
    expect(await advice(client.approveInvoice("i-1", "2026-11-24"))).toBe(said("approve"));
    expect(await advice(client.deleteInvoice("i-1"))).toBe(said("delete draft"));
    // A bulk call gathers the refusal per chunk; its error carries the same words.
    const bulk = await client.bulkCredit(["i-1"]);
    expect(userAuthAdvice(bulk.failed[0]?.error)).toBe(said("credit"));
  });

  it("names Billing.Read for a user without any role, and the allow-list refusal", async () => {
    let answer = refusal(403, GATEWAY_REFUSAL_KEYS.roleMissing, "ask IT for Billing.Read");
    const service = fakeFetch(() => answer.clone());
    const client = createBillingClient(GATEWAY, {
      fetch: service.fetch,
      userToken: async () => "t",
    });
    expect(userAuthAdvice(await client.getTaxCodes().catch((e: unknown) => e))).toBe(
      GATEWAY_REFUSAL_TEXT.noRead
    );
    answer = refusal(403, GATEWAY_REFUSAL_KEYS.operationNotAllowed, "Not on the allow-list.");
    client.clearCache();
    expect(userAuthAdvice(await client.getBankAccounts().catch((e: unknown) => e))).toBe(
      GATEWAY_REFUSAL_TEXT.operationNotAllowed
    );
  });

  it("keeps the service's own 401 as a credentials problem (no plain sign-in words)", async () => {
    const service = fakeFetch(() => json({ title: "Unauthorized" }, 401));
    const client = createBillingClient(
      { ...GATEWAY, credential: { kind: "bearer", token: "x" } },
      { fetch: service.fetch }
    );
    const error = await client.getTaxCodes().catch((e: unknown) => e);
    expect(isAuthError(error)).toBe(true);
    expect(userAuthAdvice(error)).toBeUndefined();
  });

  it("tells the gateway's per-user limit from the service's own", async () => {
    const service = fakeFetch(() =>
      json(
        {
          errors: [{ key: GATEWAY_REFUSAL_KEYS.userRateLimited, message: "Slow down." }],
          success: false,
          data: null,
        },
        429,
        { "retry-after": "3" }
      )
    );
    const client = createBillingClient(GATEWAY, {
      fetch: service.fetch,
      userToken: async () => "t",
      retry: { limit: 0 },
    });
    const error = (await client.getTaxCodes().catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(
      /^Too many requests \(429\): your requests through the company gateway are over your own limit; try again in 3 s/
    );
  });
});
