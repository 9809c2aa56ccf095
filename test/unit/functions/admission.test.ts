/**
 * Cells admitted in waves (src/functions/admission.ts): the first of a recalculation start at once,
 * the others at later turns in the order they came, and every one of them runs.
 */
import "./helpers/fake-custom-functions";
import { FIRST_WAVE, WAVE_SIZE } from "../../../src/functions/admission";
import { settle } from "../../../src/functions/settle";

describe("settle admits a recalculation's cells in waves", () => {
  it("starts the first cells at once and the rest later, in order, all of them", async () => {
    const started: number[] = [];
    const cells = 3 * WAVE_SIZE + FIRST_WAVE + 5;
    const results = Array.from({ length: cells }, (_, i) =>
      settle(async () => {
        started.push(i);
        return i;
      })
    );
    // Before the event loop turns: exactly the first wave has begun its work.
    expect(started).toEqual(Array.from({ length: FIRST_WAVE }, (_, i) => i));
    expect(await Promise.all(results)).toEqual(Array.from({ length: cells }, (_, i) => i));
    expect(started).toEqual(Array.from({ length: cells }, (_, i) => i));
  });

  it("lets a lone cell start at once", async () => {
    let began = false;
    const result = settle(async () => {
      began = true;
      return 1;
    });
    expect(began).toBe(true);
    expect(await result).toBe(1);
  });
});
