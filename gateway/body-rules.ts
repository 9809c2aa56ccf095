/**
 * Which bodies the gateway passes on: only ones it reads exactly as the service does, so that the
 * audit line's `externalReference` is the one the service stores. A lenient service may inflate a
 * gzip body, decode UTF-16, skip a byte-order mark or match `ExternalReference` in any letter case
 * (ASP.NET's default); the gateway refuses what it would read differently instead of guessing.
 */
import type { IncomingHttpHeaders } from "node:http";

/** A body the gateway refuses, with the status and the plain-words reason. */
export interface BodyRefusal {
  status: 400 | 415;
  message: string;
  /** For the log: which rule. */
  detail: string;
}

/** Most whitespace accepted before a JSON body's first character. */
export const MAX_LEADING_WHITESPACE = 1024;

/** JSON, optionally `charset=utf-8` (any letter case, quoted or not), nothing else. */
const JSON_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * The headers of a request with a body: no content coding (gzip, deflate, br…), JSON in UTF-8.
 * Undefined when they are acceptable.
 */
export function checkBodyHeaders(headers: IncomingHttpHeaders): BodyRefusal | undefined {
  const coding = headers["content-encoding"];
  if (coding !== undefined && coding.trim().toLowerCase() !== "identity") {
    return {
      status: 415,
      message: "The gateway accepts only uncompressed request bodies (no Content-Encoding).",
      detail: "content-encoding",
    };
  }
  const type = headers["content-type"];
  if (type === undefined || !JSON_TYPE.test(type.trim())) {
    return {
      status: 415,
      message:
        "The gateway accepts only JSON request bodies in UTF-8 (Content-Type: application/json).",
      detail: "content-type",
    };
  }
  return undefined;
}

const BOM = [0xef, 0xbb, 0xbf];

function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** The bytes of a body: no byte-order mark, no more than {@link MAX_LEADING_WHITESPACE} before the JSON. */
export function checkBodyBytes(body: Buffer): BodyRefusal | undefined {
  if (body.length >= 3 && body[0] === BOM[0] && body[1] === BOM[1] && body[2] === BOM[2]) {
    return {
      status: 400,
      message: "The request body starts with a byte-order mark.",
      detail: "bom",
    };
  }
  let i = 0;
  while (i < body.length && i <= MAX_LEADING_WHITESPACE && isJsonWhitespace(body[i])) i++;
  if (i > MAX_LEADING_WHITESPACE) {
    return {
      status: 400,
      message: `The request body starts with more than ${MAX_LEADING_WHITESPACE} whitespace characters.`,
      detail: "leading-whitespace",
    };
  }
  return undefined;
}

/** Result of {@link readExternalReference}. */
export type ReferenceRead = { ok: true; reference?: string } | { ok: false; refusal: BodyRefusal };

function unreadable(detail: string, message: string): ReferenceRead {
  return { ok: false, refusal: { status: 400, message, detail } };
}

/**
 * A create's `externalReference` as the service reads it: the JSON object's top-level member
 * `externalReference`. A body that is not a JSON object, that names the member in another letter
 * case (a lenient service would read it, a strict one not), or twice (which one would the service
 * take?), or holds something other than text or a number there, is refused.
 */
export function readExternalReference(body: Buffer): ReferenceRead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return unreadable("json", "The request body is not valid JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return unreadable("json", "The request body is not a JSON object.");
  }
  const names = Object.keys(parsed).filter((k) => k.toLowerCase() === "externalreference");
  // ASP.NET matches member names in any letter case, a case-sensitive service does not: only the
  // exact name is read the same way by both.
  if (names.some((k) => k !== "externalReference")) {
    return unreadable(
      "reference-name",
      "The request body must name the reference exactly externalReference."
    );
  }
  // JSON.parse keeps the last of two equal names; a service may keep the first or refuse. A create
  // names it once, so twice anywhere in the text (top level or nested) is refused.
  const written = body.toString("latin1").match(/"externalreference"\s*:/gi)?.length ?? 0;
  if (names.length > 1 || written > 1) {
    return unreadable(
      "reference-twice",
      "The request body names externalReference more than once."
    );
  }
  if (names.length === 0) return { ok: true };
  const value = (parsed as Record<string, unknown>)[names[0]];
  if (value === null) return { ok: true };
  // The service stores the reference trimmed (an all-blank one as none): logged the same.
  if (typeof value === "string") {
    const stored = value.trim();
    return stored === "" ? { ok: true } : { ok: true, reference: stored };
  }
  if (typeof value === "number") return { ok: true, reference: String(value) };
  return unreadable("reference-type", "The request body's externalReference is not text.");
}
