/**
 * Bounded memory for request bodies. A body is buffered whole (so that a 401 can be answered by one
 * re-send), so what the gateway holds is bounded by construction:
 *
 * - each operation has its own body limit (gateway/operations.ts; at most 2 MiB, a create);
 * - one user (`oid`) may have at most {@link UPLOADS_PER_USER} requests with a body in the gateway at
 *   once (the add-in sends at most 6 requests at a time), beyond that 429;
 * - all users together reserve at most {@link BODY_BUDGET_BYTES}: each request with a body reserves
 *   its declared length, or its operation's whole limit when it is sent chunked, before a byte is
 *   read; beyond the budget 503 — so slow uploads can never hold more than the budget, whoever sends.
 *
 * All of it is per gateway instance, in memory.
 */

/** Requests with a body one user may have in one gateway instance at once. */
export const UPLOADS_PER_USER = 8;
/** Bytes all bodies buffered in one gateway instance may reserve together. */
export const BODY_BUDGET_BYTES = 64 * 1024 * 1024;

/** What {@link UploadBudget.admit} answers. */
export type Admission = { ok: true; release: () => void } | { ok: false; why: "user" | "budget" };

/** The counters of one gateway instance. */
export class UploadBudget {
  private readonly perUser = new Map<string, number>();
  private reserved = 0;
  private buffered = 0;
  /** Most bytes buffered at once since the start (tests, `/readyz`). */
  bufferedHighWater = 0;
  /** Most bytes reserved at once since the start. */
  reservedHighWater = 0;

  constructor(
    readonly perUserLimit = UPLOADS_PER_USER,
    readonly budgetBytes = BODY_BUDGET_BYTES
  ) {}

  /** Admits one upload of up to `bytes` for `oid`; `release` (idempotent) gives its share back. */
  admit(oid: string, bytes: number): Admission {
    const count = this.perUser.get(oid) ?? 0;
    if (count >= this.perUserLimit) return { ok: false, why: "user" };
    if (this.reserved + bytes > this.budgetBytes) return { ok: false, why: "budget" };
    this.perUser.set(oid, count + 1);
    this.reserved += bytes;
    this.reservedHighWater = Math.max(this.reservedHighWater, this.reserved);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.reserved -= bytes;
        const left = (this.perUser.get(oid) ?? 1) - 1;
        if (left === 0) this.perUser.delete(oid);
        else this.perUser.set(oid, left);
      },
    };
  }

  /** Counts `bytes` read into memory (negative: freed). */
  hold(bytes: number): void {
    this.buffered += bytes;
    this.bufferedHighWater = Math.max(this.bufferedHighWater, this.buffered);
  }

  /** The current figures. */
  snapshot(): { bufferedBytes: number; reservedBytes: number; uploads: number } {
    let uploads = 0;
    for (const n of this.perUser.values()) uploads += n;
    return { bufferedBytes: this.buffered, reservedBytes: this.reserved, uploads };
  }
}
