/**
 * Loads taskpane.css. The build has no CSS loader, so the file is emitted as an asset (webpack 5's
 * `new URL(…, import.meta.url)`) and linked here; the body stays hidden until it is in.
 */

/** Links the stylesheet and shows the page once it is loaded (or failed: unstyled beats blank). */
export function loadStyles(doc: Document = document): void {
  const link = doc.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./taskpane.css", import.meta.url).href;
  const reveal = () => doc.body.classList.remove("loading");
  link.addEventListener("load", reveal);
  link.addEventListener("error", reveal);
  doc.head.appendChild(link);
}
