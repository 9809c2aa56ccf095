/**
 * Bounded memory for request bodies. A body is buffered whole (so that a 401 can be answered by one
 * re-send), so what the gateway holds is bounded by construction:
 *
 * - each operation has its own body limit (gateway/operations.ts; at most 2 MiB, a create);
 * - one user (`oid`) may have at most {@link UPLOADS_PER_USER} requests with a body in the gateway at
 *   once (the add-in sends at most 6 requests at a time), beyond that 429;
 * - all users together reserve at most {@link BODY_BUDGET_BYTES}: each request with a body reserves
 *   its declared length, or its operation's whole limit when it is sent chunked, before a byte is
 *   read; beyond the budget 503 — so slow uploads can never hold more than the budget, whoever sends;
 * - one user reserves at most their share, {@link USER_SHARE_BYTES} (`GATEWAY_USER_BODY_SHARE_MB`),
 *   beyond that 429 to that user alone: no user, and no two users, can take the budget from everyone
 *   else (two shares are a quarter of it by default; the configuration refuses a share over a third).
 *
 * All of it is per gateway instance, in memory.
 */

/** Requests with a body one user may have in one gateway instance at once. */
export const UPLOADS_PER_USER = 8;
/** Bytes all bodies buffered in one gateway instance may reserve together. */
export const BODY_BUDGET_BYTES = 64 * 1024 * 1024;
/**
 * Bytes one user's bodies may reserve at once in one instance: two of the largest creates (4 MiB
 * each, gateway/operations.ts) — the add-in declares each body's real length, a few KB for most.
 */
export const USER_SHARE_BYTES = 8 * 1024 * 1024;

/** What {@link UploadBudget.admit} answers. */
export type Admission =
  { ok: true; release: () => void } | { ok: false; why: "user" | "share" | "budget" };

/** The counters of one gateway instance. */
export class UploadBudget {
  private readonly perUser = new Map<string, number>();
  private readonly perUserBytes = new Map<string, number>();
  private reserved = 0;
  private buffered = 0;
  /** Most bytes buffered at once since the start (tests, `/readyz`). */
  bufferedHighWater = 0;
  /** Most bytes reserved at once since the start. */
  reservedHighWater = 0;

  constructor(
    readonly perUserLimit = UPLOADS_PER_USER,
    readonly budgetBytes = BODY_BUDGET_BYTES,
    readonly userShareBytes = USER_SHARE_BYTES
  ) {}

  /** Admits one upload of up to `bytes` for `oid`; `release` (idempotent) gives its share back. */
  admit(oid: string, bytes: number): Admission {
    const count = this.perUser.get(oid) ?? 0;
    if (count >= this.perUserLimit) return { ok: false, why: "user" };
    const userBytes = this.perUserBytes.get(oid) ?? 0;
    if (userBytes + bytes > this.userShareBytes) return { ok: false, why: "share" };
    if (this.reserved + bytes > this.budgetBytes) return { ok: false, why: "budget" };
    this.perUser.set(oid, count + 1);
    this.perUserBytes.set(oid, userBytes + bytes);
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
        if (left === 0) {
          this.perUser.delete(oid);
          this.perUserBytes.delete(oid);
        } else {
          this.perUser.set(oid, left);
          this.perUserBytes.set(oid, (this.perUserBytes.get(oid) ?? bytes) - bytes);
        }
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
