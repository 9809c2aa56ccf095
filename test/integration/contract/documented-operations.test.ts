import {
  documentWithPaths,
  documentedOperations,
  matchOperation,
  operationName,
} from "./support/documented-operations";

describe("the vendor's documented operations (contracts/openapi)", () => {
  const ops = documentedOperations();
  const name = (method: string, path: string) => {
    const op = matchOperation(ops, method, path);
    return op && operationName(op);
  };

  it("reads every path and method of the three documents, quoted keys included", () => {
    // The counts a YAML parser finds in the same files.
    const count = (area: string) => ops.filter((o) => o.area === area).length;
    expect([count("bill"), count("cfg"), count("md")]).toEqual([193, 209, 113]);
    expect(ops).toContainEqual({
      area: "md",
      method: "GET",
      template: "/Contracts/{contractuuid}",
    });
  });

  it("matches a request in the documents' letter case only", () => {
    const id = "aaaa0001-0000-4000-8000-000000000001";
    expect(name("GET", `/api/md/Contracts/${id}`)).toBe("GET /api/md/Contracts/{contractuuid}");
    expect(name("GET", `/api/md/contracts/${id}`)).toBeUndefined();
    expect(name("GET", "/api/cfg/billingtariffs")).toBeUndefined();
    expect(name("GET", "/api/cfg/BillingTariffs")).toBe("GET /api/cfg/BillingTariffs");
    expect(name("GET", `/api/bill/PropertyGroupBillingConfigurations/${id}`)).toBeUndefined();
  });

  it("prefers the most literal template and keeps areas apart", () => {
    expect(name("POST", "/api/bill/Invoices/filter")).toBe("POST /api/bill/Invoices/filter");
    expect(name("GET", "/api/bill/Invoices/i1")).toBe("GET /api/bill/Invoices/{invoiceuuid}");
    expect(name("POST", "/api/bill/Invoices/i1")).toBeUndefined();
    expect(name("GET", "/api/md/Products/p1")).toBeUndefined();
    expect(name("GET", "/Products/p1")).toBeUndefined();
  });

  it("cuts a document down to the named paths and keeps everything else", () => {
    const text = documentWithPaths("cfg", ["/BillingTariffs", "/Products/{productuuid}"]);
    const pathKeys = text.split("\n").filter((l) => /^ {2}['"]?\//.test(l));
    expect(pathKeys).toEqual(["  /BillingTariffs:", "  '/Products/{productuuid}':"]);
    expect(text).toMatch(/^servers:\n {2}- url: https:\/\/api\.zerofriction\.co\/api\/cfg$/m);
    expect(text).toMatch(/^ {4}BaseTariffCalculationTypeParametersDTO:$/m);
    expect(text).toMatch(/^security:$/m);
  });
});
