/**
 * What the Office host offers, asked at the edge (Office globals stay in src/excel, src/functions,
 * src/taskpane and src/commands). Outside Office (the preview, a plain browser tab) there is no
 * `Office.context` and every answer is no.
 */

/**
 * True inside an Office host that supports nested app authentication (requirement set
 * NestedAppAuth 1.1: Excel on the web, Windows, Mac and iPad with a current build). Handed to the
 * sign-in module (`useHostNestedAppAuth`), which decides between Office's account and a popup.
 */
export function isNestedAppAuthSupported(): boolean {
  try {
    return (
      typeof Office !== "undefined" &&
      Office.context?.requirements?.isSetSupported("NestedAppAuth", "1.1") === true
    );
  } catch {
    // office.js not initialised (a plain page): no host, no bridge.
    return false;
  }
}

/**
 * True when the host has ExcelApi `version` (above the manifest's 1.9, every use is guarded by this).
 * Outside Office (no `Office.context`) the answer is no.
 */
export function isExcelApiSupported(version: string): boolean {
  try {
    return (
      typeof Office !== "undefined" &&
      Office.context?.requirements?.isSetSupported("ExcelApi", version) === true
    );
  } catch {
    return false;
  }
}
