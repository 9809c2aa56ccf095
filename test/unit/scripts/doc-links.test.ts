/**
 * Every relative link in the project's Markdown resolves: the file (or folder) exists and, for a
 * `#fragment` into a Markdown file, that file has a heading with that anchor (GitHub's slug rules).
 * The docs are split by reader and moved now and then; a link that breaks fails here, not in a
 * controller's browser.
 */
import fs from "node:fs";
import path from "node:path";
import { anchorsOf, markdownFiles, ROOT, slug } from "../../support/markdown";

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
