import { authorityOf, msalConfiguration } from "../../../src/auth/index";

const REDIRECT = "https://localhost:3000/taskpane.html";

describe("msal's configuration", () => {
  it("signs in with Entra ID for a directory id, with msal's own protocol", () => {
    const config = msalConfiguration(
      {
        directory: "7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17",
        clientId: "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
        scope: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34/access_as_user",
      },
      REDIRECT
    );
    expect(config.auth).toEqual({
      clientId: "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
      authority: "https://login.microsoftonline.com/7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17",
      redirectUri: REDIRECT,
    });
  });

  it("treats another https authority (the local provider) as plain OIDC, known, never discovered", () => {
    const config = msalConfiguration(
      {
        directory: "https://localhost:8443/7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17/v2.0",
        clientId: "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
        scope: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34/access_as_user",
      },
      REDIRECT
    );
    expect(config.auth.protocolMode).toBe("OIDC");
    expect(config.auth.knownAuthorities).toEqual(["localhost:8443"]);
    expect(config.auth.authority).toBe(
      "https://localhost:8443/7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17/v2.0"
    );
    expect(config.cache?.cacheLocation).toBe("localStorage");
  });

  it("accepts a directory's domain name", () => {
    expect(authorityOf("contoso.onmicrosoft.com")).toBe(
      "https://login.microsoftonline.com/contoso.onmicrosoft.com"
    );
  });
});
