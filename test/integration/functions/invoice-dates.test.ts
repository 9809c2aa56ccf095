/**
 * INVOICES' dates are days in the company's time zone (the `timeZone` setting), against the
 * simulator over HTTP: an invoice dated midnight of 1 March in Amsterdam (28 February in UTC) is a
 * March invoice there and shows as 1 March; the last second of 31 March (summer time) is in March,
 * the next one is not; a draft without an invoice date is in no date-bounded list (the interface
 * dialect leaves a draft's date out; the live one gives its creation, which then is its date).
 */
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { createSimulator, DEMO } from "../../../simulator";
import type { Dialect, Simulator } from "../../../simulator";
import { connectFunctions, postData } from "./service-data";

const CUSTOMER = DEMO.customers.visser;
/** Excel date serials: 1 January 2026 is 46023. */
const SERIAL = { feb28: 46081, mar1: 46082, mar31: 46112, apr1: 46113 };

const DATED = {
  marchFirstAms: "2026-03-01T00:00:00+01:00", // 2026-02-28T23:00:00Z
  lastOfFebAms: "2026-02-28T22:59:59Z", // 28 February 23:59:59 in Amsterdam
  lastOfMarchAms: "2026-03-31T21:59:59Z", // 31 March 23:59:59 CEST
  firstOfAprilAms: "2026-03-31T22:00:00Z", // 1 April 00:00 CEST
};

function body(ref: string, invoiceDate?: string): Record<string, unknown> {
  return {
    customerId: CUSTOMER,
    companyBankAccountId: DEMO.bankAccounts.main,
    externalReference: ref,
    ...(invoiceDate === undefined ? {} : { invoiceDate }),
    lines: [{ taxCodeId: DEMO.taxCodes.vat21, description: ref, quantity: 1, unitPrice: 10 }],
  };
}

describe.each<Dialect>(["live", "interface"])(
  "INVOICES in the company's time zone (%s dialect)",
  (dialect) => {
    let sim: Simulator;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      sim = await createSimulator({ port: 0, dialect, approvalDelayMs: 0, numberDelayMs: 0 });
      useZone("Europe/Amsterdam");
      for (const [name, date] of Object.entries(DATED)) {
        ids[name] = (await postData(sim, "/api/bill/Invoices", body(`TZ-${name}`, date))).id;
      }
      ids.draft = (await postData(sim, "/api/bill/Invoices", body("TZ-draft"))).id;
      // The draft was created in mid-March: the service's own bounds (its creation) keep it.
      sim.store.invoice(ids.draft)!.createdAt = Date.parse("2026-03-15T12:00:00Z");
    });
    afterAll(async () => {
      configureConnection();
      await sim.close();
    });

    const useZone = (timeZone: string) => connectFunctions(sim, timeZone);

    it("lists March in Amsterdam: from midnight of 1 March (+01:00) to the end of 31 March (+02:00)", async () => {
      useZone("Europe/Amsterdam");
      sim.log.clear();
      const table = await F.invoicesFunction(CUSTOMER, "2026-03-01", "2026-03-31");
      // The live service dates the draft by its creation (15 March): then it is a March invoice.
      const draft = dialect === "live" ? [ids.draft] : [];
      const rows = table.slice(1).filter((r) => !draft.includes(r[0] as string));
      expect(rows.map((r) => r[0])).toEqual([ids.marchFirstAms, ids.lastOfMarchAms]);
      expect(rows.map((r) => r[2])).toEqual([SERIAL.mar1, SERIAL.mar31]);
      expect(table.length).toBe(3 + draft.length);
    });

    it("shows each invoice's day in the zone, and keeps the draft out of any date-bounded list", async () => {
      useZone("Europe/Amsterdam");
      const all = (await F.invoicesFunction(CUSTOMER)).slice(1);
      const dayOf = (id: string) => all.find((r) => r[0] === id)![2];
      expect(dayOf(ids.marchFirstAms)).toBe(SERIAL.mar1);
      expect(dayOf(ids.lastOfFebAms)).toBe(SERIAL.feb28);
      expect(dayOf(ids.firstOfAprilAms)).toBe(SERIAL.apr1);
      // Without bounds the draft is listed; with one bound it is not when it has no date.
      expect(all.map((r) => r[0])).toContain(ids.draft);
      if (dialect === "live") return; // the live service dates a draft by its creation
      expect(dayOf(ids.draft)).toBe("");
      const fromMarch = (await F.invoicesFunction(CUSTOMER, "2026-03-01")).slice(1);
      expect(fromMarch.map((r) => r[0])).not.toContain(ids.draft);
      const toApril = (await F.invoicesFunction(CUSTOMER, "", "2026-04-30")).slice(1);
      expect(toApril.map((r) => r[0])).not.toContain(ids.draft);
    });

    it("puts the same instants on other days in UTC", async () => {
      useZone("UTC");
      const rows = (await F.invoicesFunction(CUSTOMER, "2026-03-01", "2026-03-31"))
        .slice(1)
        .filter((r) => r[0] !== ids.draft);
      expect(rows.map((r) => r[0])).toEqual([ids.lastOfMarchAms, ids.firstOfAprilAms]);
      const all = (await F.invoicesFunction(CUSTOMER)).slice(1);
      expect(all.find((r) => r[0] === ids.marchFirstAms)![2]).toBe(SERIAL.feb28);
    });
  }
);
