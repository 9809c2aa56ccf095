import { DEFAULT_SETTINGS, companyTimeZone, validateSettings } from "../../../src/api/settings";

const base = { baseUrl: "https://billing.example.com", headers: {}, credential: { kind: "none" } };

function problemsOf(input: unknown): { field: string; message: string }[] {
  const result = validateSettings(input);
  if (result.ok) throw new Error("expected problems");
  return result.problems;
}

function fieldsOf(input: unknown): string[] {
  return problemsOf(input).map((p) => p.field);
}

describe("validateSettings: base URL", () => {
  it("accepts an https URL and removes the trailing slash", () => {
    const result = validateSettings({ ...base, baseUrl: "https://billing.example.com/" });
    expect(result).toEqual({
      ok: true,
      settings: { ...base, baseUrl: "https://billing.example.com" },
    });
  });

  it("keeps the port", () => {
    const result = validateSettings({ ...base, baseUrl: "https://billing.example.com:8443" });
    expect(result.ok && result.settings.baseUrl).toBe("https://billing.example.com:8443");
  });

  it.each(["http://localhost:3001", "http://127.0.0.1:3001/", "http://[::1]:3001"])(
    "allows plain http for the local host %s",
    (url) => {
      const result = validateSettings({ ...base, baseUrl: url });
      expect(result.ok).toBe(true);
      expect(result.ok && result.settings.baseUrl).toBe(url.replace(/\/$/, ""));
    }
  );

  it.each([
    ["http on a remote host", "http://billing.example.com", /https/],
    ["a path", "https://billing.example.com/api", /path/],
    ["a query", "https://billing.example.com/?subscription-key=abc", /query/],
    ["an empty query", "https://billing.example.com/?", /query/],
    ["a fragment", "https://billing.example.com/#x", /fragment/],
    ["a user and password", "https://user:pw@billing.example.com", /user name/],
    ["another scheme", "ftp://billing.example.com", /https/],
    ["no scheme", "billing.example.com", /has no scheme: add https:\/\/ in front/],
    ["host and port without scheme", "localhost:3001", /has no scheme: add https:\/\//],
    ["a mistyped scheme", "http//::", /has no scheme: add https:\/\//],
    ["garbage", "https://::", /not a valid URL/],
    ["an empty text", "  ", /required/],
  ])("rejects %s", (_what, url, message) => {
    const problems = problemsOf({ ...base, baseUrl: url });
    expect(problems[0].field).toBe("baseUrl");
    expect(problems[0].message).toMatch(message);
  });

  it("rejects a missing or non-text base URL", () => {
    expect(fieldsOf({ ...base, baseUrl: undefined })).toEqual(["baseUrl"]);
    expect(fieldsOf({ ...base, baseUrl: 42 })).toEqual(["baseUrl"]);
  });

  it("does not echo the URL (it may hold a key) in any problem", () => {
    const problems = problemsOf({
      ...base,
      baseUrl: "https://h.example.com/?subscription-key=SECRET123",
    });
    expect(JSON.stringify(problems)).not.toContain("SECRET123");
  });
});

describe("validateSettings: headers", () => {
  it("accepts token header names and trims values", () => {
    const result = validateSettings({ ...base, headers: { "zf-tuuid": " t1 ", "apim-sub": "k" } });
    expect(result.ok && result.settings.headers).toEqual({ "zf-tuuid": "t1", "apim-sub": "k" });
  });

  it("treats missing headers as none", () => {
    const result = validateSettings({ baseUrl: base.baseUrl });
    expect(result.ok && result.settings).toEqual({ ...base, credential: { kind: "none" } });
  });

  it.each([["with space"], ["with:colon"], [""], ["ümlaut"], ["a\nb"]])(
    "rejects the header name %j",
    (name) => {
      expect(fieldsOf({ ...base, headers: { [name]: "v" } })).toEqual([`headers.${name}`]);
    }
  );

  it.each([["a\r\nInjected: x"], ["line\nbreak"], ["nul\0"]])(
    "rejects the header value %j",
    (value) => {
      const problems = problemsOf({ ...base, headers: { "zf-tuuid": value } });
      expect(problems).toEqual([
        { field: "headers.zf-tuuid", message: "value must not contain line breaks" },
      ]);
    }
  );

  it("rejects a non-text header value and a header list that is not an object", () => {
    expect(fieldsOf({ ...base, headers: { "zf-tuuid": 5 } })).toEqual(["headers.zf-tuuid"]);
    expect(fieldsOf({ ...base, headers: ["a"] })).toEqual(["headers"]);
  });

  it("checks the list of secret header names", () => {
    expect(fieldsOf({ ...base, secretHeaders: "x-api" })).toEqual(["secretHeaders"]);
    expect(fieldsOf({ ...base, secretHeaders: [1] })).toEqual(["secretHeaders"]);
    const ok = validateSettings({ ...base, secretHeaders: ["x-tenant"] });
    expect(ok.ok && ok.settings.secretHeaders).toEqual(["x-tenant"]);
  });
});

describe("validateSettings: credential", () => {
  it("accepts none and gateway", () => {
    for (const kind of ["none", "gateway"]) {
      const result = validateSettings({ ...base, credential: { kind } });
      expect(result.ok && result.settings.credential).toEqual({ kind });
    }
  });

  it("trims a bearer token and strips a pasted 'Bearer ' prefix", () => {
    const a = validateSettings({ ...base, credential: { kind: "bearer", token: "  abc.def  " } });
    const b = validateSettings({
      ...base,
      credential: { kind: "bearer", token: "Bearer abc.def" },
    });
    const c = validateSettings({
      ...base,
      credential: { kind: "bearer", token: "bearer   abc.def\n" },
    });
    for (const r of [a, b, c])
      expect(r.ok && r.settings.credential).toEqual({ kind: "bearer", token: "abc.def" });
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["only the prefix", "Bearer "],
    ["a space inside", "abc def"],
    ["a newline inside", "abc\ndef"],
    ["a tab inside", "abc\tdef"],
  ])("rejects a bearer token that is %s", (_what, token) => {
    expect(fieldsOf({ ...base, credential: { kind: "bearer", token } })).toEqual([
      "credential.token",
    ]);
  });

  it("rejects a bearer credential without a token, and unknown kinds", () => {
    expect(fieldsOf({ ...base, credential: { kind: "bearer" } })).toEqual(["credential.token"]);
    expect(fieldsOf({ ...base, credential: { kind: "basic" } })).toEqual(["credential.kind"]);
    expect(fieldsOf({ ...base, credential: "bearer" })).toEqual(["credential.kind"]);
  });

  it("never puts the token into a problem", () => {
    const problems = problemsOf({ ...base, credential: { kind: "bearer", token: "SECRET TOKEN" } });
    expect(JSON.stringify(problems)).not.toContain("SECRET");
  });
});

describe("validateSettings: the whole object", () => {
  it("rejects anything that is not an object", () => {
    for (const input of [null, undefined, "https://x", 5, []])
      expect(fieldsOf(input)).toEqual(["settings"]);
  });

  it("reports every problem at once", () => {
    const fields = fieldsOf({
      baseUrl: "http://remote.example.com",
      headers: { "a b": "x" },
      credential: { kind: "x" },
    });
    expect(fields).toEqual(["baseUrl", "headers.a b", "credential.kind"]);
  });

  it("has defaults that point at the local simulator without a credential and are valid", () => {
    expect(DEFAULT_SETTINGS).toEqual({
      baseUrl: "http://localhost:3001",
      headers: {},
      credential: { kind: "none" },
    });
    expect(validateSettings(DEFAULT_SETTINGS)).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });
});

describe("validateSettings: the company's time zone", () => {
  it("keeps an IANA name, and leaves it out when none is given (the machine's zone then)", () => {
    const result = validateSettings({ ...base, timeZone: " Europe/Amsterdam " });
    expect(result.ok && result.settings.timeZone).toBe("Europe/Amsterdam");
    const none = validateSettings(base);
    expect(none.ok && "timeZone" in none.settings).toBe(false);
    expect(companyTimeZone({})).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(companyTimeZone({ timeZone: "Asia/Tokyo" })).toBe("Asia/Tokyo");
  });

  it("refuses a name that is not a zone, saying what to give", () => {
    expect(problemsOf({ ...base, timeZone: "Amsterdam" })).toEqual([
      {
        field: "timeZone",
        message: "is not a time zone; give an IANA name such as Europe/Amsterdam",
      },
    ]);
    expect(fieldsOf({ ...base, timeZone: 1 })).toEqual(["timeZone"]);
  });
});
