/**
 * Host profiles: what each Excel the company runs can do, as Microsoft's requirement-set tables say
 * (the table and its sources: docs/developers/hosts.md). The preview's fake Excel answers by one of them: a
 * member above the profile fails at `context.sync()` with `ApiNotFound`, as Excel fails, and
 * `Office.context.requirements.isSetSupported` answers by the profile.
 *
 * Chosen by the page (`preview.html?host=excel-2021`) and by tests (`profileById("excel-2021")`).
 */

/** The profiles' ids, as the preview's URL names them. */
export const HOST_IDS = [
  "excel-2021",
  "office-ltsc-2024",
  "m365-windows",
  "m365-windows-2606",
  "excel-web",
  "mac",
  "mac-16-110",
] as const;
export type HostId = (typeof HOST_IDS)[number];

/** Requirement sets a profile states (absent: not supported at all). */
export type SetName =
  | "ExcelApi"
  | "ExcelApiDesktop"
  | "CustomFunctionsRuntime"
  | "SharedRuntime"
  | "NestedAppAuth"
  | "IdentityAPI";

/** Excel on the web's limits per `context.sync()` (resource-limits-and-performance-optimization). */
export interface SyncLimits {
  /** Bytes of one sync's request (what the batch writes). */
  requestBytes: number;
  /** Bytes of one sync's response (what the batch loads). */
  responseBytes: number;
  /** Cells one sync may read. */
  cellsRead: number;
}

/** One Excel: its name, `Office.context.platform`, the highest version of each set it supports. */
export interface HostProfile {
  id: HostId;
  /** What the preview's header shows. */
  name: string;
  /** `Office.PlatformType` value (`Office.context.platform`). */
  platform: "PC" | "OfficeOnline" | "Mac";
  /** The highest supported version of each set; a set not named is not supported. */
  sets: Partial<Record<SetName, string>>;
  /** Limits enforced on every sync (Excel on the web). */
  limits?: SyncLimits;
}

const FIVE_MB = 5 * 1024 * 1024;

/** Microsoft 365 on Mac from 16.100: ExcelApi 1.20 (ExcelApiDesktop 1.1 comes with 16.102). */
const DESKTOP_1_20: HostProfile["sets"] = {
  ExcelApi: "1.20",
  CustomFunctionsRuntime: "1.5",
  SharedRuntime: "1.2",
  NestedAppAuth: "1.1",
  IdentityAPI: "1.3",
};

/** Microsoft 365 on Windows from 2509: ExcelApi 1.20 and ExcelApiDesktop 1.1. */
const WINDOWS_2509: HostProfile["sets"] = { ...DESKTOP_1_20, ExcelApiDesktop: "1.1" };

/** The current desktop builds, Windows 2606+ and Mac 16.110.1+: ExcelApi 1.21, ExcelApiDesktop 1.1. */
const DESKTOP_1_21: HostProfile["sets"] = { ...WINDOWS_2509, ExcelApi: "1.21" };

/**
 * The profiles. ExcelApi, CustomFunctionsRuntime, SharedRuntime, NestedAppAuth and IdentityAPI from
 * Microsoft's requirement-set pages (docs/developers/hosts.md quotes the rows): "m365-windows" and
 * "mac" are the builds most of the company runs (Windows 2509+, Mac 16.100+), "m365-windows-2606"
 * and "mac-16-110" the current ones (ExcelApi 1.21).
 */
export const HOST_PROFILES: Readonly<Record<HostId, HostProfile>> = {
  "excel-2021": {
    id: "excel-2021",
    name: "Excel 2021 (volume licensed, Windows)",
    platform: "PC",
    sets: {
      ExcelApi: "1.14",
      CustomFunctionsRuntime: "1.3",
      SharedRuntime: "1.1",
      IdentityAPI: "1.3",
    },
  },
  "office-ltsc-2024": {
    id: "office-ltsc-2024",
    name: "Office LTSC 2024 (Windows)",
    platform: "PC",
    sets: {
      ExcelApi: "1.17",
      CustomFunctionsRuntime: "1.3",
      SharedRuntime: "1.2",
      IdentityAPI: "1.3",
    },
  },
  "m365-windows": {
    id: "m365-windows",
    name: "Microsoft 365 (Windows 2509+)",
    platform: "PC",
    sets: WINDOWS_2509,
  },
  "m365-windows-2606": {
    id: "m365-windows-2606",
    name: "Microsoft 365 current (Windows 2606+)",
    platform: "PC",
    sets: DESKTOP_1_21,
  },
  "excel-web": {
    id: "excel-web",
    name: "Excel on the web",
    platform: "OfficeOnline",
    sets: {
      ExcelApi: "1.21",
      CustomFunctionsRuntime: "1.5",
      SharedRuntime: "1.2",
      NestedAppAuth: "1.1",
      IdentityAPI: "1.3",
    },
    limits: { requestBytes: FIVE_MB, responseBytes: FIVE_MB, cellsRead: 5_000_000 },
  },
  mac: {
    id: "mac",
    name: "Microsoft 365 on Mac (16.100+)",
    platform: "Mac",
    sets: DESKTOP_1_20,
  },
  "mac-16-110": {
    id: "mac-16-110",
    name: "Microsoft 365 current on Mac (16.110.1+)",
    platform: "Mac",
    sets: DESKTOP_1_21,
  },
};

/** The profile the preview uses when none is asked for: Microsoft 365 on Windows, current. */
export const DEFAULT_HOST: HostId = "m365-windows";

/** `a` ≤ `b` for requirement set versions such as "1.9" and "1.19" (compared part by part). */
export function versionAtMost(a: string, b: string): boolean {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
    if (x !== y) return x < y;
  }
  return true;
}

/** True for a known profile id. */
export function isHostId(id: unknown): id is HostId {
  return typeof id === "string" && (HOST_IDS as readonly string[]).includes(id);
}

/** The profile of an id; the default profile for none; an Error naming the ids for an unknown one. */
export function profileById(id: string | null | undefined): HostProfile {
  if (id === null || id === undefined || id === "") return HOST_PROFILES[DEFAULT_HOST];
  if (!isHostId(id)) {
    throw new Error(`Unknown host profile "${id}": use one of ${HOST_IDS.join(", ")}.`);
  }
  return HOST_PROFILES[id];
}

/** `Office.context.requirements.isSetSupported(name, version)` as the profile answers it. */
export function supportsSet(profile: HostProfile, name: string, version = "1.1"): boolean {
  const entry = Object.entries(profile.sets).find(
    ([set]) => set.toLowerCase() === String(name).toLowerCase()
  );
  return entry !== undefined && versionAtMost(String(version), entry[1]);
}

/** `Office.context.requirements` of a profile. */
export function requirementsOf(profile: HostProfile) {
  return {
    isSetSupported: (name: string, version?: string) => supportsSet(profile, name, version),
  };
}
