/**
 * A function's error in Office's language, against the simulator: the reasons made
 * below the functions (the cost rules, the settings checks, Excel's date reasons) read Dutch when
 * Office speaks Dutch, and English — word for word as before — otherwise.
 */
import { FakeErrorCode, excelErrorOf } from "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { useDisplayLanguage } from "../../../src/i18n";
import { createSimulator, DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";

const C = DEMO.contracts;
const B = DEMO.billingItems;

describe("a function's error in Office's language", () => {
  let sim: Simulator;

  beforeAll(async () => {
    sim = await createSimulator({ port: 0 });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(() => {
    configureConnection({
      loadSettings: async () => ({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } }),
    });
  });
  afterEach(() => {
    configureConnection();
    useDisplayLanguage(() => undefined);
  });

  const noTariff = () => F.contractFixedCostsFunction(C.heatingGeneric, "2025-06-15");

  // Excel's error tooltip takes 250 characters; the sentence is cut there (to-excel-error.ts).
  it("a contract with no valid tariff: English as before", async () => {
    useDisplayLanguage(() => "en-US");
    const error = await excelErrorOf(noTariff());
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(
      new RegExp(
        `^Cannot price billing item "Connection capacity" \\(${B.connectionCapacity}\\) of product .* on contract ${C.heatingGeneric}: no tariff is valid on 2025-06-15 \\(`
      )
    );
  });

  it("a contract with no valid tariff: Dutch in Dutch, the names and ids as the service holds them", async () => {
    useDisplayLanguage(() => "nl-NL");
    const error = await excelErrorOf(noTariff());
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(
      new RegExp(
        `^Kan geen prijs geven voor factuuronderdeel "Connection capacity" \\(${B.connectionCapacity}\\) van product .* in contract ${C.heatingGeneric}: geen tarief is g`
      )
    );
  });

  it("a contract the service does not hold: Dutch in Dutch, English otherwise", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    useDisplayLanguage(() => "nl-BE");
    const dutch = await excelErrorOf(F.contractFixedCostsFunction(missing));
    expect(dutch.message).toBe(`Contract ${missing} is niet gevonden.`);
    useDisplayLanguage(() => "en-GB");
    const english = await excelErrorOf(F.contractFixedCostsFunction(missing));
    expect(english.message).toBe(`Contract ${missing} was not found.`);
  });

  it("a bad setting: the settings check in Dutch, English otherwise", async () => {
    configureConnection({
      loadSettings: async () => ({
        baseUrl: "http://billing.example.com",
        headers: {},
        credential: { kind: "none" },
      }),
    });
    useDisplayLanguage(() => "nl-NL");
    const dutch = await excelErrorOf(F.contractFixedCostsFunction(C.heatingGeneric));
    expect(dutch.code).toBe(FakeErrorCode.notAvailable);
    expect(dutch.message).toBe(
      "De verbindingsinstellingen zijn niet bruikbaar — baseUrl: moet https:// gebruiken (gewoon http:// alleen voor localhost). Herstel ze in het taakvenster en kies dan Vernieuwen."
    );
    useDisplayLanguage(() => "en-US");
    const english = await excelErrorOf(F.contractFixedCostsFunction(C.heatingGeneric));
    expect(english.message).toBe(
      "The connection settings cannot be used — baseUrl: must use https:// (plain http:// only for localhost). Fix them in the task pane, then Refresh."
    );
  });

  it("a bad sign-in setting: its check in Dutch, English otherwise", async () => {
    configureConnection({
      loadSettings: async () => ({
        baseUrl: sim.url,
        headers: {},
        credential: {
          kind: "gateway",
          signIn: {
            directory: "7d3c1a52-0000-4000-8000-000000000001",
            clientId: "not-a-guid",
            scope: "api://gateway/access_as_user",
          },
        },
      }),
    });
    useDisplayLanguage(() => "nl-NL");
    const dutch = await excelErrorOf(F.contractFixedCostsFunction(C.heatingGeneric));
    expect(dutch.message).toContain(
      "credential.signIn.clientId: moet de toepassings-id (client-id) van de invoegtoepassing zijn, een GUID"
    );
    useDisplayLanguage(() => "en-US");
    const english = await excelErrorOf(F.contractFixedCostsFunction(C.heatingGeneric));
    expect(english.message).toContain(
      "credential.signIn.clientId: must be the add-in's application (client) id, a GUID"
    );
  });

  it("a date serial out of range: #VALUE! naming the argument, in Dutch", async () => {
    useDisplayLanguage(() => "nl-NL");
    const dutch = await excelErrorOf(F.contractFixedCostsFunction(C.heatingGeneric, 0));
    expect(dutch.code).toBe(FakeErrorCode.invalidValue);
    expect(dutch.message).toMatch(
      /^\S+ 0 is geen datum: een datumreeksnummer loopt van 1 \(1 januari 1900\) tot 2958465 \(31 december 9999\)\.$/
    );
    useDisplayLanguage(() => "en-US");
    const english = await excelErrorOf(F.contractFixedCostsFunction(C.heatingGeneric, 0));
    expect(english.message).toBe(
      "date 0 is not a date: a date serial runs from 1 (1 January 1900) to 2958465 (31 December 9999)."
    );
  });

  it("CONTRACTCOSTS' and TARIFFHISTORY's reason column: Dutch in Dutch, English otherwise", async () => {
    const P = DEMO.products;
    const reasons = (table: unknown[][], column: number) =>
      table
        .slice(1)
        .map((row) => row[column])
        .filter((cell) => typeof cell === "string" && cell !== "");
    useDisplayLanguage(() => "nl-NL");
    const costs = reasons(await F.contractCostsFunction(C.heatingGeneric, "2025-06-15"), 9);
    expect(costs).toContain(
      "geen tarief is geldig op 2025-06-15 (niet voor dit contract en niet algemeen)"
    );
    const history = reasons(
      await F.tariffHistoryFunction(P.electricityFixed, B.electricityNormal),
      3
    );
    expect(history).toEqual([
      expect.stringMatching(
        /^het tarief \(\S+\) is .+, waarvoor deze invoegtoepassing geen prijs kan geven$/
      ),
    ]);
    useDisplayLanguage(() => "en-US");
    expect(reasons(await F.contractCostsFunction(C.heatingGeneric, "2025-06-15"), 9)).toContain(
      "no tariff is valid on 2025-06-15 (neither for this contract nor generic)"
    );
    expect(
      reasons(await F.tariffHistoryFunction(P.electricityFixed, B.electricityNormal), 3)
    ).toEqual([
      expect.stringMatching(
        /^the tariff \(\S+\) is a tiered tariff, which this add-in cannot price$/
      ),
    ]);
  });
});
