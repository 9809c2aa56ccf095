import { refreshOutcome } from "../../../src/taskpane/refresh-outcome";

describe("refreshOutcome", () => {
  it("says Refreshed when the recalculation ran and the service answers", () => {
    expect(refreshOutcome({ connection: { ok: true, title: "Connected" } })).toEqual({
      text: "Refreshed: BILLING functions read the service again.",
      error: false,
    });
  });

  it("says why not when the recalculation failed", () => {
    expect(
      refreshOutcome({
        recalculationError: "Excel is busy editing a cell.",
        connection: { ok: true, title: "Connected" },
      })
    ).toEqual({ text: "Not refreshed: Excel is busy editing a cell.", error: true });
  });

  it("does not say Refreshed when the service does not answer", () => {
    expect(
      refreshOutcome({ connection: { ok: false, title: "Nothing answers at that host" } })
    ).toEqual({
      text: "Not refreshed: the service does not answer (Nothing answers at that host). BILLING cells show errors until it does; press Refresh again then.",
      error: true,
    });
  });
});
