/**
 * Lookups: switching the kind clears the search text and the old results; service locations are
 * found by customer name; contracts show their customer's name.
 */
import { DEMO, addressLine, customerDisplayName } from "../../simulator";
import { previewSuite } from "./support/preview-page";

describe("the Lookups tab", () => {
  const suite = previewSuite();

  beforeAll(async () => {
    // On a busy machine the tab's click can land before the tab list is ready: click until the
    // Lookups panel shows (no time is asserted; each wait is generous).
    for (let attempt = 1; ; attempt++) {
      await suite.preview.pane.locator("#tab-lookups").click();
      try {
        await suite.preview.pane
          .locator("#panel-lookups")
          .waitFor({ state: "visible", timeout: 15_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  });

  const customer = (id: string) =>
    suite.env.simulator.store.dataset.customers.find((c) => c.id === id)!;

  /** Picks `label` in the kind drop-down (a native select: its change event, as a person's pick). */
  async function pickKind(label: string): Promise<void> {
    await suite.preview.pane.locator("#lookup-kind").selectOption({ label });
  }

  it("clears the search text and the results when the kind changes", async () => {
    const { pane } = suite.preview;
    await pane.locator("#lookup-query input").fill("Jansen");
    await pane.locator("#lookup-search").click();
    await pane.locator('[data-testid="lookup-result-0"]').waitFor();
    await pickKind("Service locations");
    await expect(pane.locator("#lookup-query input").inputValue()).resolves.toBe("");
    await expect(pane.locator("#lookup-results li").count()).resolves.toBe(0);
    await expect(pane.locator("#lookup-query-label").textContent()).resolves.toBe(
      "Customer name, number or id"
    );
  });

  it("finds service locations by customer name, naming the customer", async () => {
    const { pane } = suite.preview;
    const jansen = customer(DEMO.customers.jansen);
    const jansenName = customerDisplayName(jansen);
    await pane.locator("#lookup-query input").fill(jansenName.split(" ")[0]);
    await pane.locator("#lookup-query input").press("Enter");
    await pane.locator('[data-testid="lookup-result-0"]').waitFor();
    const expected = suite.env.simulator.store.dataset.serviceLocations.filter(
      (s) => s.customerId === jansen.id
    );
    // The vendor's service location has no name: it is shown by its display address.
    const names = await pane.locator("#lookup-results .result-name").allTextContents();
    expect(names).toEqual(expected.map((s) => addressLine(s.address)));
    const details = await pane
      .locator("#lookup-results .result-detail:not([role=status])")
      .allTextContents();
    expect(details).toEqual(expected.map(() => `customer ${jansenName}`));
  });

  it("finds service locations by customer number", async () => {
    const { pane } = suite.preview;
    const jansen = customer(DEMO.customers.jansen);
    await pane.locator("#lookup-query input").fill(jansen.accountNumber);
    await pane.locator("#lookup-search").click();
    await pane.locator("#lookup-status", { hasText: "found" }).waitFor();
    const ids = await pane.locator("#lookup-results .result-id").allTextContents();
    expect(ids).toEqual(
      suite.env.simulator.store.dataset.serviceLocations
        .filter((s) => s.customerId === jansen.id)
        .map((s) => s.id)
    );
  });

  it("shows each contract's customer name", async () => {
    const { pane } = suite.preview;
    await pickKind("Contracts");
    const jansen = customer(DEMO.customers.jansen);
    await pane.locator("#lookup-query input").fill(jansen.id);
    await pane.locator("#lookup-search").click();
    await pane.locator('[data-testid="lookup-result-0"]').waitFor();
    const details = await pane
      .locator("#lookup-results .result-detail:not([role=status])")
      .allTextContents();
    const contracts = suite.env.simulator.store.dataset.contracts.filter(
      (c) => c.customerId === jansen.id
    );
    expect(details).toEqual(contracts.map(() => `customer ${customerDisplayName(jansen)}`));
  });
});
