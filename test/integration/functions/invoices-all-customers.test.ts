/**
 * INVOICES without a customer: every customer's invoices of a period and status, over every page
 * of the service's search, in the per-customer list's columns and order, each with the service's
 * payment state (`paymentDetails.currentPaymentStatus`) where the live documents give one. Checked
 * against the simulator's own store (an independent reading of the same invoices), also when the
 * service fails a page once.
 */
import { FakeErrorCode, excelErrorOf } from "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { createSimulator, DEMO } from "../../../simulator";
import type { Dialect, Simulator } from "../../../simulator";
import { connectFunctions, postData } from "./service-data";

const CUSTOMERS = [DEMO.customers.jansen, DEMO.customers.smit, DEMO.customers.visser];
const PER_CUSTOMER = 30;
/** Pages of 25 (the 90 invoices take 4), approvals and numbers at once. */
const SIMULATOR = { port: 0, pageSize: 25, approvalDelayMs: 0, numberDelayMs: 0 };

describe.each<Dialect>(["live", "interface"])(
  "INVOICES of every customer (%s dialect)",
  (dialect) => {
    let sim: Simulator;
    beforeAll(async () => {
      sim = await createSimulator({ ...SIMULATOR, dialect });
      connectFunctions(sim);
      // Each customer: invoices dated 1..30 March 2026 (Amsterdam midnight); odd days approved.
      for (const customerId of CUSTOMERS) {
        for (let day = 1; day <= PER_CUSTOMER; day += 1) {
          const date = `2026-03-${String(day).padStart(2, "0")}T00:00:00+01:00`;
          const created = await postData(sim, "/api/bill/Invoices", {
            customerId,
            companyBankAccountId: DEMO.bankAccounts.main,
            invoiceDate: date,
            lines: [
              { taxCodeId: DEMO.taxCodes.vat21, description: "M", quantity: 1, unitPrice: day },
            ],
          });
          if (day % 2 === 1) {
            await postData(sim, `/api/bill/Invoices/${created.id}/approve`, { invoiceDate: date });
          }
        }
      }
      sim.store.allInvoices(Date.now() + 1);
    }, 120_000);
    afterAll(async () => {
      configureConnection();
      await sim.close();
    });

    it("lists every approved invoice of the period over every page, oldest first, as the store holds them", async () => {
      sim.log.clear();
      const table = await F.invoicesFunction("", "2026-03-01", "2026-03-15", "approved");
      expect(table[0].join(" ")).toBe(
        "invoiceId invoiceNum invoiceDate status totalExclVAT totalInclVAT sent creditNoteNum creditsInvoiceNum customerId paymentState"
      );
      const rows = table.slice(1);
      const expected = sim.store
        .allInvoices()
        .filter((i) => i.status === "approved" && CUSTOMERS.includes(i.customerId))
        .filter((i) => Date.parse(i.invoiceDate!) < Date.parse("2026-03-16T00:00:00+01:00"));
      expect(rows).toHaveLength(expected.length); // 8 odd days × 3 customers
      expect(rows).toHaveLength(24);
      expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(expected.map((i) => i.id)));
      const dates = rows.map((r) => r[2] as number);
      expect(dates).toEqual([...dates].sort((a, b) => a - b));
      expect(new Set(rows.map((r) => r[9]))).toEqual(new Set(CUSTOMERS));
      // The payment state where the documents give one (the live dialect's paymentDetails).
      expect(new Set(rows.map((r) => r[10]))).toEqual(
        new Set([dialect === "live" ? "waitingforpayment" : ""])
      );
      if (dialect === "live") {
        expect(sim.log.count("POST", /invoices\/filter/i)).toBeGreaterThanOrEqual(1);
        expect(sim.log.count("POST", /customers\/filter/i)).toBe(0);
      }
    });

    // The live service's paging and its gateway's 429 (the interface dialect answers in one page).
    const liveOnly = dialect === "live" ? it : it.skip;
    liveOnly(
      "gives the same list when the service refuses pages (429) and they are asked again",
      async () => {
        const clean = await F.invoicesFunction("", "2026-03-01", "2026-03-31", "created, approved");
        expect(clean).toHaveLength(1 + CUSTOMERS.length * PER_CUSTOMER);
        sim.setFaults({
          rateLimit: {
            maxRequests: 1,
            windowMs: 0,
            by: "count",
            retryAfterSeconds: 1,
            header: "retry-after",
          },
        });
        sim.log.clear();
        const again = await F.invoicesFunction("", "2026-03-01", "2026-03-31", "created, approved");
        const refused = sim.log.entries().filter((e) => e.status === 429).length;
        sim.setFaults({ rateLimit: null });
        expect(refused).toBeGreaterThan(0);
        expect(again).toEqual(clean);
      }
    );

    it("refuses a call with neither customer, period nor status, sending nothing", async () => {
      sim.log.clear();
      const error = await excelErrorOf(F.invoicesFunction("", "", "", ""));
      expect(error.code).toBe(FakeErrorCode.invalidValue);
      expect(error.message).toMatch(/^Without customerId, give a period \(from, to\) or a status/);
      expect(sim.log.count()).toBe(0);
    });

    it("says so in one row when nothing matches", async () => {
      const none = await F.invoicesFunction("", "2025-01-01", "2025-01-31");
      expect(none[1][0]).toBe("No invoices from 2025-01-01 to 2025-01-31.");
    });
  }
);
