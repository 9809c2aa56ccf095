/** The user's token is read from `Authorization: Bearer <token>` only, in its exact RFC 6750 form. */
import { bearerToken } from "../../../gateway/user-token";

describe("bearerToken", () => {
  it("takes the token of a Bearer header, the scheme in any letter case", () => {
    expect(bearerToken("Bearer eyJa.eyJb.c-_d")).toBe("eyJa.eyJb.c-_d");
    expect(bearerToken("bearer abc.def.ghi")).toBe("abc.def.ghi");
    expect(bearerToken("BEARER  abc==")).toBe("abc==");
  });

  it.each([
    ["no header", undefined],
    ["an empty header", ""],
    ["the scheme alone", "Bearer"],
    ["another scheme", "Basic dXNlcjpwdw=="],
    ["two tokens", "Bearer a.b.c d.e.f"],
    ["a token with a comma", "Bearer a.b.c,d"],
    ["a token with a quote", 'Bearer "a.b.c"'],
  ])("gives nothing for %s", (_name, header) => {
    expect(bearerToken(header)).toBeUndefined();
  });
});
