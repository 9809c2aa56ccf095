import { readServiceErrors, shortenServiceText, toEntry } from "../../../src/api/service-entries";

describe("readServiceErrors", () => {
  it("reads the live envelope's LocalisedErrorDTO entries", () => {
    const body = {
      success: false,
      data: null,
      errors: [
        {
          key: "DUPLICATE_INVOICE_NUMBER",
          message: "Duplicate.",
          correlationId: "c-1",
          messageValues: ["x"],
        },
      ],
    };
    // messageValues are kept as their texts (a bulk refusal names its invoice there).
    expect(readServiceErrors(body)).toEqual([
      {
        key: "DUPLICATE_INVOICE_NUMBER",
        message: "Duplicate.",
        correlationId: "c-1",
        values: ["x"],
      },
    ]);
    const documented = {
      key: "K",
      messageValues: [{ dataType: "text", value: "id-1", capitalize: false }],
    };
    expect(toEntry(documented)).toEqual({ key: "K", values: ["id-1"] });
  });

  it("reads RFC 7807 problem details as one entry (title as key, detail as message)", () => {
    const body = {
      type: "https://tools.ietf.org/html/rfc9110#section-15.5.5",
      title: "Not Found",
      status: 404,
      detail: "No contract 42.",
      instance: "/x",
    };
    expect(readServiceErrors(body)).toEqual([{ key: "Not Found", message: "No contract 42." }]);
  });

  it("reads an ASP.NET validation problem's field errors", () => {
    const body = {
      title: "One or more validation errors occurred.",
      errors: { invoiceDate: ["Required.", "Bad date."], lines: "Empty." },
    };
    expect(readServiceErrors(body)).toEqual([
      { key: "invoiceDate", message: "Required." },
      { key: "invoiceDate", message: "Bad date." },
      { key: "lines", message: "Empty." },
    ]);
  });

  it("reads a bare list and plain strings, skipping what is not an entry", () => {
    expect(readServiceErrors(["Broken.", 5, null, { key: "K" }])).toEqual([
      { message: "Broken." },
      { key: "K" },
    ]);
  });

  it("finds nothing in bodies without errors", () => {
    expect(readServiceErrors(undefined)).toEqual([]);
    expect(readServiceErrors("<html>")).toEqual([]);
    expect(readServiceErrors({ success: false, errors: [] })).toEqual([]);
  });

  it("keeps long service text whole (it is cut only after redaction)", () => {
    const entry = toEntry({ key: "K", message: "x".repeat(5000) });
    expect(entry?.message?.length).toBe(5000);
  });

  it("shortens text to 500 characters, ending in an ellipsis", () => {
    expect(shortenServiceText("x".repeat(5000))).toBe(`${"x".repeat(499)}…`);
    expect(shortenServiceText("x".repeat(500))).toBe("x".repeat(500));
  });
});
