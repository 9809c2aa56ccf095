/**
 * The project reads on its own: no markdown file cites a document outside the repository
 * (DESIGN.md, REAL-SERVICE.md, ../shared), every relative link in a markdown file points at a file
 * that exists, and each benchmark doc (docs/benchmarks/*.md) stays a reference of at most
 * BENCH_DOC_MAX_LINES lines (history goes to docs/benchmarks/history/).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".git", "coverage", "test-results"]);
const BENCH_DOC_MAX_LINES = 160;

/**
 * Files that still fail and belong to work being merged separately (their owners edit them at the
 * same time). Each entry names the problem it excuses; empty this list once those branches are in.
 */
const KNOWN: Record<string, readonly string[]> = {
  // Edited on the gateway's branch.
  "docs/benchmarks/gateway.md": ["lines"],
  // Edited on the functions and preview branch.
  "docs/benchmarks/preview.md": ["lines"],
  "docs/benchmarks/sheet.md": ["lines"],
  "docs/controllers/functions.md": ["cites DESIGN.md"],
};

/** Citations of documents that are not in the repository. */
const OUTSIDE = /DESIGN\.md|REAL-SERVICE\.md|\.\.\/shared\b/g;

/** Every markdown file of the repository, relative to its root, with `/` separators. */
function markdownFiles(dir = ROOT): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...markdownFiles(path.join(dir, entry.name)));
    } else if (entry.name.endsWith(".md")) {
      out.push(path.relative(ROOT, path.join(dir, entry.name)).split(path.sep).join("/"));
    }
  }
  return out.sort();
}

/** The text with fenced code blocks and inline code blanked out (links there are examples). */
function withoutCode(text: string): string {
  return text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, " "))
    .replace(/`[^`\n]*`/g, (code) => " ".repeat(code.length));
}

/** `file:line: text` for each citation of a document outside the repository. */
export function outsideCitations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(OUTSIDE)) found.push(`${file}:${i + 1}: cites ${m[0]}`);
  });
  return found;
}

/** `file:line: target` for each relative link whose file does not exist. */
export function brokenLinks(
  file: string,
  text: string,
  exists: (repoPath: string) => boolean
): string[] {
  const found: string[] = [];
  withoutCode(text)
    .split("\n")
    .forEach((line, i) => {
      for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = m[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
        const bare = decodeURIComponent(target.replace(/[#?].*$/, ""));
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), bare));
        if (resolved.startsWith("..") || !exists(resolved)) {
          found.push(`${file}:${i + 1}: ${target}`);
        }
      }
    });
  return found;
}

/** `file: N lines` when a benchmark doc is longer than a reference should be. */
export function tooLong(file: string, text: string): string[] {
  if (!/^docs\/benchmarks\/[^/]+\.md$/.test(file)) return [];
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  return lines > BENCH_DOC_MAX_LINES ? [`${file}: ${lines} lines`] : [];
}

const existsInRepo = (repoPath: string) => existsSync(path.join(ROOT, repoPath));

function problemsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [
    ...outsideCitations(file, text),
    ...brokenLinks(file, text, existsInRepo),
    ...tooLong(file, text),
  ];
}

describe("the checks themselves", () => {
  it("find a citation of a document outside the repository", () => {
    const text = "See DESIGN.md.\nAnd ../shared/spec and REAL-SERVICE.md.";
    expect(outsideCitations("a.md", text)).toEqual([
      "a.md:1: cites DESIGN.md",
      "a.md:2: cites ../shared",
      "a.md:2: cites REAL-SERVICE.md",
    ]);
  });

  it("find a relative link to a missing file, and leave web links, anchors and code alone", () => {
    const text = [
      "[ok](b.md#part) [missing](c.md) [out](../../x.md)",
      "[web](https://example.com/y.md) [here](#top) `[code](gone.md)`",
      "```",
      "[fenced](gone.md)",
      "```",
      "![image](img/p.png)",
    ].join("\n");
    const present = new Set(["docs/b.md", "docs/img/p.png"]);
    expect(brokenLinks("docs/a.md", text, (p) => present.has(p))).toEqual([
      "docs/a.md:1: c.md",
      "docs/a.md:1: ../../x.md",
    ]);
  });

  it("find a benchmark doc over the limit, and only a benchmark doc", () => {
    const long = "line\n".repeat(BENCH_DOC_MAX_LINES + 1);
    expect(tooLong("docs/benchmarks/x.md", long)).toEqual([
      `docs/benchmarks/x.md: ${BENCH_DOC_MAX_LINES + 1} lines`,
    ]);
    expect(tooLong("docs/benchmarks/x.md", "line\n".repeat(BENCH_DOC_MAX_LINES))).toEqual([]);
    expect(tooLong("docs/benchmarks/history/x.md", long)).toEqual([]);
    expect(tooLong("docs/developers/x.md", long)).toEqual([]);
  });
});

describe("the repository's markdown files", () => {
  const files = markdownFiles();

  it("are found", () => {
    expect(files).toEqual(expect.arrayContaining(["README.md", "docs/developers/rules.md"]));
  });

  it("cite nothing outside the repository, link to files that exist, and keep benchmark docs short", () => {
    const problems = files.flatMap((file) =>
      problemsOf(file).filter((p) => !(KNOWN[file] ?? []).some((known) => p.includes(known)))
    );
    expect(problems).toEqual([]);
  });

  it("have no allow-list entry that is no longer needed", () => {
    const stale = Object.entries(KNOWN).flatMap(([file, known]) => {
      const problems = existsInRepo(file) ? problemsOf(file) : [];
      return known.filter((k) => !problems.some((p) => p.includes(k))).map((k) => `${file}: ${k}`);
    });
    expect(stale).toEqual([]);
  });
});
