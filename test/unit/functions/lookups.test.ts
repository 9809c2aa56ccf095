import { ArgumentError, MatchError } from "../../../src/functions/function-errors";
import {
  findBankAccountId,
  findContractId,
  findCustomerId,
  findServiceLocationIds,
  findTaxCodeId,
  readIban,
} from "../../../src/functions/lookups";
import { stubClient } from "../../support/fake-client";

describe("lookups: exactly one match, else #N/A saying how many", () => {
  const client = stubClient({
    filterCustomers: async () => [
      { id: "c1", name: "Jansen BV" },
      { id: "c2", name: "Jansen Holding BV" },
      { id: "c3", name: "Pietersen" },
      { id: "c4", name: "pietersen " },
    ],
    filterContracts: async () => [
      { id: "k1", contractNumber: "C-1001" },
      { id: "k2", contractNumber: "C-10011" },
    ],
    getTaxCodes: async () => [{ id: "t1", name: "VAT 21%", rates: [] }],
    getBankAccounts: async () => [{ id: "b1", iban: "NL91 ABNA 0417 1643 00" }],
    filterServiceLocations: async ({ customerId }) =>
      customerId === "c1" ? [{ id: "s1" }, { id: "s2" }, { id: "s1" }] : [],
  });

  it("matches the whole name, ignoring case and spaces, not names that merely contain it", async () => {
    expect(await findCustomerId(client, "jansen bv")).toBe("c1");
    expect(await findContractId(client, "C-1001")).toBe("k1");
    expect(await findTaxCodeId(client, "vat 21%")).toBe("t1");
  });

  it("shortens a long name in its message, so the message says first what went wrong", async () => {
    const name = "x".repeat(10_000);
    const error = await findCustomerId(client, name).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(MatchError);
    expect((error as Error).message).toBe(
      `No customer named "${"x".repeat(39)}…" (10,000 characters) was found.`
    );
  });

  it("fails when nothing matches", async () => {
    await expect(findCustomerId(client, "Klaassen")).rejects.toThrow(
      new MatchError('No customer named "Klaassen" was found.')
    );
  });

  it("fails when more than one matches, saying how many", async () => {
    await expect(findCustomerId(client, "Pietersen")).rejects.toThrow(
      '2 records match customer named "Pietersen"; make the text more specific.'
    );
  });

  it("finds a bank account by IBAN whatever the spacing", async () => {
    expect(await findBankAccountId(client, "NL91ABNA0417164300")).toBe("b1");
  });

  it("lists a customer's service locations once each, and fails when there are none", async () => {
    expect(await findServiceLocationIds(client, "c1")).toEqual(["s1", "s2"]);
    await expect(findServiceLocationIds(client, "c9")).rejects.toThrow(MatchError);
  });
});

describe("readIban: an IBAN is checked before anything is asked", () => {
  it("accepts a valid IBAN with spaces and lower case", () => {
    expect(readIban("nl91 abna 0417 1643 00")).toBe("NL91ABNA0417164300");
  });

  it("refuses text that is not shaped like an IBAN", () => {
    expect(() => readIban("12345")).toThrow(ArgumentError);
  });

  it("refuses wrong check digits", () => {
    expect(() => readIban("NL92ABNA0417164300")).toThrow(/wrong check digits/);
  });
});
