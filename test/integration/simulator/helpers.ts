/**
 * Small helpers for the simulator tests: plain fetch against a simulator on an ephemeral port.
 */
import { DEMO, createSimulator } from "../../../simulator";
import type { Simulator, SimulatorOptions } from "../../../simulator";

/** Starts a simulator on port 0. */
export function startSimulator(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  return createSimulator({ port: 0, ...options });
}

/** A parsed answer. */
export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** Sends a request and parses a JSON body when there is one. */
export async function call(sim: Simulator, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${sim.url}${path}`, init);
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** GET with optional headers. */
export function get(
  sim: Simulator,
  path: string,
  headers: Record<string, string> = {}
): Promise<Answer> {
  return call(sim, path, { headers });
}

/** POST a JSON body. */
export function post(
  sim: Simulator,
  path: string,
  body: unknown,
  headers: Record<string, string> = {}
): Promise<Answer> {
  return call(sim, path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** Follows every page of a live list; returns the results and the number of pages. */
export async function allPages(
  sim: Simulator,
  send: (headers: Record<string, string>) => Promise<Answer>
): Promise<{ results: any[]; pages: number }> {
  const results: any[] = [];
  let token: string | null = null;
  let pages = 0;
  do {
    const a: Answer = await send(token ? { continuationToken: token } : {});
    if (a.status !== 200) throw new Error(`page ${pages + 1} answered ${a.status}`);
    pages += 1;
    results.push(...a.body.data.results);
    token = a.body.data.hasNextPage ? a.body.data.nextPageToken : null;
  } while (token && pages < 100);
  void sim;
  return { results, pages };
}

/** Polls `check` until it returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 5000
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A valid invoice create body for the demo data; `extra` and `line` override fields. */
export function invoiceBody(
  extra: Record<string, unknown> = {},
  line: Record<string, unknown> = {}
) {
  return {
    customerId: DEMO.customers.jansen,
    contractId: DEMO.contracts.heatingGeneric,
    contractNumber: "C-1001",
    companyBankAccountId: DEMO.bankAccounts.main,
    lines: [
      {
        taxCodeId: DEMO.taxCodes.vat21,
        description: "Meter replacement",
        quantity: 1,
        unitPrice: 125.5,
        ...line,
      },
    ],
    ...extra,
  };
}
