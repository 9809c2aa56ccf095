/**
 * The ribbon's Refresh command (src/commands/commands.ts): associated under the manifest's id once
 * Office is ready, and it always completes the button's event, also when the refresh fails.
 */
import { installPreviewHost, uninstallPreviewHost } from "../excel/preview-host";

type Handler = (event: { completed(): void }) => Promise<void>;
const g = globalThis as unknown as Record<string, unknown>;
const associated = new Map<string, Handler>();

beforeAll(() => {
  g.Office = {
    onReady: (callback: () => void) => callback(),
    actions: { associate: (id: string, fn: Handler) => associated.set(id, fn) },
  };
  require("../../../src/commands/commands");
});
afterAll(() => {
  delete g.Office;
});

it("associates refreshBilling, which recalculates and completes the event", async () => {
  const model = installPreviewHost();
  const calculations: string[] = [];
  model.calculateHandler = (type) => calculations.push(type);
  try {
    let completed = 0;
    await associated.get("refreshBilling")!({ completed: () => void (completed += 1) });
    expect(calculations).toEqual(["Full"]);
    expect(completed).toBe(1);
  } finally {
    uninstallPreviewHost();
  }
});

it("completes the event also when Excel cannot recalculate", async () => {
  let completed = 0;
  await expect(
    associated.get("refreshBilling")!({ completed: () => void (completed += 1) })
  ).resolves.toBeUndefined();
  expect(completed).toBe(1);
});
