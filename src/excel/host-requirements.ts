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
 * `Office.context.requirements.isSetSupported(name, version)`, false where there is no answer
 * (outside Office, office.js not initialised). Ask it with literal arguments right where the newer
 * member is used: the check of the shipped code (test/unit/scripts/office-api-sets.test.ts) reads
 * those calls as the guard.
 */
export function isSetSupported(name: string, version: string): boolean {
  try {
    return (
      typeof Office !== "undefined" &&
      Office.context?.requirements?.isSetSupported(name, version) === true
    );
  } catch {
    return false;
  }
}
