/**
 * What `npm start` says about the preview (scripts/start.ts): printed once the dev server has
 * compiled, so the address comes below the build's output, where it is seen.
 */

/** True when webpack's dev server output says the bundles are ready. */
export function isCompiled(output: string): boolean {
  return /compiled (successfully|with \d+ warnings?)/i.test(output);
}

/** Where the preview is, and where sideloading into real Excel is told. */
export function previewNotice(platform: string, devServerUrl: string): string {
  return [
    "",
    platform === "linux"
      ? "Excel cannot be sideloaded on Linux, so this runs the preview (a development tool, not Excel):"
      : "Preview mode (a development tool, not Excel):",
    `  open ${devServerUrl}/preview.html`,
    "  (accept the development certificate once, or trust ~/.office-addin-dev-certs/ca.crt).",
    'To use real Excel: sideload manifest.xml (docs/it/README.md, "Sideload the add-in into Excel").',
    "",
  ].join("\n");
}
