/**
 * Every relative link in the project's Markdown resolves: the file (or folder) exists and, for a
 * `#fragment` into a Markdown file, that file has a heading with that anchor (GitHub's slug rules).
 * The docs are split by reader and moved now and then; a link that breaks fails here, not in a
 * controller's browser.
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

/** Folders that hold no project Markdown: installs, builds, reports, and git's own. */
const SKIP = new Set(["node_modules", "dist", "dist-gateway", "coverage", "test-output", ".git"]);

/**
 * The project's Markdown files, found on disk (CI tests a copy that is not a git checkout), relative
 * to the root with forward slashes.
 */
function markdownFiles(dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return SKIP.has(entry.name) ? [] : markdownFiles(path.join(dir, entry.name));
    if (!entry.isFile() || !entry.name.endsWith(".md")) return [];
    return [path.relative(ROOT, path.join(dir, entry.name)).split(path.sep).join("/")];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of fs.readFileSync(file, "utf8").matchAll(/<a (?:name|id)="([^"]+)"/g))
    anchors.add(match[1]);
  return anchors;
}

interface Link {
  file: string;
  line: number;
  target: string;
}

/** Relative links of a Markdown file, outside code fences and inline code. */
function linksOf(file: string): Link[] {
  const links: Link[] = [];
  let inFence = false;
  fs.readFileSync(path.join(ROOT, file), "utf8")
    .split("\n")
    .forEach((text, index) => {
      if (/^\s*```/.test(text)) inFence = !inFence;
      if (inFence) return;
      const bare = text.replace(/`[^`]*`/g, "");
      for (const match of bare.matchAll(
        /\]\(([^)\s]+)(?:\s+"[^"]*")?\)|<img [^>]*src="([^"]+)"/g
      )) {
        const target = match[1] ?? match[2];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
        links.push({ file, line: index + 1, target });
      }
    });
  return links;
}

function problemOf(link: Link): string | undefined {
  const [pathPart, fragment] = link.target.split("#", 2);
  const from = path.join(ROOT, link.file);
  const target = pathPart ? path.resolve(path.dirname(from), decodeURIComponent(pathPart)) : from;
  if (!target.startsWith(ROOT)) return "points outside the project";
  if (!fs.existsSync(target)) return "no such file";
  if (fragment && target.endsWith(".md") && !anchorsOf(target).has(fragment.toLowerCase())) {
    return `no heading with the anchor #${fragment}`;
  }
  return undefined;
}

describe("links in the project's Markdown", () => {
  const files = markdownFiles();

  it("finds the README and the docs by reader", () => {
    expect(files).toEqual(expect.arrayContaining(["README.md", "docs/README.md"]));
    expect(files.filter((file) => file.startsWith("docs/")).length).toBeGreaterThan(10);
  });

  it("every relative link resolves to a file and, into Markdown, to a heading", () => {
    const broken = files
      .flatMap(linksOf)
      .map((link) => ({ link, problem: problemOf(link) }))
      .filter((entry) => entry.problem)
      .map(({ link, problem }) => `${link.file}:${link.line} ${link.target}: ${problem}`);
    expect(broken).toEqual([]);
  });

  it("tells a broken link and a missing anchor apart from good ones", () => {
    expect(problemOf({ file: "README.md", line: 1, target: "docs/README.md" })).toBeUndefined();
    expect(problemOf({ file: "README.md", line: 1, target: "docs/nowhere.md" })).toBe(
      "no such file"
    );
    expect(
      problemOf({ file: "README.md", line: 1, target: "docs/README.md#no-such-heading" })
    ).toBe("no heading with the anchor #no-such-heading");
    expect(problemOf({ file: "README.md", line: 1, target: "../outside.md" })).toBe(
      "points outside the project"
    );
  });

  it("makes GitHub's anchors", () => {
    expect(slug("6. The gateway on a server")).toBe("6-the-gateway-on-a-server");
    expect(slug("Custom functions (`BILLING.*`)")).toBe("custom-functions-billing");
  });
});
