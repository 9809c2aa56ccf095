/**
 * The local identity provider's claims mapping (pure): Entra v2 shapes from oidc-provider's tokens.
 */
import { BILLING_ROLES } from "../../../src/api";
import {
  accessTokenClaims,
  scpFromScope,
  userClaims,
  withoutRfc9068Claims,
} from "../../../idp/claims";
import {
  ADDIN_CLIENT_ID,
  API_SCOPE,
  DEMO_USERS,
  TENANT_ID,
  findDemoUser,
  findDemoUserBySub,
  issuerFor,
} from "../../../idp/directory";

const invoicer = findDemoUser("ingrid.invoicer@contoso.example")!;
const norole = findDemoUser("nora.norole@contoso.example")!;

describe("scpFromScope", () => {
  it("keeps the gateway API's scopes without their api:// prefix, as Entra's scp", () => {
    expect(scpFromScope(`openid profile ${API_SCOPE} offline_access`)).toBe("access_as_user");
  });

  it("leaves out OpenID scopes and other APIs' scopes; nothing left means no scp", () => {
    expect(scpFromScope("openid profile offline_access")).toBeUndefined();
    expect(scpFromScope("api://another-api/access_as_user")).toBeUndefined();
    expect(scpFromScope(`${API_SCOPE.replace("access_as_user", "")}`)).toBeUndefined();
    expect(scpFromScope(undefined)).toBeUndefined();
  });

  it("names a scope once", () => {
    expect(scpFromScope(`${API_SCOPE} ${API_SCOPE}`)).toBe("access_as_user");
  });
});

describe("accessTokenClaims", () => {
  it("gives the user's ids, names, roles and the client as Entra v2 does", () => {
    expect(accessTokenClaims(invoicer, ADDIN_CLIENT_ID, `openid ${API_SCOPE}`)).toEqual({
      scp: "access_as_user",
      roles: [BILLING_ROLES.invoice],
      oid: invoicer.oid,
      tid: TENANT_ID,
      preferred_username: "ingrid.invoicer@contoso.example",
      name: "Ingrid Invoicer",
      azp: ADDIN_CLIENT_ID,
      ver: "2.0",
    });
  });

  it("writes no roles claim for a user without a role, and no scp without the API scope", () => {
    const claims = accessTokenClaims(norole, ADDIN_CLIENT_ID, "openid profile");
    expect(claims).not.toHaveProperty("roles");
    expect(claims).not.toHaveProperty("scp");
  });

  it("hands out a copy of the roles, never the directory's own array", () => {
    const claims = accessTokenClaims(invoicer, ADDIN_CLIENT_ID, API_SCOPE);
    claims.roles!.push("Billing.Admin");
    expect(invoicer.roles).toEqual([BILLING_ROLES.invoice]);
  });
});

describe("userClaims", () => {
  it("gives the ID token what msal builds its account from", () => {
    expect(userClaims(invoicer)).toEqual({
      sub: invoicer.sub,
      oid: invoicer.oid,
      tid: TENANT_ID,
      name: "Ingrid Invoicer",
      preferred_username: "ingrid.invoicer@contoso.example",
      ver: "2.0",
    });
  });
});

describe("withoutRfc9068Claims", () => {
  it("drops scope and client_id, which Entra does not write, and sets nbf to iat", () => {
    expect(
      withoutRfc9068Claims({ iat: 100, exp: 200, scope: "x", client_id: "c", scp: "s", aud: "a" })
    ).toEqual({ iat: 100, exp: 200, nbf: 100, scp: "s", aud: "a" });
  });

  it("keeps an nbf already there", () => {
    expect(withoutRfc9068Claims({ iat: 100, nbf: 90 })).toEqual({ iat: 100, nbf: 90 });
  });
});

describe("the demo directory", () => {
  it("has one reader, one invoicer and one user without a role, each with distinct ids", () => {
    expect(DEMO_USERS.map((u) => u.roles)).toEqual([
      [BILLING_ROLES.read],
      [BILLING_ROLES.invoice],
      [],
    ]);
    const ids = DEMO_USERS.flatMap((u) => [u.oid, u.sub]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("finds users by sign-in name regardless of case and spaces, and by subject", () => {
    expect(findDemoUser("  Ingrid.Invoicer@Contoso.Example ")).toBe(invoicer);
    expect(findDemoUser("ingrid")).toBeUndefined();
    expect(findDemoUserBySub(norole.sub)).toBe(norole);
    expect(findDemoUserBySub(norole.oid)).toBeUndefined();
  });

  it("shapes the issuer like Entra's: the directory id and v2.0 in the path", () => {
    expect(issuerFor(3003)).toBe(`https://localhost:3003/${TENANT_ID}/v2.0`);
  });
});
