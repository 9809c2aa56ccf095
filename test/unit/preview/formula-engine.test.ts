import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { CustomFunctionError, FunctionRegistry } from "../../../preview/custom-functions-shim";
import { FormulaEngine } from "../../../preview/formula-engine";

/** Lets queued microtasks and zero-delay timers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

function setup() {
  const model = new WorkbookModel();
  const registry = new FunctionRegistry();
  const engine = new FormulaEngine(model, registry, {
    namespace: "BILLING",
    metadata: [
      { id: "DOUBLE", name: "DOUBLE", parameters: [{ name: "x", type: "number" }] },
      { id: "TABLE", name: "TABLE", parameters: [] },
      { id: "FAIL", name: "FAIL", parameters: [] },
    ],
    registrationTimeoutMs: 50,
  });
  engine.attach();
  return { model, registry, engine, sheet: model.sheets[0] };
}

describe("preview formula engine", () => {
  it("shows #BUSY! while pending, then the value, and recalculates when a referenced cell changes", async () => {
    const { model, registry, sheet } = setup();
    let release: (() => void) | undefined;
    registry.associate(
      "double",
      (x) => new Promise((resolve) => (release = () => resolve((x as number) * 2)))
    );
    model.writeInput(sheet, 0, 0, "21");
    model.writeInput(sheet, 0, 1, "=BILLING.DOUBLE(A1)");
    await settle();
    expect(model.value(sheet, 0, 1)).toBe("#BUSY!");
    release!();
    await settle();
    expect(model.value(sheet, 0, 1)).toBe(42);
    registry.associate("double", (x) => (x as number) * 2);
    model.writeInput(sheet, 0, 0, "5");
    await settle();
    expect(model.value(sheet, 0, 1)).toBe(10);
  });

  it("runs a formula again when a formula it refers to settles, and stops at a cycle", async () => {
    const { model, registry, sheet } = setup();
    const releases: (() => void)[] = [];
    registry.associate("double", (x) => {
      if (typeof x !== "number") throw new CustomFunctionError("#VALUE!", "not a number");
      return new Promise((resolve) => releases.push(() => resolve(x * 2)));
    });
    model.writeInput(sheet, 0, 0, "=BILLING.DOUBLE(4)");
    model.writeInput(sheet, 0, 1, "=BILLING.DOUBLE(A1)");
    await settle();
    expect(model.value(sheet, 0, 1)).toBe("#BUSY!");
    releases.shift()!();
    await settle();
    expect(model.value(sheet, 0, 0)).toBe(8);
    for (const release of releases.splice(0)) release();
    await settle();
    expect(model.value(sheet, 0, 1)).toBe(16);
    // C1 and D1 refer to each other: each runs again after the other settles, but not forever.
    let cycleCalls = 0;
    registry.associate("double", (x) => {
      cycleCalls += 1;
      return typeof x === "number" ? x * 2 : 1;
    });
    model.writeInput(sheet, 0, 2, "=BILLING.DOUBLE(D1)");
    model.writeInput(sheet, 0, 3, "=BILLING.DOUBLE(C1)");
    for (let i = 0; i < 5; i++) await settle();
    const settledCalls = cycleCalls;
    for (let i = 0; i < 5; i++) await settle();
    expect(cycleCalls).toBe(settledCalls);
    expect(settledCalls).toBeLessThan(10);
  });

  it("spills a matrix, and shows #SPILL! when a cell is in the way", async () => {
    const { model, registry, sheet } = setup();
    registry.associate("TABLE", () => [
      ["a", 1],
      ["b", 2],
    ]);
    model.writeInput(sheet, 0, 0, "=BILLING.TABLE()");
    await settle();
    expect([
      model.value(sheet, 0, 0),
      model.value(sheet, 0, 1),
      model.value(sheet, 1, 0),
      model.value(sheet, 1, 1),
    ]).toEqual(["a", 1, "b", 2]);
    model.writeInput(sheet, 1, 1, "blocker");
    await settle();
    expect(model.value(sheet, 0, 0)).toBe("#SPILL!");
    expect(model.value(sheet, 1, 0)).toBe("");
  });

  it("shows formatted numbers (Double with numberFormat, FormattedNumber) under their format, as Excel does", async () => {
    const { model, registry, sheet } = setup();
    registry.associate("TABLE", () => [
      [
        { type: "Double", basicValue: 46023, numberFormat: "yyyy-mm-dd" },
        { type: "FormattedNumber", basicValue: 79.1, numberFormat: "#,##0.00" },
        { type: "Double", basicValue: 1234.5 },
      ],
    ]);
    model.writeInput(sheet, 0, 0, "=BILLING.TABLE()");
    await settle();
    // The value stays the number (it sorts and sums as one); only the text carries the format.
    expect([0, 1, 2].map((c) => model.value(sheet, 0, c))).toEqual([46023, 79.1, 1234.5]);
    expect([0, 1, 2].map((c) => model.text(sheet, 0, c))).toEqual([
      "2026-01-01",
      "79.10",
      "1234.5",
    ]);
    // A format the controller gave the cell wins over the value's own.
    model.mutableCell(sheet, 0, 1).numberFormat = "0.000";
    expect(model.text(sheet, 0, 1)).toBe("79.100");
    // A plain result afterwards drops the earlier result's format.
    registry.associate("TABLE", () => [[46023, 79.1]]);
    model.writeInput(sheet, 0, 0, "=BILLING.TABLE()");
    await settle();
    expect(model.text(sheet, 0, 0)).toBe("46023");
  });

  it("shows a CustomFunctions.Error's code with its message, and #VALUE! for a non-number argument", async () => {
    const { model, registry, sheet } = setup();
    registry.associate("FAIL", () => {
      throw new CustomFunctionError("#N/A", "No tariff for Heat");
    });
    registry.associate("DOUBLE", (x) => (x as number) * 2);
    model.writeInput(sheet, 0, 0, "=BILLING.FAIL()");
    model.writeInput(sheet, 1, 0, '=BILLING.DOUBLE("abc")');
    await settle();
    expect(model.cell(sheet, 0, 0)).toMatchObject({ value: "#N/A", message: "No tariff for Heat" });
    expect(model.value(sheet, 1, 0)).toBe("#VALUE!");
  });

  it("waits for a function registered later, and shows #NAME? when it never is", async () => {
    const { model, registry, sheet } = setup();
    model.writeInput(sheet, 0, 0, "=BILLING.DOUBLE(4)");
    model.writeInput(sheet, 1, 0, "=BILLING.MISSING()");
    await settle();
    registry.associate("DOUBLE", (x) => (x as number) * 2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(model.value(sheet, 0, 0)).toBe(8);
    expect(model.value(sheet, 1, 0)).toBe("#NAME?");
  });

  it("runs every function again on a full calculation", async () => {
    const { model, registry, sheet } = setup();
    let calls = 0;
    registry.associate("TABLE", () => ++calls);
    model.writeInput(sheet, 0, 0, "=BILLING.TABLE()");
    await settle();
    model.calculate("Full");
    await settle();
    expect(model.value(sheet, 0, 0)).toBe(2);
  });
});
