/**
 * The run's slot pool (engine/slot-pool.ts): priorities, and a task that holds the starts — while
 * it runs no `start` task gets a slot, every other priority goes on, and the starts waiting get
 * the free slots as soon as it ends. Order is fixed by the pool alone (deferred tasks that the test
 * settles itself), never by timing.
 */
import { SlotPool } from "../../../src/invoices/engine/slot-pool";
import type { SlotPriority } from "../../../src/invoices/engine/slot-pool";

/** A task the test ends itself; `started` says whether the pool has given it a slot. */
function deferred() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  const state = { started: false, end: () => end() };
  const task = async () => {
    state.started = true;
    await done;
  };
  return { state, task };
}

/** Lets every promise continuation that is ready run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("SlotPool", () => {
  it("serves the highest priority first when a slot frees", async () => {
    const pool = new SlotPool(1);
    const first = deferred();
    const running = pool.run("start", first.task);
    const order: SlotPriority[] = [];
    const waiting = (["sweep", "poll", "start", "continue", "probe"] as SlotPriority[]).map((p) =>
      pool.run(p, async () => void order.push(p))
    );
    first.state.end();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual(["probe", "start", "continue", "poll", "sweep"]);
  });

  it("gives no start a slot while a task holds the starts, but every other priority, and frees the starts after it", async () => {
    const pool = new SlotPool(3);
    const search = deferred();
    const held = pool.runHoldingStarts("probe", search.task);
    await settle();
    expect(search.state.started).toBe(true);
    // Two slots are free, yet a create waits; a read does not.
    const create = deferred();
    const creating = pool.run("start", create.task);
    const read = deferred();
    const reading = pool.run("poll", read.task);
    await settle();
    expect(create.state.started).toBe(false);
    expect(read.state.started).toBe(true);
    // The search ends: the create gets the slot that stood free.
    search.state.end();
    await held;
    await settle();
    expect(create.state.started).toBe(true);
    read.state.end();
    create.state.end();
    await Promise.all([reading, creating]);
    // Every slot is free again: three creates start at once.
    const three = [deferred(), deferred(), deferred()];
    const runs = three.map((d) => pool.run("start", d.task));
    await settle();
    expect(three.every((d) => d.state.started)).toBe(true);
    three.forEach((d) => d.state.end());
    await Promise.all(runs);
  });

  it("hands the holder's own slot on when it ends, starts included, and holds the starts until the last holder ends", async () => {
    const pool = new SlotPool(2);
    const a = deferred();
    const b = deferred();
    const heldA = pool.runHoldingStarts("probe", a.task);
    const heldB = pool.runHoldingStarts("probe", b.task);
    const creates = [deferred(), deferred()];
    const runs = creates.map((d) => pool.run("start", d.task));
    await settle();
    expect(creates.some((d) => d.state.started)).toBe(false);
    a.state.end();
    await heldA;
    await settle();
    // One holder is left: its slot stays with it, the freed one is not a create's.
    expect(creates.some((d) => d.state.started)).toBe(false);
    b.state.end();
    await heldB;
    await settle();
    expect(creates.every((d) => d.state.started)).toBe(true);
    creates.forEach((d) => d.state.end());
    await Promise.all(runs);
  });

  it("begins a task that holds the starts only once the starts in flight have ended and been answered", async () => {
    const pool = new SlotPool(3);
    const order: string[] = [];
    let answer!: () => void;
    const create = pool
      .run("start", () => new Promise<void>((resolve) => (answer = resolve)))
      .then(() => order.push("create answered"));
    const search = pool.runHoldingStarts("probe", async () => {
      order.push("search sent");
    });
    await settle();
    await settle();
    expect(order).toEqual([]);
    answer();
    await Promise.all([create, search]);
    expect(order).toEqual(["create answered", "search sent"]);
  });
});
