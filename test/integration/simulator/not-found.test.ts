import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { get, startSimulator } from "./helpers";

describe("404 answers in both forms the live service uses", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());
  const unknown = "99999999-9999-4999-8999-999999999999";

  it.each([
    [`/api/cfg/Products/${unknown}`, "Product not found."],
    [`/api/md/Contracts/${unknown}`, "Contract not found."],
    [`/api/md/Contracts/not-a-uuid`, "Contract not found."],
    [`/api/cfg/BillingItems/${unknown}`, "Billing item not found."],
  ])(
    "answers GET %s with RFC 7807 problem details, as the vendor documents",
    async (path, detail) => {
      const a = await get(sim, path);
      expect(a.status).toBe(404);
      expect(a.headers.get("content-type")).toContain("application/problem+json");
      expect(a.body).toEqual({
        type: expect.any(String),
        title: "Not Found",
        status: 404,
        detail,
        instance: path,
      });
    }
  );

  it.each([
    [`/api/bill/Invoices/${unknown}`, "INVOICE_NOT_FOUND"],
    ["/api/nothing/here", "NOT_FOUND"],
  ])("answers GET %s with a 404 envelope %s", async (path, key) => {
    const a = await get(sim, path);
    expect(a.status).toBe(404);
    expect(a.body.success).toBe(false);
    expect(a.body.errors[0].key).toBe(key);
  });

  it("answers unknown ids in the interface dialect with its error shape", async () => {
    sim.setOptions({ dialect: "interface" });
    try {
      const a = await get(sim, `/api/cfg/products/${DEMO.contracts.noProducts}`);
      expect(a.status).toBe(404);
      expect(a.body).toEqual({ errors: [{ key: "NOT_FOUND", message: "Product not found." }] });
      const c = await get(sim, `/api/md/contracts/${unknown}`);
      expect(c.body).toEqual({
        errors: [{ key: "CONTRACT_NOT_FOUND", message: "Contract not found." }],
      });
      const b = await get(sim, `/api/cfg/billingitems/${unknown}`);
      expect(b.body.errors[0].key).toBe("BILLING_ITEM_NOT_FOUND");
    } finally {
      sim.setOptions({ dialect: "live" });
    }
  });
});
