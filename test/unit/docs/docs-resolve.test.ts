/**
 * The project reads on its own: no file cites a document outside the repository (DESIGN.md,
 * REAL-SERVICE.md, ../shared); a source comment that cites a doc (`docs/developers/rules.md#…`)
 * names a file and a heading that exist; and each benchmark doc (docs/benchmarks/*.md) stays a
 * reference of at most BENCH_DOC_MAX_LINES lines, its history in docs/benchmarks/history/; and
 * nothing explains itself by an issue's number ("issue 28"): there is no tracker in the repository
 * (the history files keep theirs, as a commit message may).
 * Relative links inside Markdown are checked by test/unit/scripts/doc-links.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { anchorsOf, markdownFiles, projectFiles, ROOT } from "../../support/markdown";

const BENCH_DOC_MAX_LINES = 160;
const SOURCE_ENDINGS = [".ts", ".js", ".mjs", ".css", ".html", ".json", ".yaml", ".yml"];
/** Folders of the project's own source; a citation elsewhere (a fixture, a schema) is data. */
const SOURCE_FOLDERS = [
  "src/",
  "simulator/",
  "gateway/",
  "preview/",
  "bench/",
  "scripts/",
  "idp/",
  "test/",
  "contracts/",
];

/** The tests of these checks, whose planted cases are meant to fail them. */
const CHECKS_WITH_PLANTED_CASES = [
  "test/unit/docs/docs-resolve.test.ts",
  "test/unit/scripts/doc-links.test.ts",
];

/**
 * Problems in files that belong to work merged separately (their owners edit them at the same
 * time): a path prefix and the text its problems contain. Empty this list once those branches are
 * in; the last test fails for an entry that no longer excuses anything.
 */
const KNOWN: ReadonlyArray<readonly [prefix: string, problem: string]> = [];

/** Citations of documents that are not in the repository. */
const OUTSIDE = /DESIGN\.md|REAL-SERVICE\.md|\.\.\/shared\b/g;
/** A doc named by its path from the root, with an anchor or not: `docs/developers/rules.md#x`. */
const DOC_CITATION = /\bdocs\/[\w./-]*?\.md(?:#[\w-]+)?/g;

/** `file:line: cites X` for each citation of a document outside the repository. */
export function outsideCitations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(OUTSIDE)) found.push(`${file}:${i + 1}: cites ${m[0]}`);
  });
  return found;
}

/**
 * `file:line: …` for each doc a source file cites by path that does not exist, or whose anchor
 * is no heading of it. `anchors` answers for a path from the root (undefined: no such file).
 */
export function unresolvedDocCitations(
  file: string,
  text: string,
  anchors: (repoPath: string) => Set<string> | undefined
): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(DOC_CITATION)) {
      const [doc, anchor] = m[0].split("#", 2);
      const known = anchors(doc);
      if (!known) found.push(`${file}:${i + 1}: ${doc}: no such file`);
      else if (anchor && !known.has(anchor))
        found.push(`${file}:${i + 1}: ${m[0]}: no such heading`);
    }
  });
  return found;
}

/** An issue's number given as an explanation: "issue 28", "issues 20 and 21", "Issue 17,". */
const ISSUE_NUMBER = /\bissues? \d+/gi;

/** `file:line: names issue N` for each issue number, except in the benchmarks' history. */
export function issueCitations(file: string, text: string): string[] {
  if (file.startsWith("docs/benchmarks/history/")) return [];
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(ISSUE_NUMBER)) found.push(`${file}:${i + 1}: names ${m[0]}`);
  });
  return found;
}

/** `file: N lines` when a benchmark doc is longer than a reference should be. */
export function tooLong(file: string, text: string): string[] {
  if (!/^docs\/benchmarks\/[^/]+\.md$/.test(file)) return [];
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  return lines > BENCH_DOC_MAX_LINES ? [`${file}: ${lines} lines`] : [];
}

const anchorCache = new Map<string, Set<string> | undefined>();
function anchorsInRepo(repoPath: string): Set<string> | undefined {
  if (!anchorCache.has(repoPath)) {
    const full = path.join(ROOT, repoPath);
    anchorCache.set(repoPath, fs.existsSync(full) ? anchorsOf(full) : undefined);
  }
  return anchorCache.get(repoPath);
}

function problemsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const cited = [...outsideCitations(file, text), ...issueCitations(file, text)];
  if (file.endsWith(".md")) return [...cited, ...tooLong(file, text)];
  return [...cited, ...unresolvedDocCitations(file, text, anchorsInRepo)];
}

const known = (problem: string) =>
  KNOWN.some(([prefix, what]) => problem.startsWith(prefix) && problem.includes(what));

describe("the checks themselves", () => {
  it("find a citation of a document outside the repository", () => {
    const text = "See DESIGN.md.\nAnd ../shared/spec and REAL-SERVICE.md.";
    expect(outsideCitations("a.md", text)).toEqual([
      "a.md:1: cites DESIGN.md",
      "a.md:2: cites ../shared",
      "a.md:2: cites REAL-SERVICE.md",
    ]);
  });

  it("find a cited doc that does not exist, or a heading it does not have", () => {
    const text = [
      "// (docs/developers/rules.md#totals) and docs/developers/rules.md",
      " * docs/developers/rules.md#no-such-part; docs/gone.md#totals",
    ].join("\n");
    const docs: Record<string, Set<string>> = { "docs/developers/rules.md": new Set(["totals"]) };
    expect(unresolvedDocCitations("src/a.ts", text, (p) => docs[p])).toEqual([
      "src/a.ts:2: docs/developers/rules.md#no-such-part: no such heading",
      "src/a.ts:2: docs/gone.md: no such file",
    ]);
  });

  it("find an issue's number given as an explanation, except in the benchmarks' history", () => {
    const text =
      "// the poller (issue 29 item 3)\n * Issue 17, as an attacker; tissue 4 is no issue";
    expect(issueCitations("src/a.ts", text)).toEqual([
      "src/a.ts:1: names issue 29",
      "src/a.ts:2: names Issue 17",
    ]);
    expect(issueCitations("docs/benchmarks/history/x.md", text)).toEqual([]);
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

describe("the repository's docs and source", () => {
  const files = [
    ...markdownFiles(),
    ...projectFiles(SOURCE_ENDINGS).filter((f) => SOURCE_FOLDERS.some((d) => f.startsWith(d))),
  ].filter((f) => !CHECKS_WITH_PLANTED_CASES.includes(f));
  const problems = files.flatMap(problemsOf);

  it("are found", () => {
    expect(files).toEqual(
      expect.arrayContaining(["README.md", "docs/developers/rules.md", "src/api/client.ts"])
    );
  });

  it("cite nothing outside the repository, only docs and headings that exist, and keep benchmark docs short", () => {
    expect(problems.filter((p) => !known(p))).toEqual([]);
  });

  it("have no allow-list entry that no longer excuses anything", () => {
    const stale = KNOWN.filter(
      ([prefix, what]) => !problems.some((p) => p.startsWith(prefix) && p.includes(what))
    );
    expect(stale).toEqual([]);
  });
});
