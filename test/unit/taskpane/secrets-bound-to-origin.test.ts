/**
 * A secret belongs to the origin it was entered for
 * (docs/developers/rules.md#settings-and-security): Test connection on an
 * edited, unsaved base URL tests with what the form holds, and Save with a base URL on another
 * origin asks for each saved secret again.
 */
import {
  formFromSettings,
  newHeaderRow,
  settingsFromForm,
  type ConnectionForm,
} from "../../../src/taskpane/connection-form";

import type { StoredSettings } from "../../../src/excel/settings-model";
import { CUSTOM, KEY, TOKEN, stored } from "./helpers/stored-settings";

function movedTo(baseUrl: string): ConnectionForm {
  return { ...formFromSettings(stored), baseUrl };
}

function expectNoSecret(value: unknown): void {
  const text = JSON.stringify(value);
  for (const secret of [TOKEN, KEY, CUSTOM]) expect(text).not.toContain(secret);
}

describe("Test connection on an edited, unsaved base URL", () => {
  it.each([
    "https://other.example.com",
    "https://billing.example.com:8443",
    "http://localhost:3001",
    "https://billing.example.com.evil.example",
  ])("does not send the saved secrets to %s", (url) => {
    const result = settingsFromForm(movedTo(url), stored, "test");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expectNoSecret(result);
    expect(result.settings.connection.credential).toEqual({ kind: "none" });
    expect(result.settings.connection.headers).toEqual({ "zf-tuuid": "tenant-1" });
    expect(result.withheld).toEqual(['header "apim-sub"', 'header "x-org"', "the token"]);
  });

  it("tests with the secrets typed into the form", () => {
    const form = movedTo("https://other.example.com");
    form.token = "typed-token-1";
    form.headers = form.headers.map((h) =>
      h.name === "apim-sub" ? { ...h, value: "typed-k" } : h
    );
    const result = settingsFromForm(form, stored, "test");
    expect(result).toMatchObject({
      ok: true,
      withheld: ['header "x-org"'],
      settings: {
        connection: {
          baseUrl: "https://other.example.com",
          headers: { "zf-tuuid": "tenant-1", "apim-sub": "typed-k" },
          credential: { kind: "bearer", token: "typed-token-1" },
        },
      },
    });
  });

  it("keeps the saved secrets on the same origin, however it is written", () => {
    for (const url of [
      "https://billing.example.com",
      "https://BILLING.example.com/",
      "https://billing.example.com:443",
    ]) {
      const result = settingsFromForm(movedTo(url), stored, "test");
      expect(result).toMatchObject({
        ok: true,
        withheld: [],
        settings: { connection: { credential: { kind: "bearer", token: TOKEN } } },
      });
    }
  });
});

describe("Save with a base URL on another origin", () => {
  it("asks for each saved secret again, next to its field, and saves nothing", () => {
    const form = movedTo("https://other.example.com");
    const result = settingsFromForm(form, stored);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const apim = form.headers.find((h) => h.name === "apim-sub")!;
    const org = form.headers.find((h) => h.name === "x-org")!;
    const because =
      "was saved for https://billing.example.com; type it again to use it with https://other.example.com (a secret is only sent to the address it was entered for).";
    expect(result.errors).toEqual({
      token: [`The token ${because}`],
      [`header:${apim.id}`]: [`The value of header "apim-sub" ${because}`],
      [`header:${org.id}`]: [`The value of header "x-org" ${because}`],
    });
    expectNoSecret(result);
  });

  it("saves once the secrets are typed again, with only the new ones", () => {
    const form = movedTo("https://other.example.com");
    form.token = "new-token-22";
    form.headers = form.headers
      .filter((h) => h.name !== "x-org")
      .map((h) => (h.name === "apim-sub" ? { ...h, value: "new-key-33" } : h));
    const result = settingsFromForm(form, stored);
    expect(result).toMatchObject({ ok: true, withheld: [] });
    if (!result.ok) return;
    expect(result.settings.connection).toEqual({
      baseUrl: "https://other.example.com",
      headers: { "zf-tuuid": "tenant-1", "apim-sub": "new-key-33" },
      credential: { kind: "bearer", token: "new-token-22" },
    });
  });

  it("needs nothing again when no secret was saved", () => {
    const plain: StoredSettings = {
      ...stored,
      connection: { baseUrl: "http://localhost:3001", headers: {}, credential: { kind: "none" } },
    };
    const form = { ...formFromSettings(plain), baseUrl: "https://billing.example.com" };
    form.headers = [newHeaderRow({ name: "zf-tuuid", value: "t" })];
    expect(settingsFromForm(form, plain)).toMatchObject({ ok: true });
  });
});

describe("the base URL field", () => {
  it.each([
    [
      "http://billing.example.com",
      "Base URL must use https:// (plain http:// only for localhost).",
    ],
    [
      "http://localhost.evil.example",
      "Base URL must use https:// (plain http:// only for localhost).",
    ],
    ["ftp://billing.example.com", "Base URL must start with https:// (or http:// for localhost)."],
    [
      "billing.example.com",
      "Base URL has no scheme: add https:// in front (e.g. https://billing.example.com).",
    ],
    ["", "Base URL is required (for example https://billing.example.com)."],
    [
      "https://billing.example.com/api",
      "Base URL must not contain a path (only scheme, host and port).",
    ],
    ["https://user:pw@billing.example.com", "Base URL must not contain a user name or password."],
    ["https://billing.example.com/?x=<script>", "Base URL must not contain a query (?...)."],
  ])("refuses %p with an exact message, sending nothing", (url, message) => {
    const result = settingsFromForm(
      { ...formFromSettings(stored), baseUrl: url, credentialKind: "none", headers: [] },
      stored,
      "test"
    );
    expect(result).toEqual({ ok: false, errors: { baseUrl: [message] } });
  });

  it("refuses a token with a line break, without echoing it", () => {
    const form = { ...formFromSettings(stored), token: "abc\ndef-secret" };
    const result = settingsFromForm(form, stored);
    expect(result).toEqual({
      ok: false,
      errors: { token: ["Token must not contain spaces or line breaks."] },
    });
  });

  it("refuses a header value with a line break, naming the header", () => {
    const form = {
      ...formFromSettings(stored),
      headers: [newHeaderRow({ name: "zf-ouuid", value: "a\r\nX-Evil: 1" })],
    };
    const result = settingsFromForm(form, stored);
    expect(result).toEqual({
      ok: false,
      errors: {
        [`header:${form.headers[0].id}`]: ['Header "zf-ouuid" value must not contain line breaks.'],
      },
    });
  });
});
