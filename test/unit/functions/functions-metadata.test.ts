import path from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";

interface Parameter {
  name: string;
  type?: string;
  optional?: boolean;
  dimensionality?: string;
}
interface FunctionMetadata {
  id: string;
  name: string;
  description: string;
  parameters: Parameter[];
  result: { type?: string; dimensionality?: string };
  options?: { cancelable?: boolean; stream?: boolean };
}

const SOURCE = path.resolve(__dirname, "../../../src/functions/functions.ts");

describe("functions.json generated from src/functions/functions.ts", () => {
  let functions: FunctionMetadata[];
  let errors: string[];
  let allowsDataTypes: unknown;

  beforeAll(async () => {
    const result = await generateCustomFunctionsMetadata(SOURCE);
    errors = result.errors;
    const json = result.metadataJson ? JSON.parse(result.metadataJson) : {};
    functions = json.functions ?? [];
    allowsDataTypes = json.allowCustomDataForDataTypeAny;
  });

  it("lets CONTRACTCOSTS return formatted numbers: data types allowed, a result of type any", () => {
    // Without these Excel would show #VALUE! for CONTRACTCOSTS's dates and tariffs.
    expect(allowsDataTypes).toBe(true);
    // No `type` in functions.json means any (a number type would make Excel refuse the objects).
    const { result } = byId("CONTRACTCOSTS");
    expect(result.type ?? "any").toBe("any");
    expect(result.dimensionality).toBe("matrix");
  });

  const byId = (id: string) => {
    const found = functions.find((f) => f.id === id);
    if (!found) throw new Error(`no function ${id}`);
    return found;
  };
  const signature = (id: string) =>
    byId(id).parameters.map((p) => `${p.name}${p.optional ? "?" : ""}:${p.type ?? "any"}`);

  it("generates without errors, with the Excel names fixed in the tags", () => {
    expect(errors).toEqual([]);
    expect(functions.map((f) => f.id).sort()).toEqual(
      [
        "BANKACCOUNTID",
        "BILLINGITEMID",
        "CONTRACTCOSTS",
        "CONTRACTFIXEDCOSTS",
        "CONTRACTID",
        "CONTRACTVARIABLECOSTS",
        "CUSTOMERID",
        "SERVICELOCATIONIDS",
        "TARIFF",
        "TAXCODEID",
        "CUSTOMERNAME",
        "BANKACCOUNTNAME",
        "TAXCODENAME",
        "BILLINGITEMNAME",
        "INVOICES",
        "TARIFFHISTORY",
        "INVOICESTATUS",
        "CONTRACT",
      ].sort()
    );
    for (const f of functions) expect(f.name).toBe(f.id);
  });

  it("declares the parameters, with date and contractId optional where documented", () => {
    expect(signature("CONTRACTFIXEDCOSTS")).toEqual(["contractId:string", "date?:any"]);
    expect(signature("CONTRACTVARIABLECOSTS")).toEqual(["contractId:string", "date?:any"]);
    expect(signature("CONTRACTCOSTS")).toEqual(["contractId:string", "date?:any"]);
    expect(signature("TARIFF")).toEqual([
      "productId:string",
      "billingItemId:string",
      "contractId?:string",
      "date?:any",
    ]);
    expect(signature("CUSTOMERID")).toEqual(["name:string"]);
    expect(signature("CONTRACTID")).toEqual(["contractNumber:string"]);
    expect(signature("TAXCODEID")).toEqual(["name:string"]);
    expect(signature("BANKACCOUNTID")).toEqual(["iban:string"]);
    expect(signature("BILLINGITEMID")).toEqual(["name:string"]);
    expect(signature("SERVICELOCATIONIDS")).toEqual(["customerId:string"]);
    expect(signature("INVOICES")).toEqual([
      "customerId?:string",
      "from?:any",
      "to?:any",
      "status?:string",
    ]);
    expect(signature("TARIFFHISTORY")).toEqual([
      "productId:string",
      "billingItemId:string",
      "contractId?:string",
      "date?:any",
    ]);
    expect(signature("INVOICESTATUS")).toEqual(["invoiceId:string"]);
    expect(signature("CONTRACT")).toEqual(["contractId:string", "date?:any"]);
  });

  it("streams INVOICESTATUS (one value, updated) and lets CONTRACT return an entity (result any)", () => {
    expect(byId("INVOICESTATUS").options).toEqual({ cancelable: true, stream: true });
    expect(byId("INVOICESTATUS").result).toEqual({ type: "string" });
    expect(byId("CONTRACT").result.type ?? "any").toBe("any");
    expect(byId("CONTRACT").result.dimensionality ?? "scalar").toBe("scalar");
    for (const id of ["INVOICES", "TARIFFHISTORY"]) {
      expect(byId(id).result.dimensionality).toBe("matrix");
      expect(byId(id).result.type ?? "any").toBe("any");
    }
  });

  it("spills the tables and the service locations (matrix results), the rest are single values", () => {
    for (const id of ["CONTRACTVARIABLECOSTS", "CONTRACTCOSTS", "SERVICELOCATIONIDS"]) {
      expect(byId(id).result.dimensionality).toBe("matrix");
    }
    expect(byId("CONTRACTFIXEDCOSTS").result).toEqual({ type: "number" });
    expect(byId("TARIFF").result).toEqual({ type: "number" });
    for (const id of ["CUSTOMERID", "CONTRACTID", "TAXCODEID", "BANKACCOUNTID", "BILLINGITEMID"]) {
      expect(byId(id).result).toEqual({ type: "string" });
    }
    expect(byId("SERVICELOCATIONIDS").result.type).toBe("string");
  });

  it("describes every function and parameter for Excel's formula help, with an example", () => {
    for (const f of functions) {
      expect(f.description).toMatch(new RegExp(`Example: =BILLING\\.${f.id}\\(`));
      for (const p of f.parameters)
        expect((p as { description?: string }).description).toBeTruthy();
    }
  });

  it("declares every function cancelable, so Excel's cancel aborts its requests", () => {
    for (const f of functions) expect([f.id, f.options?.cancelable]).toEqual([f.id, true]);
  });
});
