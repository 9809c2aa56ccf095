/**
 * The local identity provider's command line and redirect URI rule (pure), its pages (escaping, no
 * external resources) and the certificate check.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { usableForLocalhost } from "../../../idp/certificate";
import { checkOrigin, parseIdpArgs, redirectUriUnder } from "../../../idp/options";
import { errorPage, escapeHtml, homePage, loginPage, logoutPage } from "../../../idp/pages";

describe("parseIdpArgs", () => {
  it("defaults: port 3003, the dev server's origin, tokens for an hour, no certificate files", () => {
    expect(parseIdpArgs([])).toEqual({
      kind: "options",
      options: {
        port: 3003,
        redirectOrigins: ["https://localhost:3000"],
        accessTokenTtlSeconds: 3600,
      },
    });
  });

  it("takes every flag; repeated origins once each, a trailing slash dropped; the CA defaults to the certificate", () => {
    const parsed = parseIdpArgs([
      "--port=0",
      "--redirect-origin",
      "http://127.0.0.1:41234/",
      "--redirect-origin",
      "https://localhost:3000",
      "--redirect-origin",
      "http://127.0.0.1:41234",
      "--access-token-ttl",
      "5",
      "--cert",
      "c.pem",
      "--key",
      "k.pem",
    ]);
    expect(parsed).toEqual({
      kind: "options",
      options: {
        port: 0,
        redirectOrigins: ["http://127.0.0.1:41234", "https://localhost:3000"],
        accessTokenTtlSeconds: 5,
        certFile: "c.pem",
        keyFile: "k.pem",
        caFile: "c.pem",
      },
    });
    expect(parseIdpArgs(["--cert", "c", "--key", "k", "--ca", "ca.crt"])).toMatchObject({
      options: { caFile: "ca.crt" },
    });
  });

  it("reports every problem at once, each naming its flag", () => {
    const parsed = parseIdpArgs([
      "--port",
      "70000",
      "--access-token-ttl",
      "0",
      "--cert",
      "c.pem",
      "--redirect-origin",
      "https://localhost:3000/taskpane.html",
    ]);
    expect(parsed).toEqual({
      kind: "problems",
      problems: [
        '--port must be a whole number from 0 to 65535 (got "70000")',
        '--access-token-ttl must be a whole number from 1 to 86400 (got "0")',
        "--cert and --key go together: give both or neither",
        '--redirect-origin "https://localhost:3000/taskpane.html" is not an origin (http(s)://host[:port], no path)',
      ],
    });
  });

  it("refuses unknown flags, fractions, --ca alone, and asks for help", () => {
    expect(parseIdpArgs(["--verbose"])).toMatchObject({ kind: "problems" });
    expect(parseIdpArgs(["--access-token-ttl", "1.5"])).toMatchObject({ kind: "problems" });
    expect(parseIdpArgs(["--ca", "ca.crt"])).toEqual({
      kind: "problems",
      problems: ["--ca needs --cert and --key"],
    });
    expect(parseIdpArgs(["--help"])).toEqual({ kind: "help" });
  });
});

describe("checkOrigin", () => {
  it("accepts http(s) origins only", () => {
    expect(checkOrigin("https://localhost:3000")).toEqual({ origin: "https://localhost:3000" });
    for (const bad of [
      "*",
      "localhost:3000",
      "ftp://x",
      "https://a/b",
      "https://a?x=1",
      "https://u:p@a",
    ]) {
      expect(checkOrigin(bad)).toHaveProperty("problem");
    }
  });
});

describe("redirectUriUnder", () => {
  const origins = ["https://localhost:3000", "http://127.0.0.1:41234"];

  it("accepts any path under a configured origin", () => {
    expect(redirectUriUnder("https://localhost:3000/taskpane.html", origins)).toBe(true);
    expect(redirectUriUnder("http://127.0.0.1:41234/preview.html?x=1", origins)).toBe(true);
    expect(redirectUriUnder("https://localhost:3000", origins)).toBe(true);
  });

  it("refuses other origins, look-alikes, fragments, user info and non-strings", () => {
    for (const bad of [
      "https://localhost:3001/taskpane.html",
      "http://localhost:3000/taskpane.html",
      "https://localhost:3000.evil.example/",
      "https://evil.example/?https://localhost:3000/",
      "https://localhost:3000/taskpane.html#x",
      "https://user@localhost:3000/",
      // Not written as the URL standard writes it: parsers on the way may disagree.
      "https://localhost:3000\\@evil.example/",
      "https://localhost:3000/a/../taskpane.html",
      "https://localhost:3000/%2e%2e/taskpane.html",
      "https://local\thost:3000/",
      "HTTPS://LOCALHOST:3000/taskpane.html",
      "https://localhost:3000:443/",
      "not a url",
    ]) {
      expect(redirectUriUnder(bad, origins)).toBe(false);
    }
    expect(redirectUriUnder(undefined, origins)).toBe(false);
  });
});

describe("the pages", () => {
  const login = loginPage({
    clientName: "Billing <for> Excel",
    action: "/t/v2.0/interaction/abc/login",
    abortAction: "/t/v2.0/interaction/abc/abort",
    username: '"><script>alert(1)</script>',
    error: "The user name or password is not right.",
  });

  it("escape every value they show", () => {
    expect(login).not.toContain("<script>");
    expect(login).toContain("&quot;&gt;&lt;script&gt;");
    expect(login).toContain("Billing &lt;for&gt; Excel");
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe("&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;");
    expect(errorPage({ error: "invalid_request", error_description: "<b>x</b>" })).toContain(
      "&lt;b&gt;x&lt;/b&gt;"
    );
  });

  it("load nothing from elsewhere: no URL, script, link, import or font", () => {
    for (const html of [
      login,
      errorPage({ error: "x" }),
      logoutPage('<form id="op.logoutForm"></form>', "localhost:1"),
    ]) {
      expect(html).not.toMatch(/https?:\/\/|<script|<link|@import|url\(|@font-face/i);
    }
  });

  it("name the issuer on the home page, and no other address", () => {
    const html = homePage("https://localhost:3003/tid/v2.0");
    expect(html).toContain("<code>https://localhost:3003/tid/v2.0</code>");
    expect(html.replace("https://localhost:3003/tid/v2.0", "")).not.toMatch(
      /https?:\/\/|<script|<link|@import|url\(/i
    );
  });

  it("post the sign-in and cancel forms to the interaction, with the demo users listed", () => {
    expect(login).toContain('action="/t/v2.0/interaction/abc/login"');
    expect(login).toContain('action="/t/v2.0/interaction/abc/abort"');
    expect(login).toContain("riley.reader@contoso.example");
    expect(login).toContain('role="alert"');
  });
});

describe("usableForLocalhost", () => {
  let dir: string;
  const make = (subject: string, san: string) => {
    const cert = path.join(dir, `${subject}.crt`);
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        `/CN=${subject}`,
        "-addext",
        `subjectAltName=${san}`,
        "-keyout",
        path.join(dir, `${subject}.key`),
        "-out",
        cert,
      ],
      { stdio: "ignore" }
    );
    return readFileSync(cert);
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "idp-cert-test-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("accepts a current certificate for localhost, not one for another host, an expiring one or garbage", () => {
    const localhost = make("localhost", "DNS:localhost");
    expect(usableForLocalhost(localhost)).toBe(true);
    expect(usableForLocalhost(make("example", "DNS:example.test"))).toBe(false);
    // Valid two days: in 47 hours it has less than an hour left.
    expect(usableForLocalhost(localhost, Date.now() + 47.5 * 60 * 60 * 1000)).toBe(false);
    expect(usableForLocalhost(localhost, Date.now() - 60 * 60 * 1000)).toBe(false);
    expect(usableForLocalhost(Buffer.from("not a certificate"))).toBe(false);
  });
});
