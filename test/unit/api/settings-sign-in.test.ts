import { validateSettings } from "../../../src/api/index";

const SIGN_IN = {
  directory: "7D3C1A52-4B9E-4F0A-9C61-2E8B5D0F3A17",
  clientId: " b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13 ",
  scope: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34/access_as_user",
};

const withSignIn = (signIn: unknown) =>
  validateSettings({
    baseUrl: "https://gateway.contoso.example",
    credential: { kind: "gateway", signIn },
  });

describe("the gateway credential's sign-in settings", () => {
  it("keeps them normalised", () => {
    const result = withSignIn(SIGN_IN);
    expect(result).toEqual({
      ok: true,
      settings: {
        baseUrl: "https://gateway.contoso.example",
        headers: {},
        credential: {
          kind: "gateway",
          signIn: {
            directory: "7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17",
            clientId: "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
            scope: SIGN_IN.scope,
          },
        },
      },
    });
  });

  it("accepts an https authority URL (the local provider) and a directory domain", () => {
    for (const directory of [
      "https://localhost:8443/7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17/v2.0/",
      "contoso.onmicrosoft.com",
    ]) {
      expect(withSignIn({ ...SIGN_IN, directory }).ok).toBe(true);
    }
  });

  it("keeps settings saved before sign-in existed (kind gateway alone): the add-in asks for it", () => {
    expect(
      validateSettings({ baseUrl: "https://gw.contoso.example", credential: { kind: "gateway" } })
    ).toMatchObject({ ok: true, settings: { credential: { kind: "gateway" } } });
  });

  it.each([
    ["an empty directory", { directory: "" }, "credential.signIn.directory", /is required/],
    [
      "an http authority",
      { directory: "http://localhost:8443/t/v2.0" },
      "credential.signIn.directory",
      /https/,
    ],
    [
      "a directory that is neither",
      { directory: "not a tenant" },
      "credential.signIn.directory",
      /neither/,
    ],
    ["a client id that is no GUID", { clientId: "my-addin" }, "credential.signIn.clientId", /GUID/],
    ["an empty scope", { scope: "" }, "credential.signIn.scope", /is required/],
    ["a bare scope name", { scope: "access_as_user" }, "credential.signIn.scope", /api:\/\//],
  ])("refuses %s, naming the field", (_what, change, field, message) => {
    const result = withSignIn({ ...SIGN_IN, ...change });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([{ field, message: expect.stringMatching(message) }]);
  });
});
