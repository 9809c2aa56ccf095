/**
 * The tests' fake clients, one module: {@link FakeClient}, an in-memory BillingClient for engine
 * tests (invoices approve after a number of polls, every call can be made to fail, each call is
 * recorded so tests can check what was, and was not, sent); {@link stubClient}, a client made of
 * the methods a test gives.
 */
import { NotFoundError } from "../../src/api/errors";
import type {
  BillingClient,
  CreateInvoiceRequest,
  Invoice,
  ServiceErrorEntry,
} from "../../src/api/types";
import type { CostSource } from "../../src/costs";

export interface FakeInvoice {
  id: string;
  body: CreateInvoiceRequest;
  status: string;
  invoiceNum?: string;
  errors: ServiceErrorEntry[];
  /** GETs still needed after approve before it is approved and numbered. */
  pollsLeft: number;
  approvedWith?: string;
  /** When the service stored it (the vendor's createdDateTime); one second apart per create. */
  createdDateTime?: string;
}

export interface FakeCall {
  method: string;
  args: unknown[];
}

type Hook = (...args: any[]) => unknown;

export class FakeClient implements Partial<BillingClient> {
  invoices = new Map<string, FakeInvoice>();
  calls: FakeCall[] = [];
  /** GETs after approve until approved and numbered. */
  pollsToApprove = 1;
  /** Errors given to invoices of these customers on approval. */
  failApprovalFor = new Set<string>();
  /** Bank accounts of property groups. */
  propertyGroups = new Map<string, string | undefined>();
  /** Throw from a method instead of answering (called with the method's arguments). */
  fail: Partial<Record<keyof BillingClient, Hook>> = {};
  /** Calls in flight now, and the most ever. */
  inFlight = 0;
  maxInFlight = 0;
  private next = 1;
  /** Answers carry the bank account and the lines, as the live service's do (row-match.ts). */
  showContent = false;

  count(method: string): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  private async enter<T>(
    method: keyof BillingClient,
    args: unknown[],
    answer: () => T
  ): Promise<T> {
    this.calls.push({ method, args });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((r) => setTimeout(r, 1));
      const hook = this.fail[method];
      if (hook) {
        const thrown = hook(...args);
        if (thrown) throw thrown;
      }
      return answer();
    } finally {
      this.inFlight -= 1;
    }
  }

  private view(inv: FakeInvoice): Invoice {
    return {
      id: inv.id,
      status: inv.status,
      invoiceNum: inv.invoiceNum,
      externalReference: inv.body.externalReference,
      customerId: inv.body.customerId,
      errors: [...inv.errors],
      ...(inv.createdDateTime === undefined ? {} : { createdDateTime: inv.createdDateTime }),
      ...(this.showContent
        ? {
            companyBankAccountId: inv.body.companyBankAccountId,
            lines: inv.body.lines.map((l, i) => ({ ...l, sortOrder: i + 1 })),
          }
        : {}),
    };
  }

  /** Adds an invoice as if an earlier run had made it. */
  seed(partial: Partial<FakeInvoice> & { id: string }): FakeInvoice {
    const inv: FakeInvoice = {
      body: { customerId: "c", companyBankAccountId: "b", lines: [] },
      status: "created",
      errors: [],
      pollsLeft: this.pollsToApprove,
      ...partial,
    };
    this.invoices.set(inv.id, inv);
    return inv;
  }

  /** The service's clock at the first create: now, so that its creates are this sitting's. */
  private readonly clockStart = Date.now();

  createInvoice = (body: CreateInvoiceRequest) =>
    this.enter("createInvoice", [body], () => {
      const n = this.next++;
      const id = `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
      const createdDateTime = new Date(this.clockStart + n * 1000).toISOString();
      const inv = this.seed({ id, body: structuredClone(body), createdDateTime });
      return this.view(inv);
    });

  approveInvoice = (invoiceId: string, invoiceDate: string) =>
    this.enter("approveInvoice", [invoiceId, invoiceDate], () => {
      const inv = this.invoices.get(invoiceId)!;
      inv.status = "approvalinprogress";
      inv.approvedWith = invoiceDate;
      inv.pollsLeft = this.pollsToApprove;
    });

  getInvoice = (invoiceId: string) =>
    this.enter("getInvoice", [invoiceId], () => {
      const inv = this.invoices.get(invoiceId);
      if (!inv) throw new NotFoundError("Not found (404)", { status: 404 });
      return this.readView(inv);
    });

  /** A read: an approving invoice moves one poll closer to approved. */
  private readView(inv: FakeInvoice): Invoice {
    if (inv.status === "approvalinprogress") {
      inv.pollsLeft -= 1;
      if (inv.pollsLeft <= 0) {
        if (this.failApprovalFor.has(inv.body.customerId)) {
          inv.errors.push({
            key: "COULD_NOT_APPROVE_INVOICE",
            message: "Could not approve invoice",
          });
        } else {
          inv.status = "approved";
          inv.invoiceNum = `INV-${inv.id.slice(-4)}`;
        }
      }
    }
    return this.view(inv);
  }

  findInvoicesByExternalReference = (ref: string) =>
    this.enter("findInvoicesByExternalReference", [ref], () =>
      [...this.invoices.values()]
        .filter((i) => i.body.externalReference === ref)
        .map((i) => this.view(i))
    );

  getInvoicesByIds = (ids: readonly string[]) =>
    this.enter("getInvoicesByIds", [ids], () =>
      ids
        .map((id) => this.invoices.get(id))
        .filter((i): i is FakeInvoice => i !== undefined)
        .map((i) => this.readView(i))
    );

  deleteInvoice = (invoiceId: string) =>
    this.enter("deleteInvoice", [invoiceId], () => {
      const inv = this.invoices.get(invoiceId);
      if (!inv || inv.status !== "created") throw new Error("fake: cannot delete");
      this.invoices.delete(invoiceId);
    });

  getPropertyGroupBillingConfiguration = (propertyGroupId: string) =>
    this.enter("getPropertyGroupBillingConfiguration", [propertyGroupId], () => ({
      propertyGroupId,
      companyBankAccountId: this.propertyGroups.get(propertyGroupId),
    }));

  /** This fake as the full interface (other methods are never called by the engine). */
  asClient(): BillingClient {
    return this as unknown as BillingClient;
  }
}

/**
 * A BillingClient made of the methods a test gives (a CostSource and/or lookup methods), its calls
 * recorded in `calls` as text; every other method rejects. For the functions' and the pane's tests
 * that need answers, not a service ({@link FakeClient} is the in-memory service of engine tests).
 */
export type StubClient = BillingClient & { calls: string[]; cleared: number };

/** Builds a fake client from the given methods (a CostSource and/or lookup methods). */
export function stubClient(
  methods: Partial<BillingClient> | (CostSource & { calls?: string[] })
): StubClient {
  const calls: string[] = [];
  const client = {
    calls,
    cleared: 0,
    clearCache() {
      client.cleared++;
    },
    // The cells' admission asks (src/functions/admission.ts): none wait unless the test says so.
    requestsWaiting: () => (methods as Partial<BillingClient>).requestsWaiting?.() ?? 0,
  } as StubClient;
  return new Proxy(client, {
    get(target, prop: string) {
      if (prop in target) return target[prop as keyof StubClient];
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
