/**
 * The gateway deployed as IT deploys it (deploy/gateway): the image runs the one-file bundle on Node
 * 26 as a non-root user with nothing of the development toolchain, and the systemd unit runs the
 * same bundle as its own user; docs/it/deploy.md shows that unit as it is in the repository. (No
 * container engine runs here: the image itself is not built by the tests; the bundle is run the
 * way the image runs it in test/integration/gateway/bundle.test.ts.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.join(__dirname, "..", "..", "..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The instructions of the Dockerfile's last stage (what the image runs). */
function finalStage(dockerfile: string): string[] {
  const lines = dockerfile
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  const from = lines.map((l, i) => (/^FROM /i.test(l) ? i : -1)).filter((i) => i >= 0);
  return lines.slice(from[from.length - 1]);
}

describe("the gateway's image (deploy/gateway/Dockerfile)", () => {
  const stage = finalStage(read("deploy/gateway/Dockerfile"));

  it("runs the bundle on Node 26 (the active LTS), as the image's unprivileged user", () => {
    expect(stage[0]).toMatch(/^FROM node:26-[\w.-]+$/);
    const users = stage.filter((l) => /^USER /.test(l));
    expect(users).toEqual(["USER node"]);
    const cmd = stage.find((l) => /^CMD /.test(l));
    expect(cmd).toBe('CMD ["node", "--enable-source-maps", "gateway.cjs"]');
  });

  it("carries only the bundle from the build stage: no node_modules, no tsx, no npm run", () => {
    const copies = stage.filter((l) => /^(COPY|ADD) /.test(l));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(/--from=build /);
    expect(copies[0]).toMatch(
      /\/src\/dist-gateway\/gateway\.cjs \/src\/dist-gateway\/gateway\.cjs\.map \.\/$/
    );
    expect(stage.join("\n")).not.toMatch(/tsx|node_modules|npm (ci|install|run)/);
  });

  it("listens on every interface of the container, on the port it exposes", () => {
    expect(stage.join("\n")).toMatch(/GATEWAY_HOST=0\.0\.0\.0/);
    expect(stage).toContain("EXPOSE 3002");
  });
});

describe("the gateway's systemd unit (deploy/gateway/billing-gateway.service)", () => {
  const unit = read("deploy/gateway/billing-gateway.service");

  it("runs the bundle with plain node as its own user, never root, never tsx", () => {
    expect(unit).toMatch(/^User=billing-gateway$/m);
    expect(unit).not.toMatch(/^User=root$/m);
    expect(unit).toMatch(
      /^ExecStart=\/usr\/bin\/node --enable-source-maps \/opt\/billing-gateway\/gateway\.cjs$/m
    );
    expect(unit).not.toMatch(/tsx|WorkingDirectory=.*billing-for-excel/);
    expect(unit).toMatch(/^NoNewPrivileges=true$/m);
  });

  it("is shown in docs/it/deploy.md as it is in the repository", () => {
    const body = unit.slice(unit.indexOf("[Unit]")).trim();
    expect(read("docs/it/deploy.md")).toContain(body);
  });
});
