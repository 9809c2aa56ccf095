import { FakeErrorCode, excelErrorOf } from "./helpers/fake-custom-functions";
jest.mock(
  "../../../src/api",
  () => ({
    ...jest.requireActual<object>("../../../src/api"),
    createBillingClient: () => {
      throw new Error("no real client in unit tests");
    },
  }),
  { virtual: true }
);
import type { BillingClient, ConnectionSettings } from "../../../src/api/types";
import { configureConnection } from "../../../src/functions/connection";
import {
  bankAccountNameFunction,
  billingItemNameFunction,
  customerNameFunction,
  taxCodeNameFunction,
} from "../../../src/functions/functions";
import { stubClient, type StubClient } from "../../support/fake-client";

const SETTINGS: ConnectionSettings = {
  baseUrl: "https://billing.example.com",
  headers: {},
  credential: { kind: "none" },
};
const ID = {
  customer: "0a000000-0000-4000-8000-000000000001",
  other: "0a000000-0000-4000-8000-000000000009",
  tax: "0b000000-0000-4000-8000-000000000001",
  bank: "0c000000-0000-4000-8000-000000000001",
  item: "0d000000-0000-4000-8000-000000000001",
};

let client: StubClient;

function useClient(methods: Partial<BillingClient>): void {
  client = stubClient(methods);
  configureConnection({ loadSettings: async () => SETTINGS, createClient: () => client });
}

beforeEach(() =>
  useClient({
    filterCustomers: async () => [{ id: ID.customer, name: "Jansen Warmte BV" }],
    getTaxCodes: async () => [{ id: ID.tax, name: "VAT 21%", rates: [] }],
    getBankAccounts: async () => [
      { id: ID.bank, iban: "NL91ABNA0417164300", accountHolder: "Utility BV" },
    ],
    getBillingItems: async () => [{ id: ID.item, name: "Heat", kind: "consumption" }],
  })
);
afterEach(() => configureConnection());

describe("the name functions of the template's #…Name columns", () => {
  it("give the name behind each kind of id, the id's case and spaces ignored", async () => {
    expect(await customerNameFunction(` ${ID.customer.toUpperCase()} `)).toBe("Jansen Warmte BV");
    expect(await taxCodeNameFunction(ID.tax)).toBe("VAT 21%");
    expect(await bankAccountNameFunction(ID.bank)).toBe("NL91ABNA0417164300 (Utility BV)");
    expect(await billingItemNameFunction(ID.item)).toBe("Heat");
    expect(client.calls).toEqual([
      "filterCustomers {}",
      "getTaxCodes",
      "getBankAccounts",
      "getBillingItems",
    ]);
  });

  it("show nothing for an empty id cell and ask the service nothing", async () => {
    expect(await customerNameFunction("")).toBe("");
    expect(await taxCodeNameFunction(null as unknown as string)).toBe("");
    expect(client.calls).toEqual([]);
  });

  it("give #N/A saying which id was not found", async () => {
    const error = await excelErrorOf(customerNameFunction(ID.other));
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toBe(`No customer has the id ${ID.other}.`);
  });

  it("pass the cell's signal to the client, so Excel's cancel aborts the request", async () => {
    const signals: AbortSignal[] = [];
    useClient({
      getBankAccounts: async (options) => {
        const signal = options?.signal;
        if (signal) signals.push(signal);
        // As the real client: the request rejects with the signal's reason when aborted.
        return new Promise<never>((_, reject) =>
          signal?.addEventListener("abort", () => reject(signal.reason))
        );
      },
    });
    const invocation: CustomFunctions.CancelableInvocation = {};
    const cell = excelErrorOf(bankAccountNameFunction(ID.bank, invocation));
    while (signals.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(signals[0].aborted).toBe(false);
    invocation.onCanceled?.();
    expect(signals[0].aborted).toBe(true);
    expect(await cell).toMatchObject({
      code: FakeErrorCode.notAvailable,
      message: "The calculation was cancelled; recalculate to retry.",
    });
  });

  it("give #VALUE! for text that is not an id, without a request", async () => {
    const error = await excelErrorOf(billingItemNameFunction("Heat"));
    expect(error.code).toBe(FakeErrorCode.invalidValue);
    expect(error.message).toBe(
      'billingItemId "Heat" is not an id: ids look like 3f2504e0-4f89-11d3-9a0c-0305e82c3301.'
    );
    expect(client.calls).toEqual([]);
  });
});
