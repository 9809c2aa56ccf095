/**
 * No browser test reaches the internet: every request to anything but this machine is refused and
 * recorded. One kind is not the add-in's doing and may happen or not, depending on timing: office.js,
 * run outside Office, adds an iframe with its telemetry page (its `telemetryEndPoint`). That request
 * is told apart exactly — a document loaded into a child frame, at the address office.js itself
 * names — so it never fails a test, while every other outside request (the add-in's fetches, pages,
 * scripts, images, or the same address fetched by the add-in) does.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Request } from "playwright-core";

const OFFICE_JS_DIST = path.resolve(__dirname, "../../../node_modules/@microsoft/office-js/dist");

const found = new Map<string, string[]>();

/** Where the installed office.js puts its telemetry page (read from its files, never typed here). */
export function officeTelemetryPages(dist = OFFICE_JS_DIST): string[] {
  const known = found.get(dist);
  if (known) return known;
  const pages = new Set<string>();
  for (const file of readdirSync(dist).filter((f) => f.endsWith(".js"))) {
    const text = readFileSync(path.join(dist, file), "utf8");
    for (const match of text.matchAll(/telemetryEndPoint\s*=\s*"(https:\/\/[^"]+)"/g))
      pages.add(match[1]);
  }
  if (pages.size === 0) throw new Error(`no telemetryEndPoint found in ${dist}: office.js changed`);
  found.set(dist, [...pages]);
  return [...pages];
}

/** One refused request to outside this machine. */
export interface OutsideRequest {
  url: string;
  resourceType: string;
  /** True for office.js's telemetry iframe only. */
  officeTelemetry: boolean;
}

/** Is this office.js's own telemetry iframe (a child frame's document at its telemetryEndPoint)? */
export function isOfficeTelemetry(
  request: { url: string; resourceType: string; inChildFrame: boolean },
  pages = officeTelemetryPages()
): boolean {
  const address = new URL(request.url);
  const page = `${address.origin}${address.pathname}`;
  return request.resourceType === "document" && request.inChildFrame && pages.includes(page);
}

function classify(request: Request, pages: string[]): OutsideRequest {
  const resourceType = request.resourceType();
  let inChildFrame = false;
  try {
    inChildFrame = request.frame().parentFrame() !== null;
  } catch {
    // a service worker's request has no frame: not office.js's iframe
  }
  const url = request.url();
  return {
    url,
    resourceType,
    officeTelemetry: isOfficeTelemetry({ url, resourceType, inChildFrame }, pages),
  };
}

/** What left for outside this machine (all of it refused), split by whose it was. */
export interface OutsideLog {
  all: OutsideRequest[];
  /** Every outside request except office.js's telemetry iframe: must stay empty. */
  addinOwn(): string[];
}

/** Refuses and records every request to anything but 127.0.0.1 / localhost, from now on. */
export async function refuseOutsideRequests(context: BrowserContext): Promise<OutsideLog> {
  const pages = officeTelemetryPages();
  const all: OutsideRequest[] = [];
  await context.route(
    (u) => !["127.0.0.1", "localhost"].includes(u.hostname),
    (route) => {
      all.push(classify(route.request(), pages));
      return route.abort();
    }
  );
  return { all, addinOwn: () => all.filter((r) => !r.officeTelemetry).map((r) => r.url) };
}
