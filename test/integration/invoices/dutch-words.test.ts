/**
 * The engine in Dutch, against the simulator: with the language the pane passes
 * in (`language: "nl"`), Check's summary, each row's problems, the run's progress, headline,
 * details and summary line, and the messages written to the sheet's `message` column are Dutch;
 * the service's own values (ids, statuses, field names) stay as they are.
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { LOG_COLUMNS, actionLogRows } from "../../../src/excel/run-log-rows";
import {
  AFTER_APPROVAL_COLUMNS,
  checkPlanWithService,
  planInvoiceActions,
  planInvoices,
  prepareInvoiceActions,
  runInvoiceActions,
  startRun,
} from "../../../src/invoices";
import { loadReasonWords, type Language } from "../../../src/i18n";
import type { ActionRequest, ActionSummary, RunProgress } from "../../../src/invoices";
import { DIALECTS, MemorySheet, TEST_RUN, TODAY, demoRow, runSheet, start } from "./helpers";
import {
  TEST_ACTIONS,
  approvedSheet,
  creditNotesOf,
  idsOf,
  mulderRow,
  prepare,
  startForActions,
} from "./action-helpers";

const UNKNOWN = "0badc0de-0000-4000-8000-000000000001";

/** The helpers' fast polling, as the engine's seam takes it. */
const { unsafeTestPollIntervalMs, flushIntervalMs, approvalTimeoutMs } = TEST_RUN;
const FAST = { unsafeTestPollIntervalMs, flushIntervalMs, approvalTimeoutMs };

describe.each(DIALECTS)("the engine's words in Dutch (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => {
    // The Dutch reasons (a service error key's words) are a chunk of their own, as in the pane.
    await loadReasonWords("nl");
    ({ sim, client } = await start(dialect));
  });
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

/**
 * The messages of each invoice in a send, credit or discard run, and the Billing log's words, in
 * Dutch: what the sheet holds for the service and for later runs (the `status`
 * and `sent` cells, ids, numbers) stays as it is; the service's own words are put in as they are.
 */
describe.each(DIALECTS)("send, credit and discard runs in Dutch (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await startForActions(dialect)));
  afterAll(() => sim.close());

  /** Plans, prepares and runs `request` on every row as the Dutch pane does. */
  async function runInDutch(sheet: MemorySheet, request: ActionRequest): Promise<ActionSummary> {
    const language = "nl";
    const plan = planInvoiceActions(sheet.snapshot(), request, { language });
    const preparation = await prepareInvoiceActions(client, plan, { language });
    return await runInvoiceActions(client, preparation, {
      ...TEST_ACTIONS,
      language,
      onRowUpdates: sheet.apply,
    });
  }

  /** The run's Billing log rows by invoice id: column name → value (without Excel's apostrophe). */
  function logOf(run: ActionSummary, language?: Language): Map<string, Record<string, unknown>> {
    const rows = actionLogRows({
      when: run.startedAt,
      runId: run.runId,
      action: run.action,
      ...(run.channel !== undefined ? { channel: run.channel } : {}),
      workbookName: "Facturen",
      sheetName: "Blad1",
      results: run.results,
      ...(language !== undefined ? { language } : {}),
    });
    const byId = new Map<string, Record<string, unknown>>();
    for (const row of rows) {
      const named = Object.fromEntries(
        LOG_COLUMNS.map((c, i) => [
          c,
          typeof row[i] === "string" ? String(row[i]).replace(/^'/, "") : row[i],
        ])
      );
      byId.set(String(named.invoiceId), named);
    }
    return byId;
  }

  it("sends by post: each row says it in Dutch, a refusal of the service is wrapped in Dutch, the log's changes are Dutch", async () => {
    const sheet = await approvedSheet(client, 2, "per post", [
      mulderRow({ description: "per post zonder adres" }),
    ]);
    const [a, b, mulder] = idsOf(sheet);
    const run = await runInDutch(sheet, { action: "send", channel: "post" });
    expect(run.counts).toMatchObject({ done: 2, failed: 1 });
    expect(run.headline).toBe("1 mislukt · 2 verzonden.");
    for (const row of [2, 3]) {
      expect(sheet.cell(row, "message")).toBe("Per post naar de klant verzonden.");
      // The sent cell is read back by the next run: the service's word, in every language.
      expect(sheet.cell(row, "sent")).toBe("sent");
    }
    // The service refused (USER_HAS_NO_POSTAL_ADDRESS): its known key in the add-in's Dutch words.
    const refusal = String(sheet.cell(4, "message"));
    expect(refusal).toBe(
      "De facturatiedienst weigerde het verzenden per post: de klant heeft geen postadres; verstuur hem per e-mail. Er is niets verzonden."
    );
    expect(refusal).not.toMatch(/refused|Nothing was/);
    expect(String(sheet.cell(4, "sent")).startsWith("failed: ")).toBe(true);

    const log = logOf(run, "nl");
    expect([...log.keys()].sort()).toEqual([a, b, mulder].sort());
    for (const id of [a, b])
      expect(log.get(id)).toMatchObject({
        status: "sent",
        change: "verzonden per post",
        message: "Per post naar de klant verzonden.",
        sent: "sent",
      });
    expect(log.get(mulder)).toMatchObject({
      status: "failed",
      change: "mislukt",
      message: refusal,
    });
    // Without a language the log is English, word for word as before.
    expect(logOf(run).get(a)).toMatchObject({ status: "sent", change: "sent by post" });
    expect(logOf(run).get(mulder)).toMatchObject({ change: "failed" });

    // Sent again: nothing is sent twice, and the rows say so in Dutch.
    const again = await runInDutch(sheet, { action: "send", channel: "post" });
    expect(again.headline).toBe("Niets gewijzigd: 1 mislukt · 2 al verzonden.");
    expect(sheet.cell(2, "message")).toBe("Al verzonden: niet opnieuw verzonden.");
  });

  it("credits: the credit note and the reversed total in Dutch; a second credit is refused in Dutch", async () => {
    const sheet = await approvedSheet(client, 1, "crediteren");
    const [id] = idsOf(sheet);
    const run = await runInDutch(sheet, { action: "credit" });
    expect(run.counts.done).toBe(1);
    const [note] = creditNotesOf(sim, id);
    const num = String(sheet.cell(2, "creditNoteNum"));
    expect(num).toBe(note.invoiceNum);
    const total = String(run.results[0].totalInclVAT);
    expect(sheet.cell(2, "message")).toBe(
      `Gecrediteerd met creditnota ${num} (${Number(total).toFixed(2).replace(".", ",")} incl. btw teruggeboekt).`
    );
    expect(sheet.cell(2, "status")).toBe("credited");
    expect(logOf(run, "nl").get(id)).toMatchObject({ status: "credited", change: "gecrediteerd" });
    expect(logOf(run).get(id)).toMatchObject({ change: "credited" });

    const again = await runInDutch(sheet, { action: "credit" });
    expect(again.changed).toBe(0);
    expect(sheet.cell(2, "message")).toBe(
      `Al gecrediteerd met creditnota ${num}: niet opnieuw gecrediteerd.`
    );
    expect(creditNotesOf(sim, id)).toHaveLength(1);
  });

  it("discards a draft in Dutch, and refuses an approved invoice in Dutch from the sheet", async () => {
    const sheet = new MemorySheet([demoRow({ description: "concept" })], AFTER_APPROVAL_COLUMNS);
    const made = await runSheet(client, sheet, { drafts: true });
    expect(made.counts.created).toBe(1);
    const [draft] = idsOf(sheet);
    const run = await runInDutch(sheet, { action: "discard-drafts" });
    expect(run.headline).toBe("1 concept verwijderd.");
    expect(sheet.cell(2, "status")).toBe("discarded");
    expect(sheet.cell(2, "message")).toBe(
      `Concept ${draft} verwijderd: door deze uitvoering uit de facturatiedienst gewist. De rij heeft geen factuur meer; maak de status leeg om haar opnieuw te factureren.`
    );
    expect(logOf(run, "nl").get(draft)).toMatchObject({
      status: "discarded",
      change: "verwijderd",
    });
    expect(logOf(run).get(draft)).toMatchObject({ change: "discarded" });

    const approved = await approvedSheet(client, 1, "goedgekeurd");
    const plan = planInvoiceActions(
      approved.snapshot(),
      { action: "discard-drafts" },
      { language: "nl" }
    );
    expect(plan.refused.map((r) => r.message)).toEqual([
      "Niet verwijderd: de status is approved: een goedgekeurde factuur wordt nooit verwijderd (crediteer haar in plaats daarvan).",
    ]);
  });
});
