import {
  isDeletedRecord,
  normalizeBankAccount,
  normalizeBillingItemSummary,
  normalizeContractSummary,
  normalizeCustomer,
  normalizePropertyGroupConfiguration,
  normalizeServiceLocation,
  normalizeTaxCode,
} from "../../../src/api/normalize-lookups";
import { isResponseFormatError } from "../../../src/api/errors";

function malformedMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(isResponseFormatError(e)).toBe(true);
    return (e as Error).message;
  }
  throw new Error("expected a ResponseFormatError");
}

describe("normalizeCustomer", () => {
  it("reads name and customerNumber (interface) and accountNumber (live)", () => {
    expect(normalizeCustomer({ Id: "c1", Name: "Jansen BV", CustomerNumber: "K-1" })).toEqual({
      id: "c1",
      name: "Jansen BV",
      customerNumber: "K-1",
    });
    expect(
      normalizeCustomer({ id: "c2", shortDisplayName: "De Vries", accountNumber: "A-2" })
    ).toEqual({ id: "c2", name: "De Vries", customerNumber: "A-2" });
  });

  it("builds a person's name from first and last name, else companyName", () => {
    expect(normalizeCustomer({ id: "c3", firstName: "Anna", lastName: "Smit" }).name).toBe(
      "Anna Smit"
    );
    expect(normalizeCustomer({ id: "c4", companyName: "Water BV" }).name).toBe("Water BV");
    expect(normalizeCustomer({ id: "c5" }).name).toBe("");
  });

  it("reads the vendor's CustomerDTO: shortDisplayName, then companyName, then first + last name", () => {
    const company = {
      id: "c6",
      customerType: "organization",
      accountNumber: "CUST-6",
      shortDisplayName: "Jansen",
      companyName: "Jansen Warmte BV",
      firstName: null,
      lastName: null,
      invoiceAddress: { streetName: "Stationsweg", city: "Breda" },
      hasErrors: false,
      somethingNew: { nested: [1, 2] },
    };
    expect(normalizeCustomer(company)).toEqual({
      id: "c6",
      name: "Jansen",
      customerNumber: "CUST-6",
    });
    expect(normalizeCustomer({ ...company, shortDisplayName: null }).name).toBe("Jansen Warmte BV");
    expect(normalizeCustomer({ ...company, shortDisplayName: " " }).name).toBe("Jansen Warmte BV");
    const person = {
      id: "c7",
      customerType: "person",
      accountNumber: "CUST-7",
      shortDisplayName: null,
      companyName: null,
      firstName: "Jan",
      lastName: "Mulder",
    };
    expect(normalizeCustomer(person)).toEqual({
      id: "c7",
      name: "Jan Mulder",
      customerNumber: "CUST-7",
    });
    expect(normalizeCustomer({ ...person, firstName: "" }).name).toBe("Mulder");
  });

  it("prefers the vendor's accountNumber and shortDisplayName over look-alike fields", () => {
    expect(
      normalizeCustomer({
        id: "c8",
        name: "old name",
        shortDisplayName: "New name",
        customerNumber: "K-8",
        accountNumber: "A-8",
      })
    ).toEqual({ id: "c8", name: "New name", customerNumber: "A-8" });
  });

  it("rejects a customer without id or with a non-text name", () => {
    expect(malformedMessage(() => normalizeCustomer({ name: "x" }, 3))).toMatch(
      /customers\[3\]\.id is missing/
    );
    expect(malformedMessage(() => normalizeCustomer({ id: "c", name: {} }))).toMatch(
      /name should be text/
    );
  });
});

describe("normalizeContractSummary", () => {
  it("reads id, contractNumber and the customer (direct or via contractor)", () => {
    expect(normalizeContractSummary({ id: "k", contractNumber: "C-1", customerId: "c" })).toEqual({
      id: "k",
      contractNumber: "C-1",
      customerId: "c",
    });
    expect(
      normalizeContractSummary({ Id: "k", ContractNumber: "C-1", Contractor: { CustomerId: "c" } })
    ).toEqual({ id: "k", contractNumber: "C-1", customerId: "c" });
  });

  it("rejects a contract without id", () => {
    expect(malformedMessage(() => normalizeContractSummary({ contractNumber: "C-1" }))).toMatch(
      /contracts\[0\]\.id is missing/
    );
  });
});

describe("normalizeBankAccount", () => {
  it("reads both dialects", () => {
    const expected = {
      id: "b",
      iban: "NL91ABNA0417164300",
      accountHolder: "Demo",
      bic: "ABNANL2A",
      isDefault: true,
    };
    expect(
      normalizeBankAccount({
        id: "b",
        iban: "NL91ABNA0417164300",
        accountHolder: "Demo",
        bic: "ABNANL2A",
        isDefault: true,
      })
    ).toEqual(expected);
    expect(
      normalizeBankAccount({
        Id: "b",
        IBAN: "NL91ABNA0417164300",
        AccountHolder: "Demo",
        BIC: "ABNANL2A",
        IsDefault: true,
      })
    ).toEqual(expected);
  });

  it("rejects isDefault that is not a boolean", () => {
    expect(
      malformedMessage(() => normalizeBankAccount({ id: "b", iban: "x", isDefault: "yes" }))
    ).toMatch(/isDefault should be true\/false/);
  });

  it("recognises deleted records", () => {
    expect(isDeletedRecord({ deleted: true })).toBe(true);
    expect(isDeletedRecord({ Deleted: false })).toBe(false);
    expect(isDeletedRecord({})).toBe(false);
  });
});

describe("normalizeTaxCode", () => {
  it("reads rates over time, numeric text accepted", () => {
    const raw = {
      Id: "t",
      Name: "VAT 21%",
      Rates: [{ StartDateTime: "2012-10-01T00:00:00Z", EndDateTime: null, Rate: "21" }],
    };
    expect(normalizeTaxCode(raw)).toEqual({
      id: "t",
      name: "VAT 21%",
      rates: [{ startDateTime: "2012-10-01T00:00:00Z", endDateTime: null, rate: 21 }],
    });
  });

  it("rejects a rate that is missing or not a number", () => {
    expect(malformedMessage(() => normalizeTaxCode({ id: "t", rates: [{}] }))).toMatch(
      /rates\[0\]\.rate is missing/
    );
    expect(
      malformedMessage(() => normalizeTaxCode({ id: "t", rates: [{ rate: "high" }] }))
    ).toMatch(/rate should be a number/);
    expect(malformedMessage(() => normalizeTaxCode({ id: "t", rates: {} }))).toMatch(
      /rates should be a list/
    );
  });
});

describe("normalizeBillingItemSummary", () => {
  it("reads both dialects of the billing item list", () => {
    expect(
      normalizeBillingItemSummary({
        id: "b",
        name: "Heat",
        calculationParameters: { billingCalculationType: "consumption", unitOfMeasure: "gj" },
      })
    ).toEqual({ id: "b", name: "Heat", kind: "consumption", unitOfMeasure: "gj" });
    expect(
      normalizeBillingItemSummary({
        Id: "b",
        NameDescription: "Rent",
        CalculationParameters: { type: "subscription" },
      })
    ).toEqual({ id: "b", name: "Rent", kind: "subscription" });
  });

  it("names the list entry when one is malformed", () => {
    expect(malformedMessage(() => normalizeBillingItemSummary({ name: "x" }, 7))).toMatch(
      /billingItems\[7\]\.id is missing/
    );
  });
});

describe("normalizeServiceLocation", () => {
  it("reads a name and a display address, or formats the address object", () => {
    expect(
      normalizeServiceLocation({
        id: "s",
        name: "Main",
        displayAddress: "Stationsweg 1, Breda",
        customerId: "c",
      })
    ).toEqual({ id: "s", name: "Main", address: "Stationsweg 1, Breda", customerId: "c" });
    expect(
      normalizeServiceLocation({
        Id: "s",
        Address: { StreetName: "Havenstraat", StreetNumber: "12", City: "Breda" },
      })
    ).toEqual({ id: "s", name: "Havenstraat 12, Breda", address: "Havenstraat 12, Breda" });
  });

  it("reads the vendor's ServiceLocationDTO: the address object and the owner's customerId", () => {
    const location = {
      id: "s",
      address: {
        streetName: "Markt",
        streetNumber: "9",
        postalCode: "4901 EP",
        city: "Oosterhout",
        country: "nld",
      },
      displayAddress: null,
      managementRelations: [
        { customerId: "pm", managementRelationType: "propertymanager" },
        { customerId: "own", shortDisplayName: "Bakkerij Smit", managementRelationType: "owner" },
      ],
      hasMeters: true,
    };
    expect(normalizeServiceLocation(location)).toEqual({
      id: "s",
      name: "Markt 9, 4901 EP Oosterhout",
      address: "Markt 9, 4901 EP Oosterhout",
      customerId: "own",
    });
    expect(
      normalizeServiceLocation({ ...location, managementRelations: [{ customerId: "pm" }] })
        .customerId
    ).toBe("pm");
    expect(normalizeServiceLocation({ id: "s", managementRelations: [] })).toEqual({ id: "s" });
  });

  it("rejects a location without id", () => {
    expect(malformedMessage(() => normalizeServiceLocation({ name: "x" }))).toMatch(
      /serviceLocations\[0\]\.id is missing/
    );
  });
});

describe("normalizePropertyGroupConfiguration", () => {
  it("reads the bank account and the property group (direct, nested, or the id asked for)", () => {
    expect(
      normalizePropertyGroupConfiguration(
        { propertyGroupId: "pg", companyBankAccountId: "ba" },
        "x"
      )
    ).toEqual({ propertyGroupId: "pg", companyBankAccountId: "ba" });
    expect(
      normalizePropertyGroupConfiguration(
        { PropertyGroup: { Id: "pg" }, CompanyBankAccountId: "ba" },
        "x"
      )
    ).toEqual({ propertyGroupId: "pg", companyBankAccountId: "ba" });
    expect(normalizePropertyGroupConfiguration({}, "asked")).toEqual({ propertyGroupId: "asked" });
  });

  it("rejects a body that is not an object or a bank account id of the wrong type", () => {
    expect(malformedMessage(() => normalizePropertyGroupConfiguration("x", "pg"))).toMatch(
      /should be an object/
    );
    expect(
      malformedMessage(() =>
        normalizePropertyGroupConfiguration({ companyBankAccountId: true }, "pg")
      )
    ).toMatch(/companyBankAccountId should be text/);
  });
});
