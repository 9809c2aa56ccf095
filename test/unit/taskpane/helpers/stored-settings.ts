/** Saved settings with a bearer token and secret headers, for the connection form's tests. */
import type { StoredSettings } from "../../../../src/excel/settings-model";

export const TOKEN = "stored-token-abc123";
export const KEY = "stored-apim-key-987";
export const CUSTOM = "stored-custom-555";

export const stored: StoredSettings = {
  connection: {
    baseUrl: "https://billing.example.com",
    headers: { "zf-tuuid": "tenant-1", "apim-sub": KEY, "x-org": CUSTOM },
    secretHeaders: ["x-org"],
    credential: { kind: "bearer", token: TOKEN },
  },
  pollIntervalMs: 2500,
  approvalTimeoutMs: 120_000,
};
