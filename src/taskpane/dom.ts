/**
 * The only way the pane puts content on the page: elements built with `createElement`, text set
 * through `textContent`, attributes through `setAttribute`. Nothing is ever parsed as HTML, so a
 * cell or a service message holding `<script>` shows as those characters
 * (docs/developers/rules.md#secrets). Works with any document-like object, so it is unit-tested in
 * Node.
 */

/** The few element members the helpers use. */
export interface ElementLike {
  textContent: string | null;
  setAttribute(name: string, value: string): void;
  appendChild(child: unknown): unknown;
  removeChild(child: unknown): unknown;
  readonly firstChild: unknown;
}

/** The document member the helpers use. */
export interface DocumentLike<E extends ElementLike = ElementLike> {
  createElement(tag: string): E;
}

/** A child: an element or text (text is always text). */
export type Child<E extends ElementLike = ElementLike> =
  E | string | number | null | undefined | false;

/** Attribute values; `false`/`undefined` leave the attribute out, `true` sets it empty. */
export type Attributes = Record<string, string | number | boolean | undefined>;

/** Attributes that would run code or load markup; refused whatever the value. */
const FORBIDDEN_ATTRIBUTE = /^(on|srcdoc$|formaction$)/i;
const URL_ATTRIBUTE = /^(href|src|action|xlink:href)$/i;
const SAFE_URL = /^(https?:|mailto:|#|\/)/i;

/** `value` as display text: strings as they are, numbers and booleans printed, nothing else. */
export function toText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

/** Sets `el`'s content to `value` as plain text (its children are replaced). */
export function setText(el: Pick<ElementLike, "textContent">, value: unknown): void {
  el.textContent = toText(value);
}

/**
 * Removes every child of `el`: in a browser in one operation (a run's list of 5,000 items went one
 * `removeChild` at a time: 370 ms of the pane's main thread); an element of a document-like
 * object without that behaviour loses them one by one.
 */
export function clear(el: ElementLike): void {
  const rendered = el as Partial<Pick<HTMLElement, "style" | "offsetHeight" | "childElementCount">>;
  const many = rendered.style !== undefined && (rendered.childElementCount ?? 0) > MANY_CHILDREN;
  // Items drawn with `content-visibility: auto` (the results list) are each dear to take off the
  // page one by one: emptying 5,000 of them held the main thread 0.9–2.4 s when Send or Credit
  // started. Taken out of the drawing first (display none, then a layout that
  // drops their boxes at once), the same 5,000 went in 16 ms against 300–2,400 ms in a bare
  // Chromium page on the shared machine.
  const display = rendered.style?.display ?? "";
  if (many) {
    rendered.style!.display = "none";
    void rendered.offsetHeight;
  }
  el.textContent = "";
  while (el.firstChild) el.removeChild(el.firstChild);
  if (many) rendered.style!.display = display;
}

/** Children above which {@link clear} takes an element out of the drawing before emptying it. */
const MANY_CHILDREN = 200;

/** Sets `name` on `el`, refusing event handlers and script URLs. */
export function setAttr(el: Pick<ElementLike, "setAttribute">, name: string, value: string): void {
  if (FORBIDDEN_ATTRIBUTE.test(name)) throw new Error(`Refused attribute ${name}`);
  if (URL_ATTRIBUTE.test(name) && !SAFE_URL.test(value.trim()))
    throw new Error(`Refused URL in ${name}`);
  el.setAttribute(name, value);
}

/**
 * Creates `<tag>` with `attrs` and `children`. A single text child is set as `textContent`;
 * among several children each text becomes a `<span>` holding it as `textContent`.
 */
export function h<E extends ElementLike>(
  doc: DocumentLike<E>,
  tag: string,
  attrs: Attributes = {},
  ...children: Child<E>[]
): E {
  const el = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    setAttr(el, name, value === true ? "" : String(value));
  }
  const kids = children.filter(
    (c): c is E | string | number => c !== null && c !== undefined && c !== false
  );
  if (kids.length === 1 && (typeof kids[0] === "string" || typeof kids[0] === "number")) {
    setText(el, kids[0]);
    return el;
  }
  for (const kid of kids) {
    if (typeof kid === "string" || typeof kid === "number") {
      const span = doc.createElement("span");
      setText(span, kid);
      el.appendChild(span);
    } else {
      el.appendChild(kid);
    }
  }
  return el;
}

/** Replaces `el`'s children with `children`. */
export function replaceChildren<E extends ElementLike>(el: ElementLike, ...children: E[]): void {
  clear(el);
  for (const c of children) el.appendChild(c);
}
