/**
 * The functions' help page: docs/controllers/functions.md rendered to `help/functions.html`,
 * served with the add-in, so that each function's `helpUrl` ("Help on this function" in Excel's
 * formula bar) opens its section. Headings get GitHub's anchors (`## Cost functions` →
 * `#cost-functions`), the same a reader of the repository's docs sees. The JSDoc `@helpurl` of each
 * function names the development address (https://localhost:3000/); the build writes the
 * deployment's (ADDIN_URL) into functions.json, as it does into the manifest.
 */
const { Marked } = require("marked");

/** The page's path under the add-in's address. */
const HELP_PAGE = "help/functions.html";

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every heading anchor of a markdown text. */
function anchorsOf(markdown) {
  return [...markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) =>
    headingAnchor(m[1].replace(/`/g, ""))
  );
}

/** The help page: docs/controllers/functions.md as one HTML page with anchored headings. */
function renderHelpPage(markdown) {
  const marked = new Marked({
    renderer: {
      heading({ tokens, depth, text }) {
        const id = headingAnchor(text.replace(/`/g, ""));
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  const body = marked.parse(markdown);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Billing for Excel: functions</title>
<style>
body { font-family: "Segoe UI", system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; }
table { border-collapse: collapse; } th, td { border: 1px solid #c8c6c4; padding: 2px 6px; vertical-align: top; }
code { background: #f3f2f1; padding: 0 2px; } img { max-width: 100%; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * Emits the help page and writes the deployment's address (`url`) for the development one
 * (`devUrl`) into functions.json's help links, as the manifest's addresses are rewritten.
 */
class HelpPagePlugin {
  constructor({ markdownFile, url, devUrl }) {
    this.markdownFile = markdownFile;
    this.url = url;
    this.devUrl = devUrl;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("HelpPagePlugin", (compilation) => {
      compilation.fileDependencies.add(this.markdownFile);
      compilation.hooks.processAssets.tap(
        { name: "HelpPagePlugin", stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const markdown = require("fs").readFileSync(this.markdownFile, "utf8");
          compilation.emitAsset(HELP_PAGE, new sources.RawSource(renderHelpPage(markdown)));
          const json = compilation.getAsset("functions.json");
          if (json && this.url !== this.devUrl) {
            const text = json.source.source().toString().split(this.devUrl).join(this.url);
            compilation.updateAsset("functions.json", new sources.RawSource(text));
          }
        }
      );
    });
  }
}

module.exports = { HELP_PAGE, HelpPagePlugin, anchorsOf, headingAnchor, renderHelpPage };
