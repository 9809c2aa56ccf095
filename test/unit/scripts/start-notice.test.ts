/**
 * `npm start`'s word on the preview: printed once the dev server has compiled (below its output),
 * naming the address and a section on sideloading that exists.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { isCompiled, previewNotice } from "../../../scripts/lib/start-notice";

describe("npm start's notice", () => {
  it("waits for webpack's compiled line, with or without warnings", () => {
    expect(isCompiled("webpack 5.112.2 compiled successfully in 31390 ms")).toBe(true);
    expect(isCompiled("webpack 5.112.2 compiled with 2 warnings in 9000 ms")).toBe(true);
    expect(isCompiled("asset taskpane.js 1.2 MiB [emitted]")).toBe(false);
    expect(isCompiled("webpack compiled with 1 error")).toBe(false);
  });

  it("names the preview's address and a sideloading section the docs have", () => {
    const notice = previewNotice("linux", "https://localhost:3000");
    expect(notice).toContain("open https://localhost:3000/preview.html");
    const [, file, section] = /\(([^,]+), "([^"]+)"\)/.exec(notice)!;
    const doc = readFileSync(path.resolve(__dirname, "../../..", file!), "utf8");
    expect(doc).toContain(`## ${section}`);
  });
});
