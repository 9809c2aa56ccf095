/**
 * `npm run build:gateway` as IT installs it (docs/it/deploy.md): the bundle is copied alone into a
 * folder with no node_modules anywhere above it, started with plain `node` and an environment file,
 * answers `/healthz`, forwards a call to the simulator with a token it fetched, and stops on SIGTERM.
 * The example environment file lists every variable the gateway reads. On each Node the bundle also
 * signs in by certificate (msal-node and its JWT signing inside the bundle) to the local identity
 * provider.
 */
import { spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildGateway } from "../../../scripts/build-gateway";
import { envFileText } from "./attack-kit";
import { GATEWAY_TEST_NODES, ensureNode } from "../../../scripts/gateway-nodes";
import { createSimulator } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { ENV } from "../../../gateway";
import { AUTH, CLIENT_SECRET, ORIGIN, gatewayConfig, startTestIssuer } from "./helpers";
import type { TestIssuer } from "./helpers";
import { makeClientCertificate } from "../../support/client-certificate";
import {
  SERVICE_CLIENT_ID,
  SERVICE_SCOPE,
  discover,
  fetchTrusting,
  startIdentityProvider,
} from "../../support/identity-provider";
import { startRecordingService } from "./credential-kit";

const EXAMPLE = path.join(__dirname, "..", "..", "..", "gateway", "gateway.env.example");
/**
 * The Nodes that run the bundle: this one (20 on this machine), and 24 and 26 from the npm
 * registry's `node` packages (scripts/gateway-nodes.ts installs them on first use), plus another
 * given by BILLING_GATEWAY_NODE.
 */
const NODES: [string, () => string][] = [
  [`this Node (${process.version})`, () => process.execPath],
  [`Node ${GATEWAY_TEST_NODES["24"]}`, () => ensureNode("24")],
  [`Node ${GATEWAY_TEST_NODES["26"]}`, () => ensureNode("26")],
  ...(process.env.BILLING_GATEWAY_NODE
    ? [["BILLING_GATEWAY_NODE", () => process.env.BILLING_GATEWAY_NODE!] as [string, () => string]]
    : []),
];
/** Root runs the bundle as `nobody`, as the image and the systemd unit do (never as root). */
const AS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

/**
 * `node` where `nobody` may run it: a registry Node lives under the project's node_modules, which
 * may sit in a folder only root can enter (CI tests a copy in `mktemp -d`, mode 700); as root it is
 * copied into `work` (mode 755) first. The binary is one file (the registry package's `bin/node`).
 */
function runnableByNobody(node: string, work: string): string {
  if (!AS_ROOT || node === process.execPath) return node;
  const copy = mkdtempSync(path.join(work, "node-"));
  chmodSync(copy, 0o755);
  const binary = path.join(copy, "node");
  copyFileSync(realpathSync(node), binary);
  chmodSync(binary, 0o755);
  return binary;
}

/** The variable names an environment file sets (commented-out lines included). */
function variablesIn(text: string): Set<string> {
  return new Set([...text.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
}

/** The bundle started in `server` with `node`, once it listens: its URL, output and exit. */
async function startBundle(
  node: string,
  server: string,
  options: { env?: Record<string, string>; uid?: number } = {}
): Promise<{
  url: string;
  pid: number;
  out: () => string;
  err: () => string;
  stop: () => Promise<number | null>;
}> {
  const child = spawn(node, ["gateway.cjs", "--env-file", "gateway.env"], {
    cwd: server,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
    // Only PATH (and what the test adds): no NODE_PATH, no NODE_OPTIONS (no tsx loader).
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr.on("data", (b: Buffer) => (err += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const stop = async () => {
    child.kill("SIGTERM");
    return await exited;
  };
  let url: string | undefined;
  for (let i = 0; i < 200 && !url && child.exitCode === null; i++) {
    url = /Billing gateway listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    if (!url) await new Promise((r) => setTimeout(r, 50));
  }
  if (!url) {
    await stop();
    throw new Error(`The bundle did not start: ${out} ${err}`);
  }
  return { url, pid: child.pid!, out: () => out, err: () => err, stop };
}

describe("the gateway bundle (npm run build:gateway)", () => {
  let sim: Simulator;
  let issuer: TestIssuer;
  let work: string;
  let bundle: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "gateway-bundle-"));
    bundle = await buildGateway(path.join(work, "dist-gateway"));
    sim = await createSimulator({ port: 0, auth: AUTH });
    // The company's directory: the bundle verifies a signed-in user's token like the gateway does.
    issuer = await startTestIssuer();
  });
  afterAll(async () => {
    await sim?.close();
    await issuer?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("writes one file and the example environment file", () => {
    expect(path.basename(bundle)).toBe("gateway.cjs");
    expect(existsSync(path.join(path.dirname(bundle), "gateway.env.example"))).toBe(true);
  });

  it.each(NODES)(
    "on %s, runs from a folder holding only it, not as root: health, a forwarded call, a clean stop",
    async (_name, nodeOf) => {
      // A registry install on first use can take a while (scripts/gateway-nodes.ts).
      const installed = nodeOf();
      expect(existsSync(installed)).toBe(true);
      const server = mkdtempSync(path.join(work, "server-"));
      chmodSync(work, 0o755);
      chmodSync(server, 0o755);
      const NODE = runnableByNobody(installed, work);
      // Node looks for packages in every node_modules folder above the script: there must be none.
      for (let dir = server; ; dir = path.dirname(dir)) {
        expect(existsSync(path.join(dir, "node_modules"))).toBe(false);
        if (path.dirname(dir) === dir) break;
      }
      copyFileSync(bundle, path.join(server, "gateway.cjs"));
      const c = gatewayConfig(sim.url, sim.url);
      writeFileSync(
        path.join(server, "gateway.env"),
        envFileText({ ...c, allowedOrigins: [ORIGIN], userIssuer: issuer.issuer })
      );
      chmodSync(path.join(server, "gateway.env"), 0o600);
      if (AS_ROOT) chownSync(path.join(server, "gateway.env"), NOBODY, NOBODY);
      // The folder holds the bundle and its environment file, nothing else.
      expect(readdirSync(server).sort()).toEqual(["gateway.cjs", "gateway.env"]);
      let token = "";
      const gw = await startBundle(NODE, server, AS_ROOT ? { uid: NOBODY } : {});
      const url = gw.url;
      let code: number | null;
      try {
        const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${gw.pid}/status`, "utf8"))?.[1];
        expect(uid).not.toBe("0");
        const version = readFileSync(`/proc/${gw.pid}/cmdline`, "utf8").split("\0")[0];
        expect(version).toBe(NODE);

        const health = await fetch(`${url}/healthz`);
        expect(health.status).toBe(200);
        await expect(health.json()).resolves.toMatchObject({ status: "ok" });
        const anonymous = await fetch(`${url}/api/cfg/TaxCodes`, { headers: { origin: ORIGIN } });
        expect(anonymous.status).toBe(401);
        token = await issuer.token();
        const taxCodes = await fetch(`${url}/api/cfg/TaxCodes`, {
          headers: { origin: ORIGIN, authorization: `Bearer ${token}` },
        });
        expect(taxCodes.status).toBe(200);
        expect(JSON.stringify(await taxCodes.json())).toContain("VAT");
      } finally {
        code = await gw.stop();
      }
      expect(code).toBe(0);
      const [out, err] = [gw.out(), gw.err()];
      // The run-time half of the check below: the Node it ran on warned of nothing deprecated.
      expect(err).not.toMatch(/DeprecationWarning|\[DEP\d+\]/);
      expect(`${out}${err}`).not.toContain(CLIENT_SECRET);
      expect(token).not.toBe("");
      expect(`${out}${err}`).not.toContain(token);
    },
    360_000
  );

  it.each(NODES)(
    "on %s, signs in to the service by certificate (msal-node inside the bundle) and forwards the call",
    async (_name, nodeOf) => {
      const NODE = nodeOf();
      const dir = mkdtempSync(path.join(work, "certificate-"));
      const certificate = await makeClientCertificate(dir, "gateway");
      const idp = await startIdentityProvider({
        serviceClientCertificates: [certificate.certFile],
      });
      const service = await startRecordingService();
      let out = "";
      let err = "";
      try {
        const tokenUrl = (await discover(idp.issuer, fetchTrusting(idp.caFile))).token_endpoint;
        const server = mkdtempSync(path.join(work, "server-"));
        copyFileSync(bundle, path.join(server, "gateway.cjs"));
        const c = gatewayConfig(service.url, "", {
          tokenUrl,
          clientId: SERVICE_CLIENT_ID,
          clientSecret: "",
          scope: SERVICE_SCOPE,
          allowedOrigins: [ORIGIN],
          userIssuer: issuer.issuer,
        });
        writeFileSync(
          path.join(server, "gateway.env"),
          `${envFileText(c)}\nGATEWAY_SERVICE_CREDENTIAL=certificate\nGATEWAY_CLIENT_CERTIFICATE=${certificate.pemFile}\n`
        );
        // The provider's certificate trusted as IT would trust a company CA.
        const gw = await startBundle(NODE, server, {
          env: idp.caFile ? { NODE_EXTRA_CA_CERTS: idp.caFile } : {},
        });
        let code: number | null;
        try {
          const url = gw.url;
          const res = await fetch(`${url}/api/cfg/TaxCodes`, {
            headers: { origin: ORIGIN, authorization: `Bearer ${await issuer.token()}` },
          });
          expect(res.status).toBe(200);
          expect(service.calls).toEqual([
            { path: "/api/cfg/TaxCodes", authorization: expect.stringMatching(/^Bearer eyJ/) },
          ]);
        } finally {
          code = await gw.stop();
          out = gw.out();
          err = gw.err();
        }
        expect(code).toBe(0);
      } finally {
        await service.close();
        await idp.close();
      }
      expect(err).not.toMatch(/DeprecationWarning|\[DEP\d+\]/);
      const key = certificate.keyPem.replace(/-----[A-Z ]+-----|\s+/g, "");
      expect(`${out}${err}`).not.toContain(key.slice(40, 80));
    },
    360_000
  );

  it("uses no Node API that Node 22 or 24 LTS removed or deprecated at run time (it runs on Node 20 here too)", () => {
    const text = readFileSync(bundle, "utf8");
    // Per bundled module (esbuild heads each with `// <path>`): the names bound there to Node's own
    // util module — bundled packages have helpers of their own called util.
    const modules = text.split(/\n\/\/ (?=[\w@.-]+\/)/);
    const utilMisuse = (method: string) =>
      modules.some((chunk) =>
        [...chunk.matchAll(/\b([\w$]+) = require\(["'](?:node:)?util["']\)/g)].some((m) =>
          new RegExp(`(?<![\\w$.])${m[1].replace(/\$/g, "\\$")}\\.${method}\\(`).test(chunk)
        )
      );
    // End of life in Node 22/23/24 (removed) or runtime-deprecated there (a warning on every start).
    const gone: [string, RegExp][] = [
      ["crypto.createCipher/createDecipher (removed in 22)", /\bcreate(De)?cipher\(/],
      ["tls.createSecurePair (removed in 24)", /\bcreateSecurePair\(/],
      ["process.binding (deprecated)", /\bprocess\.binding\(/],
      ["SlowBuffer (removed in 24)", /\bSlowBuffer\b/],
      ["fs.F_OK/R_OK/W_OK/X_OK on fs (removed in 24)", /\bfs\.[FRWX]_OK\b/],
      ["the punycode module (runtime-deprecated in 22)", /require\(["'](node:)?punycode["']\)/],
      ["new Buffer() (runtime-deprecated)", /\bnew Buffer\(/],
      ["Dirent.path (removed in 24)", /\bdirent\.path\b/],
      ["assert.CallTracker (removed in 24)", /\bCallTracker\b/],
      ["the sys module (removed)", /require\(["']sys["']\)/],
    ];
    // Two fallbacks that msal-node's JWT signing brings (jsonwebtoken → jwa) run only on a Node
    // without crypto.timingSafeEqual or Buffer.alloc (before 6): buffer-equal-constant-time, which
    // jwa loads only then, and safe-buffer's allocUnsafeSlow. The certificate test above runs the
    // code around them on every Node here.
    const reachable = text
      .replace(/\/\/ node_modules\/buffer-equal-constant-time\/index\.js\n[\s\S]*?\n\}\);\n/, "")
      .replace("return buffer.SlowBuffer(size);", "");
    expect(reachable.length).toBeLessThan(text.length);
    const found = gone.filter(([, pattern]) => pattern.test(reachable)).map(([name]) => name);
    for (const [name, method] of [
      [
        "util.is*() type checks (removed in 23)",
        "is(?:Boolean|Buffer|Date|Error|Function|Null|NullOrUndefined|Number|Object|Primitive|RegExp|String|Symbol|Undefined)",
      ],
      ["util._extend (runtime-deprecated in 22)", "_extend"],
      ["util.log (removed in 23)", "log"],
    ]) {
      if (utilMisuse(method)) found.push(name);
    }
    expect(found).toEqual([]);
    // The check looked at something: modules of the bundle do use Node's util, and the same search
    // finds its (still supported) util.inherits / util.inspect.
    expect(utilMisuse("(?:inherits|inspect|promisify|format|deprecate|types\\.\\w+)")).toBe(true);
  });

  it("lists every variable the gateway reads in gateway.env.example", () => {
    const listed = variablesIn(readFileSync(EXAMPLE, "utf8"));
    for (const name of Object.values(ENV)) expect(listed).toContain(name);
  });
});
