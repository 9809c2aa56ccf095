/**
 * The project's Markdown as the doc tests read it: the files found on disk (CI tests a copy that
 * is not a git checkout) and GitHub's heading anchors.
 */
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../..");

/** Folders that hold no project files: installs, builds, reports, and git's own. */
const SKIP = new Set(["node_modules", "dist", "dist-gateway", "coverage", "test-output", ".git"]);

/** Files below `dir` whose name ends with one of `endings`, relative to the root with `/`. */
export function projectFiles(endings: readonly string[], dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return SKIP.has(entry.name) ? [] : projectFiles(endings, path.join(dir, entry.name));
    if (!entry.isFile() || !endings.some((end) => entry.name.endsWith(end))) return [];
    return [path.relative(ROOT, path.join(dir, entry.name)).split(path.sep).join("/")];
  });
}

/** The project's Markdown files. */
export function markdownFiles(): string[] {
  return projectFiles([".md"]);
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

/** The anchors of a Markdown file (absolute path): its headings' and any `<a name|id>`. */
export function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, "utf8");
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of text.split("\n")) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of text.matchAll(/<a (?:name|id)="([^"]+)"/g)) anchors.add(match[1]);
  return anchors;
}
