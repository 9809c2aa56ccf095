/**
 * @jest-environment jsdom
 */
/**
 * BILLING.CONTRACT's card in the preview: the cell shows the contract number, field references
 * (`=A1.FixedCosts`) read its fields as Excel does (an array spills, a missing field is #FIELD!),
 * a host without CustomFunctionsRuntime 1.4 shows #VALUE!, and the active cell's card is drawn.
 */
import { FunctionRegistry } from "../../../preview/custom-functions-shim";
import { FormulaEngine, NO_DATA_TYPES } from "../../../preview/formula-engine";
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { GridView } from "../../../preview/grid-view";
import { parseFieldReference } from "../../../preview/entity-values";
import { profileById } from "../../../preview/hosts/profiles";
import type { HostId } from "../../../preview/hosts/profiles";
import { contractCard } from "../../../src/functions/contract-card";
import { CostError } from "../../../src/costs";

/** Lets the engine's promise chain run (microtasks only; no timers). */
async function flush(): Promise<void> {
  for (let i = 0; i < 30; i += 1) await Promise.resolve();
}

/** The card the function makes for a contract with one product, a total and two tariffs. */
function card() {
  return contractCard(
    {
      contract: {
        id: "c1",
        contractNumber: "C-1001",
        customerId: "k1",
        products: [],
        serviceLocations: [],
      },
      date: new Date("2026-06-15T00:00:00Z"),
      products: [{ productId: "p1", name: "District heating standard" }],
      fixed: { total: "636.86", currency: "EUR", lines: [] },
      variable: [
        { productId: "p1", billingItemId: "b1", name: "Heat", unit: "gj", tariff: "41.37" },
        { productId: "p1", billingItemId: "b2", name: "Hot water", unit: "m3", tariff: "0.0825" },
      ],
    },
    "Jansen Warmte BV",
    "double"
  );
}

function setup(host: HostId = "m365-windows") {
  const model = new WorkbookModel();
  const registry = new FunctionRegistry();
  const engine = new FormulaEngine(model, registry, {
    namespace: "BILLING",
    metadata: [
      { id: "CONTRACT", name: "CONTRACT", parameters: [{ name: "contractId", type: "string" }] },
    ],
    registrationTimeoutMs: 1000,
    profile: profileById(host),
  });
  engine.attach();
  registry.associate("CONTRACT", () => card());
  return { model, sheet: model.sheets[0] };
}

describe("entity values in the preview", () => {
  it("shows the entity's text and reads its fields, an array spilling", async () => {
    const { model, sheet } = setup();
    model.writeInput(sheet, 0, 0, '=BILLING.CONTRACT("c1")');
    model.writeInput(sheet, 0, 1, "=A1.FixedCosts");
    model.writeInput(sheet, 0, 2, "=A1.[Customer]");
    model.writeInput(sheet, 2, 0, "=a1.variabletariffs");
    model.writeInput(sheet, 1, 1, "=A1.Nothing");
    model.writeInput(sheet, 1, 2, "=B1.Customer");
    await flush();
    expect(model.value(sheet, 0, 0)).toBe("C-1001");
    expect(model.value(sheet, 0, 1)).toBe(636.86);
    expect(model.text(sheet, 0, 1)).toBe("636.86");
    expect(model.value(sheet, 0, 2)).toBe("Jansen Warmte BV");
    expect([0, 1, 2].map((c) => model.value(sheet, 2, c))).toEqual([
      "billingItem",
      "unit",
      "tariff",
    ]);
    expect([0, 1, 2].map((c) => model.text(sheet, 4, c))).toEqual(["Hot water", "m3", "0.0825"]);
    expect(model.value(sheet, 1, 1)).toBe("#FIELD!");
    expect(model.value(sheet, 1, 2)).toBe("#VALUE!");
  });

  it("gives #VALUE! where the host takes no data types from functions (Excel 2021)", async () => {
    const { model, sheet } = setup("excel-2021");
    model.writeInput(sheet, 0, 0, '=BILLING.CONTRACT("c1")');
    await flush();
    expect(model.value(sheet, 0, 0)).toBe("#VALUE!");
    expect(model.cell(sheet, 0, 0)?.message).toBe(NO_DATA_TYPES);
  });

  it("marks a total that cannot be given as #N/A in its field", async () => {
    const model = new WorkbookModel();
    const registry = new FunctionRegistry();
    new FormulaEngine(model, registry, { namespace: "BILLING" }).attach();
    const broken = card();
    const noTotal = contractCard(
      {
        contract: { id: "c2", products: [], serviceLocations: [] },
        date: new Date("2026-06-15T00:00:00Z"),
        products: [],
        fixed: new CostError("no-tariff", "Cannot price billing item X."),
        variable: [],
      },
      "",
      "none"
    );
    registry.associate("CONTRACT", (id) => (id === "c2" ? noTotal : broken));
    const sheet = model.sheets[0];
    model.writeInput(sheet, 0, 0, '=BILLING.CONTRACT("c2")');
    model.writeInput(sheet, 0, 1, "=A1.FixedCosts");
    model.writeInput(sheet, 0, 2, "=A1.Problems");
    await flush();
    expect(model.value(sheet, 0, 0)).toBe("c2");
    expect(model.value(sheet, 0, 1)).toBe("#N/A");
    expect(model.value(sheet, 0, 2)).toBe("Cannot price billing item X.");
  });

  it("draws the active cell's card by its layout", async () => {
    document.body.innerHTML = `
      <input id="address-box"><input id="formula-input">
      <div id="grid-scroll"><table id="grid"></table></div>
      <div id="sheet-tabs"></div>`;
    const { model, sheet } = setup();
    const view = new GridView(
      model,
      {
        grid: document.getElementById("grid") as HTMLTableElement,
        scroller: document.getElementById("grid-scroll") as HTMLElement,
        addressBox: document.getElementById("address-box") as HTMLInputElement,
        formulaInput: document.getElementById("formula-input") as HTMLInputElement,
        sheetTabs: document.getElementById("sheet-tabs") as HTMLElement,
      },
      "BILLING"
    );
    model.writeInput(sheet, 0, 0, '=BILLING.CONTRACT("c1")');
    await flush();
    model.select(sheet, { row: 0, col: 0, rowCount: 1, colCount: 1 }, { row: 0, col: 0 });
    view.render();
    const shown = document.querySelector('[data-testid="entity-card"]') as HTMLElement;
    expect(shown.querySelector("b")?.textContent).toBe("C-1001");
    const field = (name: string) =>
      shown.querySelector(`[data-field="${name}"] .entity-value`)?.textContent;
    expect(field("Customer")).toBe("Jansen Warmte BV");
    expect(field("FixedCosts")).toBe("636.86");
    expect(field("VariableTariffs")).toBe(
      "billingItem  unit  tariff\nHeat  gj  41.37\nHot water  m3  0.0825"
    );
    expect(document.querySelector("td.entity")).not.toBeNull();
  });

  it("recognises field references, and only them", () => {
    expect(parseFieldReference("=A2.FixedCosts")).toEqual({ address: "A2", field: "FixedCosts" });
    expect(parseFieldReference("=$B$7.[Fixed costs]")).toEqual({
      address: "B7",
      field: "Fixed costs",
    });
    expect(parseFieldReference("=BILLING.CONTRACT(A2)")).toBeUndefined();
    expect(parseFieldReference("=A2")).toBeUndefined();
  });
});
