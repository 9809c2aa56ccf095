/**
 * The analysis functions (INVOICES, INVOICESTATUS, TARIFFHISTORY, …) against the simulator, in both dialects: INVOICES on a large
 * customer (hundreds of invoices over several pages, live), TARIFFHISTORY by the cost rules,
 * CONTRACT as a card (new Excel) and as text (older Excel), and their errors.
 */
import Big from "big.js";
import { FakeErrorCode, excelErrorOf } from "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { createSimulator, DEMO } from "../../../simulator";
import { postData } from "./service-data";
import { profileById, requirementsOf } from "../../../preview/hosts/profiles";
import type { HostId } from "../../../preview/hosts/profiles";
import type { Dialect, Simulator } from "../../../simulator";

const REF = "2026-06-15";
const C = DEMO.contracts;
const P = DEMO.products;
const B = DEMO.billingItems;
const BIG_CUSTOMER = DEMO.customers.smit;
const INVOICES = 230;
const PAGE_SIZE = 40;

/** Invoice i: dated day i of 2026 (1 January on), one line of 10 + i cents × 1.01 quantity. */
function invoiceBody(i: number): Record<string, unknown> {
  const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
  return {
    customerId: BIG_CUSTOMER,
    companyBankAccountId: DEMO.bankAccounts.main,
    invoiceDate: day,
    externalReference: `BIG-${i}`,
    lines: [
      {
        taxCodeId: DEMO.taxCodes.vat21,
        description: `Line ${i}`,
        quantity: 1,
        unitPrice: Number(new Big(10).plus(new Big(i).div(100)).toFixed(2)),
      },
    ],
  };
}

/**
 * The host the functions run in: one of the preview's host profiles (preview/hosts/profiles.ts, from
 * Microsoft's requirement-set tables), or explicit sets; undefined = no Office at all.
 */
function hostWith(host: HostId | Record<string, string> | undefined): void {
  const g = globalThis as { Office?: unknown };
  if (host === undefined) {
    delete g.Office;
    return;
  }
  const requirements =
    typeof host === "string"
      ? requirementsOf(profileById(host))
      : {
          isSetSupported: (name: string, version = "1.1") =>
            host[name] !== undefined && Number(host[name]) >= Number(version),
        };
  g.Office = { context: { requirements } };
}

describe.each<Dialect>(["live", "interface"])(
  "INVOICES, TARIFFHISTORY and CONTRACT against the simulator (%s dialect)",
  (dialect) => {
    let sim: Simulator;
    const ids: string[] = [];

    beforeAll(async () => {
      sim = await createSimulator({
        port: 0,
        dialect,
        pageSize: PAGE_SIZE,
        approvalDelayMs: 0,
        numberDelayMs: 0,
      });
      configureConnection({
        loadSettings: async () => ({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } }),
      });
      // Ten at a time; `ids[i]` is invoice i whatever order the answers come in.
      for (let i = 0; i < INVOICES; i += 10) {
        const batch = Array.from({ length: Math.min(10, INVOICES - i) }, (_, k) => i + k);
        const created = await Promise.all(
          batch.map((k) => postData(sim, "/api/bill/Invoices", invoiceBody(k)))
        );
        batch.forEach((k, j) => (ids[k] = created[j].id));
      }
      // The first 100 approved on their own date (numbered at once: no delays), the first credited.
      for (let i = 0; i < 100; i += 10) {
        await Promise.all(
          ids.slice(i, i + 10).map((id) =>
            postData(sim, `/api/bill/Invoices/${id}/approve`, {
              invoiceDate: sim.store.invoice(id)!.invoiceDate,
            })
          )
        );
      }
      sim.store.allInvoices(Date.now() + 1);
      await postData(sim, `/api/bill/Invoices/${ids[0]}/credit`, {});
    });
    afterAll(async () => {
      configureConnection();
      hostWith(undefined);
      await sim.close();
    });

    it("INVOICES lists every invoice of a large customer over every page, oldest first, to the cent", async () => {
      sim.log.clear();
      const table = await F.invoicesFunction(BIG_CUSTOMER);
      expect(table[0].join(" ")).toBe(
        "invoiceId invoiceNum invoiceDate status totalExclVAT totalInclVAT sent creditNoteNum creditsInvoiceNum customerId paymentState"
      );
      const rows = table.slice(1);
      // 230 invoices and the credit note.
      expect(rows).toHaveLength(INVOICES + 1);
      if (dialect === "live") {
        expect(sim.log.count("POST", /invoices\/filter/i)).toBeGreaterThanOrEqual(
          Math.ceil((INVOICES + 1) / PAGE_SIZE)
        );
      }
      const byId = new Map(rows.map((r) => [r[0], r]));
      const states = sim.store.allInvoices().filter((i) => i.customerId === BIG_CUSTOMER);
      expect(new Set(byId.keys())).toEqual(new Set(states.map((i) => i.id)));
      // Exact: the sum of the cells equals the exact sum of the invoices' own amounts.
      const exclCells = rows.map((r) => r[4] as number);
      const expected = Array.from({ length: INVOICES }, (_, i) =>
        new Big(10).plus(new Big(i).div(100))
      ).reduce((a, b) => a.plus(b), new Big(0));
      const credit = new Big(10); // invoice 0 (10.00) credited: -10.00
      expect(exclCells.reduce((a, b) => a.plus(new Big(String(b))), new Big(0)).toFixed(2)).toBe(
        expected.minus(credit).toFixed(2)
      );
      expect(byId.get(ids[5])![4]).toBe(10.05);
      expect(byId.get(ids[5])![5]).toBe(12.16); // 10.05 × 1.21 = 12.1605 → 12.16
      // Dates as Excel dates, oldest first; invoice 0 is 1 January 2026 = 46023.
      expect(byId.get(ids[0])![2]).toBe(46023);
      const dates = rows.map((r) => r[2]).filter((d): d is number => typeof d === "number");
      expect(dates).toEqual([...dates].sort((a, b) => a - b));
    });

    it("INVOICES names the credit note on the invoice and the invoice on the credit note", async () => {
      const rows = (await F.invoicesFunction(BIG_CUSTOMER)).slice(1);
      const original = rows.find((r) => r[0] === ids[0])!;
      const note = rows.find((r) => r[8] !== "")!;
      expect(original[7]).toBe(note[1]);
      expect(note[8]).toBe(original[1]);
      expect(note[1]).not.toBe("");
    });

    it("INVOICES filters by invoice date (both days included) and status", async () => {
      // 1 February = invoice 31, 15 February (serial 46068) = invoice 45; all approved.
      const approved = await F.invoicesFunction(BIG_CUSTOMER, "2026-02-01", 46068, "Approved");
      expect(approved.slice(1).map((r) => r[0])).toEqual(ids.slice(31, 46));
      expect(approved.slice(1).every((r) => r[3] === "approved" && r[1] !== "")).toBe(true);
      const drafts = await F.invoicesFunction(BIG_CUSTOMER, "2026-02-01", 46068, "created");
      expect(drafts).toHaveLength(2);
      expect(drafts[1][0]).toMatch(
        /^No invoices of customer .* from 2026-02-01 to 2026-02-15 with status created\.$/
      );
      const both = await F.invoicesFunction(BIG_CUSTOMER, 46113, "", "created, approved");
      // 1 April 2026 (46113) = invoice 90 on: 10 approved, 130 drafts (the credit note is dated today).
      expect(both.slice(1).filter((r) => r[0] !== "" && ids.includes(r[0] as string))).toHaveLength(
        140
      );
    });

    it("INVOICES gives one row saying so when nothing matches, and #N/A for an unknown customer", async () => {
      const none = await F.invoicesFunction(DEMO.customers.visser);
      expect(none).toHaveLength(2);
      expect(none[1][0]).toBe(`No invoices of customer ${DEMO.customers.visser}.`);
      expect(none[1].slice(1).every((c) => c === "")).toBe(true);
      const error = await excelErrorOf(F.invoicesFunction("00000000-0000-4000-8000-00000000dead"));
      expect(error.code).toBe(FakeErrorCode.notAvailable);
      expect(error.message).toMatch(/No customer has the id/);
    });

    it("INVOICES refuses bad arguments with #VALUE! naming the argument, sending nothing", async () => {
      sim.log.clear();
      const cases: [Promise<unknown>, RegExp][] = [
        [F.invoicesFunction("Smit"), /^customerId "Smit" is not an id/],
        [F.invoicesFunction(BIG_CUSTOMER, "2026-13-01"), /^from "2026-13-01" is not a day/],
        [F.invoicesFunction(BIG_CUSTOMER, "", true as any), /^to must be a date/],
        [
          F.invoicesFunction(BIG_CUSTOMER, "", "", "paid"),
          /^status "paid" is not an invoice status/,
        ],
        [
          F.invoicesFunction(BIG_CUSTOMER, "2026-03-01", "2026-02-01"),
          /^from \(2026-03-01\) is after to/,
        ],
      ];
      for (const [call, message] of cases) {
        const error = await excelErrorOf(call);
        expect(error.code).toBe(FakeErrorCode.invalidValue);
        expect(error.message).toMatch(message);
      }
      expect(sim.log.count()).toBe(0);
    });

    it("TARIFFHISTORY lists generic and own periods oldest first, marking the one TARIFF uses today", async () => {
      const table = await F.tariffHistoryFunction(
        P.heatingStandard,
        B.standingChargeHeat,
        C.heatingOwnTariffs
      );
      expect(table[0].join(" ")).toBe(
        "validFrom validTo type unitTariff source appliesOnDate tariffId"
      );
      const rows = table.slice(1);
      expect(rows.map((r) => [r[3], r[4]])).toEqual([
        [398.4, "generic"],
        [380, "contract"],
        [412.56, "generic"],
        [430, "generic"],
      ]);
      const marked = rows.filter((r) => r[5] === true);
      expect(marked).toHaveLength(1);
      const today = await F.tariffFunction(
        P.heatingStandard,
        B.standingChargeHeat,
        C.heatingOwnTariffs
      );
      expect(marked[0][3]).toBe(today);
      // On a date given, the period of that date: the generic 398.40 of 2025.
      const then = await F.tariffHistoryFunction(
        P.heatingStandard,
        B.standingChargeHeat,
        C.heatingOwnTariffs,
        "2025-06-15"
      );
      expect(
        then
          .slice(1)
          .filter((r) => r[5] === true)
          .map((r) => r[3])
      ).toEqual([398.4]);
      const bad = await excelErrorOf(
        F.tariffHistoryFunction(P.heatingStandard, B.standingChargeHeat, "", "15-06-2025")
      );
      expect(bad.message).toMatch(/^date "15-06-2025" is not a date/);
    });

    it("TARIFFHISTORY never shows another contract's tariff and gives the reason for a tiered one", async () => {
      const shared = (await F.tariffHistoryFunction(P.cooling, B.coolingGj, C.coolingShared)).slice(
        1
      );
      expect(shared.map((r) => [r[3], r[4]])).toEqual([[28.4, "generic"]]);
      const own = (await F.tariffHistoryFunction(P.cooling, B.coolingGj, C.coolingTiered)).slice(1);
      expect(own.map((r) => r[4]).sort()).toEqual(["contract", "generic"]);
      expect(own.find((r) => r[4] === "contract")![3]).toMatch(
        /tiered tariff, which this add-in cannot price/
      );
      const generic = (await F.tariffHistoryFunction(P.water, B.waterM3)).slice(1);
      expect(generic.map((r) => r[3])).toEqual([1.6142]);
    });

    it("TARIFFHISTORY errors: #VALUE! for a bad id, #N/A naming an unknown contract, product or item, or an item not on the product", async () => {
      const bad = await excelErrorOf(F.tariffHistoryFunction("x", B.waterM3));
      expect(bad.code).toBe(FakeErrorCode.invalidValue);
      expect(bad.message).toMatch(/^productId "x" is not an id/);
      const unknown = await excelErrorOf(
        F.tariffHistoryFunction(P.water, B.waterM3, "00000000-0000-4000-8000-00000000dead")
      );
      expect(unknown.code).toBe(FakeErrorCode.notAvailable);
      expect(unknown.message).toMatch(/was not found/);
      const DEAD = "00000000-0000-4000-8000-00000000dead";
      const noProduct = await excelErrorOf(F.tariffHistoryFunction(DEAD, B.waterM3));
      expect([noProduct.code, noProduct.message]).toEqual([
        FakeErrorCode.notAvailable,
        `No product has the id ${DEAD}.`,
      ]);
      const noItem = await excelErrorOf(F.tariffHistoryFunction(P.water, DEAD));
      expect(noItem.message).toBe(`No billing item has the id ${DEAD}.`);
      const notOn = await excelErrorOf(F.tariffHistoryFunction(P.water, B.heatGj));
      expect(notOn.code).toBe(FakeErrorCode.notAvailable);
      expect(notOn.message).toMatch(
        new RegExp(
          `^Billing item "[^"]+" \\(${B.heatGj}\\) is not part of product "[^"]+" \\(${P.water}\\)\\.$`
        )
      );
    });

    it.each<HostId>(["m365-windows", "excel-web", "mac"])(
      "CONTRACT is a card where Excel has data types (CustomFunctionsRuntime 1.4: %s), with exact fields",
      async (host) => {
        hostWith(host);
        const card = await F.contractFunction(C.heatingGeneric, REF);
        expect(card.type).toBe("Entity");
        expect(card.text).toBe("C-1001");
        expect(card.properties.FixedCosts).toEqual({
          type: "Double",
          basicValue: 636.86,
          numberFormat: "#,##0.00",
        });
        expect(card.properties.Customer).toEqual({
          type: "String",
          basicValue: "Jansen Warmte BV",
        });
        expect(card.properties.Products.elements).toEqual([
          [{ type: "String", basicValue: "District heating standard" }],
        ]);
        const tariffs = card.properties.VariableTariffs.elements;
        expect(tariffs[0].map((c: any) => c.basicValue)).toEqual(["billingItem", "unit", "tariff"]);
        expect(tariffs.slice(1).map((r: any[]) => r.map((c) => c.basicValue))).toContainEqual([
          "Heat",
          "gj",
          41.37,
        ]);
        expect(card.layouts.card.title).toEqual({ property: "ContractNumber" });
      }
    );

    it("CONTRACT keeps the card and shows #N/A with the reason when a total cannot be given", async () => {
      hostWith({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.16" });
      const card = await F.contractFunction(C.coolingTiered, REF);
      expect(card.properties.FixedCosts.type).toBe("FormattedNumber");
      expect(card.properties.VariableTariffs).toMatchObject({
        type: "Error",
        errorType: "NotAvailable",
      });
      expect(card.properties.Problems.basicValue).toMatch(
        /Cannot price billing item "Cooling energy"/
      );
    });

    it.each<HostId>(["excel-2021", "office-ltsc-2024"])(
      "CONTRACT is the contract number as text where Excel has no data types from functions (%s)",
      async (host) => {
        hostWith(host);
        expect(await F.contractFunction(C.heatingGeneric, REF)).toBe("C-1001");
      }
    );

    it("CONTRACT outside Office is text too, and #N/A for an unknown contract", async () => {
      hostWith(undefined);
      expect(await F.contractFunction(C.heatingOwnTariffs)).toBe("C-1002");
      const error = await excelErrorOf(F.contractFunction("00000000-0000-4000-8000-00000000dead"));
      expect(error.code).toBe(FakeErrorCode.notAvailable);
      const bad = await excelErrorOf(F.contractFunction("C-1001"));
      expect(bad.code).toBe(FakeErrorCode.invalidValue);
    });
  }
);
