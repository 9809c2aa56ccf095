import type { Invoice } from "../../../src/api";
import { judgeReference } from "../../../src/invoices";

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const inv = (id: string, status: string, second?: number): Invoice => ({
  id,
  status,
  errors: [],
  externalReference: "XL-1",
  ...(second === undefined ? {} : { createdDateTime: at(second) }),
});

describe("judgeReference: the invoice every run keeps under one reference", () => {
  it("keeps nothing when no invoice carries it", () => {
    expect(judgeReference([])).toEqual({ sure: false, extra: [], tied: [] });
  });

  it("keeps the one past draft, whatever its age, and calls every draft extra", () => {
    const approved = inv("b", "approvalinprogress", 5);
    const v = judgeReference([inv("a", "created", 1), approved, inv("c", "created", 9)]);
    expect(v.keeper).toBe(approved);
    expect(v.sure).toBe(true);
    expect(v.extra.map((i) => i.id)).toEqual(["a", "c"]);
  });

  it("keeps the oldest draft and is sure when it is strictly the oldest, in any order seen", () => {
    const drafts = [inv("z", "created", 3), inv("y", "created", 1), inv("x", "created", 2)];
    for (const order of [drafts, [...drafts].reverse()]) {
      const v = judgeReference(order);
      expect(v.keeper?.id).toBe("y");
      expect(v.sure).toBe(true);
      expect(v.extra.map((i) => i.id).sort()).toEqual(["x", "z"]);
    }
  });

  it("is not sure about drafts created in the same instant: the lowest id is kept, the rest tied", () => {
    const v = judgeReference([
      inv("q", "created", 1),
      inv("p", "created", 1),
      inv("r", "created", 4),
    ]);
    expect(v.keeper?.id).toBe("p");
    expect(v.sure).toBe(false);
    expect(v.tied.map((i) => i.id)).toEqual(["q"]);
    expect(v.extra.map((i) => i.id)).toEqual(["r"]);
  });

  it("treats drafts the service does not date as created in the same instant", () => {
    const v = judgeReference([inv("b", "created"), inv("a", "created", 1)]);
    expect(v).toMatchObject({ keeper: { id: "a" }, sure: false, extra: [] });
    expect(v.tied.map((i) => i.id)).toEqual(["b"]);
  });

  it("is sure about a draft alone, dated or not", () => {
    expect(judgeReference([inv("a", "created")])).toMatchObject({
      keeper: { id: "a" },
      sure: true,
    });
  });

  it("leaves two invoices past draft to a person", () => {
    const v = judgeReference([inv("a", "approved", 1), inv("b", "approved", 2)]);
    expect(v.keeper).toBeUndefined();
    expect(v.conflict?.map((i) => i.id)).toEqual(["a", "b"]);
  });
});
