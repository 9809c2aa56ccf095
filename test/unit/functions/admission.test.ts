/**
 * Cells admitted in waves (src/functions/admission.ts): the first of a recalculation start at once,
 * the others at later turns in the order they came, and every one of them runs.
 */
import "./helpers/fake-custom-functions";
import { FIRST_WAVE, LOW_WATER, WAVE_SIZE } from "../../../src/functions/admission";
import { configureConnection, getClient } from "../../../src/functions/connection";
import { settle } from "../../../src/functions/settle";
import { stubClient } from "../../support/fake-client";

describe("settle admits a recalculation's cells in waves", () => {
  // The turns of the event loop are the fake timers' turns: the test says when one passes, and
  // each test ends with every turn run, so the next one starts with no cell waiting.
  beforeEach(() => jest.useFakeTimers());
  afterEach(async () => {
    await jest.runAllTimersAsync();
    jest.useRealTimers();
  });

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
    await jest.runAllTimersAsync();
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

  it("admits no more cells while enough requests wait for a connection, and the rest after", async () => {
    let requestsWaiting = LOW_WATER;
    configureConnection({
      loadSettings: async () => ({
        baseUrl: "http://localhost:1",
        headers: {},
        credential: { kind: "none" },
      }),
      createClient: () => stubClient({ requestsWaiting: () => requestsWaiting }),
    });
    try {
      await getClient();
      const started: number[] = [];
      const cells = FIRST_WAVE + WAVE_SIZE + 1;
      const results = Array.from({ length: cells }, (_, i) =>
        settle(async () => {
          started.push(i);
          return i;
        })
      );
      expect(started).toHaveLength(FIRST_WAVE);
      // Many turns of the event loop: the connections still have enough to do.
      await jest.advanceTimersByTimeAsync(100);
      expect(started).toHaveLength(FIRST_WAVE);
      requestsWaiting = LOW_WATER - 1;
      await jest.advanceTimersByTimeAsync(1);
      expect(started).toHaveLength(FIRST_WAVE + WAVE_SIZE);
      await jest.runAllTimersAsync();
      expect(await Promise.all(results)).toEqual(Array.from({ length: cells }, (_, i) => i));
      expect(started).toEqual(Array.from({ length: cells }, (_, i) => i));
    } finally {
      configureConnection();
    }
  });
});
