/**
 * The bulk floor of a Create-and-approve run (every list read counted in pages), shared by
 * bench:invoices (the engine alone) and bench:preview (the whole run through the pane). Each invoice
 * needs its own create; its approve can ride in a bulk request (≤ b ids) sent after its create; its
 * number must then be read.
 * - chain: the last create is answered no earlier than ⌈N ÷ c⌉ × L; a bulk request naming it
 *   takes L more, its number appears D later, and one read of L sees it: ⌈N ÷ c⌉ × L + L + D + L.
 * - throughput: every request holds a slot for L, so (requests) × L ÷ c, counting only what no
 *   engine can avoid: N creates, ⌈N ÷ b⌉ bulk approves, and ⌈N ÷ p⌉ reads of the numbers. A
 *   number is in no create or approve answer (it appears D after the approve), so it must be read;
 *   every list the service answers (the read by ids, `Invoices/filter`, and any search) comes in
 *   pages of p items, each page one request (the continuationToken header,
 *   docs/developers/live-service.md#lists), and `GET /Invoices/{id}` answers one: no engine learns
 *   N numbers in fewer than ⌈N ÷ p⌉ requests. p is the simulator's page size (4, its default;
 *   the vendor's OpenAPI names no page size). A read of 50 ids is not one request: the simulator
 *   answers it in 13, so 500 ids are 125 page requests, not 10. The reference search,
 *   polls that find no number yet and the probes are left out: the bound stays below any engine.
 * The search for a browser's duplicate is not on the critical path (approvals name exact ids).
 */

/** The service and client the floor is computed for. */
export interface FloorService {
  /** L: the service's latency per request. */
  latencyMs: number;
  /** c: requests in flight at once. */
  concurrency: number;
  /** D = approval + number delays. */
  approvalDelayMs: number;
  numberDelayMs: number;
  /** p: items per page of a list. */
  pageSize: number;
  /** b: most ids in one bulk request. */
  bulkChunkSize: number;
}

/** The requests no engine can avoid (see the module comment): creates, bulk approves, pages of numbers. */
export function floorRequests(invoices: number, s: FloorService): number {
  return invoices + Math.ceil(invoices / s.bulkChunkSize) + Math.ceil(invoices / s.pageSize);
}

/** The floor for `invoices` on `s`: its chain, its throughput bound, and the larger (`floorMs`). */
export function bulkFloor(invoices: number, s: FloorService) {
  const L = s.latencyMs;
  const D = s.approvalDelayMs + s.numberDelayMs;
  const lastCreateMs = Math.ceil(invoices / s.concurrency) * L;
  const chainMs = lastCreateMs + L + D + L;
  const requests = floorRequests(invoices, s);
  const throughputMs = (requests * L) / s.concurrency;
  return {
    lastCreateMs,
    chainMs,
    throughputMs,
    requests,
    floorMs: Math.max(chainMs, throughputMs),
  };
}
