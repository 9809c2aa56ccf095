import type { BillingClient } from "../../../../src/api/types";
import type { CostSource } from "../../../../src/costs";

/** A BillingClient whose calls are recorded in `calls`; unimplemented methods reject. */
export type FakeClient = BillingClient & { calls: string[]; cleared: number };

/** Builds a fake client from the given methods (a CostSource and/or lookup methods). */
export function fakeClient(
  methods: Partial<BillingClient> | (CostSource & { calls?: string[] })
): FakeClient {
  const calls: string[] = [];
  const client = {
    calls,
    cleared: 0,
    clearCache() {
      client.cleared++;
    },
    // The cells' admission asks (src/functions/admission.ts): none wait unless the test says so.
    requestsWaiting: () => (methods as Partial<BillingClient>).requestsWaiting?.() ?? 0,
  } as FakeClient;
  return new Proxy(client, {
    get(target, prop: string) {
      if (prop in target) return target[prop as keyof FakeClient];
      // not a thenable: `await getClient()` must give the client itself
      if (prop === "then") return undefined;
      const method = (methods as Record<string, unknown>)[prop];
      return (...args: unknown[]) => {
        // Per-call options (the AbortSignal) are not part of what a test compares.
        const shown = args.filter((a) => !(typeof a === "object" && a !== null && "signal" in a));
        calls.push(`${prop} ${shown.map((a) => JSON.stringify(a)).join(" ")}`.trim());
        if (typeof method !== "function")
          return Promise.reject(new Error(`fake client: no ${prop}`));
        return (method as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
}
