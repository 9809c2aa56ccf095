import {
  REDACTED,
  isSecretHeaderName,
  redactHeaders,
  redactSecrets,
} from "../../../src/api/redact";

describe("secret headers", () => {
  it.each([
    "Authorization",
    "apim-sub",
    "Ocp-Apim-Subscription-Key",
    "x-api-key",
    "X-Auth-Token",
    "client-secret",
    "password",
  ])("%s is secret", (name) => expect(isSecretHeaderName(name)).toBe(true));

  it.each(["zf-tuuid", "zf-ouuid", "Accept", "Content-Type"])("%s is not secret", (name) => {
    expect(isSecretHeaderName(name)).toBe(false);
  });

  it("treats the configured extra names as secret, in any case", () => {
    expect(isSecretHeaderName("ZF-TUUID", ["zf-tuuid"])).toBe(true);
  });

  it("redacts the values of secret headers only", () => {
    const headers = {
      Authorization: "Bearer abc",
      "apim-sub": "k",
      "zf-tuuid": "tenant",
      "zf-ouuid": "org",
    };
    expect(redactHeaders(headers, ["zf-ouuid"])).toEqual({
      Authorization: REDACTED,
      "apim-sub": REDACTED,
      "zf-tuuid": "tenant",
      "zf-ouuid": REDACTED,
    });
  });

  it("blanks out secret values inside text, leaving very short values alone", () => {
    expect(redactSecrets("token abcd1234 and abcd1234 again", ["abcd1234"])).toBe(
      `token ${REDACTED} and ${REDACTED} again`
    );
    expect(redactSecrets("a b c", ["a"])).toBe("a b c");
  });
});

describe("redactSecrets: whole secrets and runs of them", () => {
  const KEY = "Zq8vW3kLm9PxT2rYb7NcHd";
  it("blanks a secret cut by the service, keeping the words around it", () => {
    expect(redactSecrets(`Key ${KEY.slice(0, 14)} is invalid`, [KEY])).toBe("Key •••• is invalid");
  });
  it("blanks a run of four characters but not of three", () => {
    expect(redactSecrets("a Zq8v b Zq8 c", [KEY])).toBe("a •••• b Zq8 c");
  });
  it("joins adjacent pieces into one mark", () => {
    expect(redactSecrets(`${KEY}${KEY}!`, [KEY])).toBe("••••!");
  });
  it("leaves text without secrets as it is", () => {
    expect(redactSecrets("nothing here", [KEY, "abc"])).toBe("nothing here");
  });
});
