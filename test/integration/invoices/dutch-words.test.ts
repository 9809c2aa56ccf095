/**
 * The engine in Dutch (issue 29 item 6), against the simulator: with the language the pane passes
 * in (`language: "nl"`), Check's summary, each row's problems, the run's progress, headline,
 * details and summary line, and the messages written to the sheet's `message` column are Dutch;
 * the service's own values (ids, statuses, field names) stay as they are.
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { checkPlanWithService, planInvoices, startRun } from "../../../src/invoices";
import type { RunProgress } from "../../../src/invoices";
import { DIALECTS, MemorySheet, TEST_RUN, TODAY, demoRow, start } from "./helpers";
import { TEST_ACTIONS, approvedSheet, prepare, startForActions } from "./action-helpers";

const UNKNOWN = "0badc0de-0000-4000-8000-000000000001";

/** The helpers' fast polling, as the engine's seam takes it. */
const { unsafeTestPollIntervalMs, flushIntervalMs, approvalTimeoutMs } = TEST_RUN;
const FAST = { unsafeTestPollIntervalMs, flushIntervalMs, approvalTimeoutMs };

describe.each(DIALECTS)("the engine's words in Dutch (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await start(dialect)));
  afterAll(() => sim.close());

  /** One invoice to make, one with a customer the service does not know, one without tax code. */
  function sheetOfThree(): MemorySheet {
    return new MemorySheet([
      demoRow({ invoiceRef: "A", description: "Meterwissel" }),
      demoRow({ invoiceRef: "B", customerId: UNKNOWN }),
      demoRow({ invoiceRef: "C", taxCodeId: null }),
    ]);
  }

  const letter = (sheet: MemorySheet, column: string) =>
    String.fromCharCode(65 + sheet.headers.indexOf(column));

  it("says Check's summary and each row's problem in Dutch", async () => {
    const sheet = sheetOfThree();
    const snapshot = sheet.snapshot();
    const plan = planInvoices(snapshot, { today: TODAY, language: "nl" });
    const checked = await checkPlanWithService(() => client, snapshot, plan);
    expect(checked.summary).toBe(
      "3 rijen: 1 factuur klaar (1 regel), 2 facturen met problemen (2 rijen; problemen in 2)"
    );
    expect(checked.rowProblems.get(3)).toEqual([
      `customerId ${UNKNOWN} in cel ${letter(sheet, "customerId")}3 is onbekend bij de facturatiedienst (geen debiteur met dit id); kies de debiteur opnieuw (tabblad Opzoeken, of de lijst)`,
    ]);
    expect(checked.rowProblems.get(4)).toEqual([
      `taxCodeId is leeg in cel ${letter(sheet, "taxCodeId")}4; elke regel heeft een btw-code-id nodig`,
    ]);
    // The same sheet without a language is English, as before.
    const english = await checkPlanWithService(() => client, snapshot, {
      ...planInvoices(snapshot, { today: TODAY }),
    });
    expect(english.summary).toBe(
      "3 rows: 1 invoice ready (1 line), 2 invoices with problems (2 rows; problems in 2)"
    );
  });

  it("runs in Dutch: progress, headline, details, summary line and the rows' messages", async () => {
    const sheet = sheetOfThree();
    const snapshot = sheet.snapshot();
    const plan = await checkPlanWithService(
      () => client,
      snapshot,
      planInvoices(snapshot, { today: TODAY, language: "nl" })
    );
    const progress: RunProgress[] = [];
    const summary = await startRun(
      client,
      { action: "create-and-approve", plan },
      {
        ...FAST,
        language: "nl",
        numberColumn: letter(sheet, "invoiceNum"),
        onRowUpdates: sheet.apply,
        onProgress: (p) => progress.push(p),
      }
    ).done;

    expect(summary.headline).toBe(
      `2 facturen niet verzonden (problemen in het blad), 1 goedgekeurd door deze uitvoering (nummers in kolom ${letter(sheet, "invoiceNum")}).`
    );
    expect(summary.details).toEqual([
      "2 facturen niet verzonden wegens problemen in het blad: verbeter de rijen die als ongeldig zijn gemarkeerd.",
      "1 factuur gemaakt door deze uitvoering.",
    ]);
    expect(summary.summary).toMatch(/^1 goedgekeurd, 2 ongeldig in \d+,\d s \(\d+ verzoeken\)$/);
    expect(progress.length).toBeGreaterThan(0);
    const dutchCount = /^\d+ (wachtend|in aanmaak|gemaakt|in goedkeuring|goedgekeurd|ongeldig)$/;
    for (const { text } of progress)
      for (const part of text.split(", ")) expect(part).toMatch(dutchCount);

    // What the sheet's message column now says; the service's number is written as it is.
    expect(String(sheet.cell(2, "status"))).toBe("approved");
    expect(String(sheet.cell(2, "invoiceNum"))).not.toBe("");
    expect(sheet.cell(3, "message")).toBe(
      `Niet verzonden: customerId ${UNKNOWN} in cel ${letter(sheet, "customerId")}3 is onbekend bij de facturatiedienst (geen debiteur met dit id); kies de debiteur opnieuw (tabblad Opzoeken, of de lijst).`
    );
    expect(sheet.cell(4, "message")).toBe(
      `Niet verzonden: taxCodeId is leeg in cel ${letter(sheet, "taxCodeId")}4; elke regel heeft een btw-code-id nodig.`
    );

    // A re-run without Check: the approved invoice is left alone, and the unknown customer is now
    // the service's refusal, wrapped in Dutch around the service's own words.
    const again = await startRun(
      client,
      {
        action: "create-and-approve",
        plan: planInvoices(sheet.snapshot(), { today: TODAY, language: "nl" }),
      },
      { ...FAST, language: "nl", onRowUpdates: sheet.apply }
    ).done;
    expect(again.headline).toBe(
      "1 factuur mislukt, 1 niet verzonden (problemen in het blad), 1 eerder goedgekeurd: ongemoeid gelaten."
    );
    expect(again.details[0]).toBe("1 factuur mislukt: de reden staat op haar rijen.");
    expect(String(sheet.cell(3, "message"))).toMatch(
      /^De facturatiedienst weigerde het maken van de factuur: .+\.$/
    );
  });

  it("says a cancelled run's rows in Dutch", async () => {
    const sheet = new MemorySheet([demoRow({ invoiceRef: "D" })]);
    const controller = new AbortController();
    controller.abort();
    const summary = await startRun(
      client,
      {
        action: "create-and-approve",
        plan: planInvoices(sheet.snapshot(), { today: TODAY, language: "nl" }),
      },
      { ...FAST, language: "nl", signal: controller.signal, onRowUpdates: sheet.apply }
    ).done;
    expect(summary.headline.startsWith("Geannuleerd.")).toBe(true);
    expect(summary.details).toEqual([
      "1 factuur niet begonnen omdat de uitvoering is geannuleerd — voer opnieuw uit om haar te maken.",
    ]);
    expect(sheet.cell(2, "message")).toBe(
      "Er is niets verzonden. De uitvoering is geannuleerd. Voer opnieuw uit om de factuur te maken."
    );
  });
});

describe("a send run in Dutch", () => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await startForActions("live")));
  afterAll(() => sim.close());

  it("says its progress, headline, rows' states and summary line in Dutch", async () => {
    const sheet = await approvedSheet(client, 2, "verzenden");
    const preparation = await prepare(client, sheet, { action: "send", channel: "email" });
    const {
      unsafeTestPollIntervalMs: poll,
      flushIntervalMs: flush,
      settleTimeoutMs,
    } = TEST_ACTIONS;
    const progress: RunProgress[] = [];
    const summary = await startRun(
      client,
      { action: "send", preparation },
      {
        unsafeTestPollIntervalMs: poll,
        flushIntervalMs: flush,
        settleTimeoutMs,
        language: "nl",
        onRowUpdates: sheet.apply,
        onProgress: (p) => progress.push(p),
      }
    ).done;
    expect(summary.headline).toBe("2 verzonden.");
    expect(summary.rows.map((r) => r.state)).toEqual(["verzonden", "verzonden"]);
    expect(summary.summary).toMatch(/^2 verzonden in \d+,\d s \(\d+ verzoeken\)$/);
    for (const { text } of progress)
      for (const part of text.split(", "))
        expect(part).toMatch(/^\d+ (wachtend|in verzending|verzonden|nog onderweg)$/);
    // A second send changes nothing, and says so in Dutch.
    const again = await startRun(
      client,
      {
        action: "send",
        preparation: await prepare(client, sheet, { action: "send", channel: "email" }),
      },
      { unsafeTestPollIntervalMs: poll, flushIntervalMs: flush, language: "nl" }
    ).done;
    expect(again.headline).toBe("Niets gewijzigd: 2 al verzonden.");
  });
});
