/**
 * The invoice preview's documents through the one request core. The core (client.ts) speaks JSON;
 * `POST /Invoices/{id}/preview` answers HTML and `/previewpdf` a PDF. This fetch wrapper sits below
 * the core, so that a preview goes through the same limiter, retry policy, time-out, credentials and
 * error mapping as every other call: for those two paths only it asks for the document's type and
 * hands a successful answer up as a small JSON object (`{ billingDocument: { contentType, text |
 * base64 } }`). Failures and JSON answers pass unchanged.
 */

/** The key of the JSON object a document answer is turned into. */
export const DOCUMENT_KEY = "billingDocument";

/** The document an answer carried. */
export interface DocumentBody {
  contentType: string;
  /** The HTML (or other text), for a text answer. */
  text?: string;
  /** The bytes, base64, for a binary answer. */
  base64?: string;
}

const PREVIEW_PATH = /\/invoices\/[^/]+\/(preview|previewpdf)$/i;

/** Bytes as base64, in chunks (a spread of a large array would overflow the call stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** base64 as bytes. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Wraps `base` (default: the global fetch) so that preview documents reach the core as JSON. */
export function documentFetch(base?: typeof fetch): typeof fetch {
  const inner: typeof fetch = base ?? ((input, init) => globalThis.fetch(input, init));
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    // Every call passes here: no Request is built for the JSON ones (CPU per call).
    const m = /preview/i.test(url) ? PREVIEW_PATH.exec(new URL(url).pathname) : null;
    if (!m) return inner(input, init);
    const request = input instanceof Request ? input : new Request(input, init);
    const pdf = m[1].toLowerCase() === "previewpdf";
    const headers = new Headers(request.headers);
    headers.set(
      "accept",
      pdf ? "application/pdf, application/json;q=0.5" : "text/html, application/json;q=0.5"
    );
    const response = await inner(new Request(request, { headers }));
    const contentType = (response.headers.get("content-type") ?? "").toLowerCase();
    if (!response.ok || /[/+]json\b/.test(contentType)) return response;
    const body: DocumentBody = { contentType: contentType.split(";")[0].trim() };
    if (pdf || !contentType.startsWith("text/")) {
      body.base64 = toBase64(new Uint8Array(await response.arrayBuffer()));
    } else {
      body.text = await response.text();
    }
    const out = new Headers(response.headers);
    out.set("content-type", "application/json");
    out.delete("content-length");
    out.delete("content-encoding");
    return new Response(JSON.stringify({ [DOCUMENT_KEY]: body }), {
      status: response.status,
      statusText: response.statusText,
      headers: out,
    });
  };
}
