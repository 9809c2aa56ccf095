import { secretValues } from "../../../src/api";
import {
  describeSettings,
  isSameConnection,
  type StoredSettings,
} from "../../../src/excel/settings-model";

const TOKEN = "eyJ-secret-token-123";
const KEY = "apim-key-456789";
const CUSTOM = "custom-secret-value-42";

const settings: StoredSettings = {
  connection: {
    baseUrl: "https://billing.example.com",
    headers: { "zf-tuuid": "tenant-1", "apim-sub": KEY, "x-org-pass": CUSTOM },
    secretHeaders: ["x-org-pass"],
    credential: { kind: "bearer", token: TOKEN },
  },
  pollIntervalMs: 2500,
  approvalTimeoutMs: 120_000,
};

describe("secrets in the settings summary", () => {
  it("describes the settings without the token, the key or a header marked secret", () => {
    const text = describeSettings(settings);
    expect(text).toContain("https://billing.example.com");
    expect(text).toContain("zf-tuuid: tenant-1");
    expect(text).toContain("apim-sub: ••••");
    expect(text).toContain("bearer token ••••");
    for (const secret of [TOKEN, KEY, CUSTOM]) expect(text).not.toContain(secret);
  });

  it("lists every secret value for redaction, and no plain header value", () => {
    expect(secretValues(settings.connection).sort()).toEqual([CUSTOM, KEY, TOKEN].sort());
  });

  it("sees a changed token as another connection, and header case or order as the same", () => {
    const other = {
      ...settings.connection,
      credential: { kind: "bearer" as const, token: "other-token-000" },
    };
    expect(isSameConnection(settings.connection, other)).toBe(false);
    const reordered = {
      ...settings.connection,
      headers: { "X-Org-Pass": CUSTOM, "APIM-SUB": KEY, "zf-tuuid": "tenant-1" },
      secretHeaders: ["X-ORG-PASS"],
    };
    expect(isSameConnection(settings.connection, reordered)).toBe(true);
  });
});
