/**
 * `billingPreview.install(frameWindow)`: what the task pane frame calls right after office.js
 * (see src/taskpane/taskpane.html). It gives the frame the host globals Excel would provide, all
 * bound to the preview's workbook: `Excel`, `OfficeRuntime.storage`, `CustomFunctions`, an
 * `Office.actions.associate` that also records the ribbon commands, and the requirement sets the
 * preview stands in for (`Office.context.requirements`).
 */
import type { FakeExcelNamespace } from "./fake-excel/excel-namespace";
import type { FunctionRegistry, RegisteredFunction } from "./custom-functions-shim";
import { createCustomFunctionsShim } from "./custom-functions-shim";
import { createRuntimeStorage } from "./office-runtime-storage";

/** What the preview shares with the frame. */
export interface PreviewHost {
  excel: FakeExcelNamespace;
  registry: FunctionRegistry;
  /** Ribbon commands by id (`refreshBilling`), as associated by the commands bundle. */
  commands: Map<string, RegisteredFunction>;
  /**
   * The ExcelApi version the preview answers `isSetSupported` for (default {@link PREVIEW_EXCEL_API});
   * `preview.html?excelApi=1.15` shows what an older Excel shows.
   */
  excelApi?: string;
}

/**
 * ExcelApi version the preview reports: its cells show formatted numbers (data types' `Double` with
 * a `numberFormat`, 1.19). Every other requirement set is reported as unsupported, so code that asks
 * for one (nested app authentication) takes the path it takes outside Office.
 */
export const PREVIEW_EXCEL_API = "1.19";

/** `a` ≤ `b` for requirement set versions such as "1.9" and "1.19" (compared part by part). */
function versionAtMost(a: string, b: string): boolean {
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

/** `Office.context.requirements` for a host that implements ExcelApi up to `excelApi`. */
export function previewRequirements(excelApi: string) {
  return {
    isSetSupported(name: string, version = "1.1"): boolean {
      return name.toLowerCase() === "excelapi" && versionAtMost(version, excelApi);
    },
  };
}

/**
 * Defines a global that later scripts cannot replace by assignment (office.js may try). A global
 * office.js already declared with `var` (CustomFunctions) cannot be redefined: its object gets our
 * members instead.
 */
function defineGlobal(target: Record<string, unknown>, name: string, value: object): void {
  const existing = Object.getOwnPropertyDescriptor(target, name);
  if (existing && !existing.configurable) {
    const current = target[name];
    if (current && typeof current === "object") Object.assign(current, value);
    else target[name] = value;
    return;
  }
  Object.defineProperty(target, name, {
    configurable: true,
    enumerable: true,
    get: () => value,
    set: () => {
      // Ignored: the preview's object stays the global.
    },
  });
}

/**
 * Makes `office.context.requirements` answer for the preview, whatever object office.js's
 * `context` is (it defines the property with a getter of its own while it initialises).
 */
function provideRequirements(office: object, requirements: ReturnType<typeof previewRequirements>) {
  const own = Object.getOwnPropertyDescriptor(office, "context");
  let held: unknown = own && "value" in own ? own.value : undefined;
  const read = own?.get ? () => own.get!.call(office) as unknown : () => held;
  Object.defineProperty(office, "context", {
    configurable: true,
    enumerable: true,
    get: () => {
      const context = (read() ?? (held ??= {})) as Record<string, unknown>;
      if (typeof context === "object" && context.requirements === undefined)
        context.requirements = requirements;
      return context;
    },
    set: (next: unknown) => {
      if (own?.set) own.set.call(office, next);
      else held = next;
    },
  });
}

/** Installs the host globals into the task pane frame. */
export function installHost(frameWindow: Window, host: PreviewHost): void {
  const w = frameWindow as unknown as Record<string, unknown>;
  // office.js outside Office blanks a page that runs in a frame unless this global exists; with it,
  // Office.onReady resolves with host null as in a plain browser tab.
  w.OsfOptOut = true;
  defineGlobal(w, "Excel", host.excel);
  defineGlobal(w, "OfficeRuntime", { storage: createRuntimeStorage(frameWindow.localStorage) });
  defineGlobal(w, "CustomFunctions", createCustomFunctionsShim(host.registry));
  const office = w.Office as
    | { actions?: { associate?: (...a: unknown[]) => void }; onReady?: () => Promise<unknown> }
    | undefined;
  if (office) {
    // Outside Office, office.js's `Office.context` has no requirement sets: the preview says what it
    // supports, now and again once office.js has initialised (it redefines `context` then).
    const requirements = previewRequirements(host.excelApi ?? PREVIEW_EXCEL_API);
    provideRequirements(office, requirements);
    Promise.resolve(office.onReady?.()).then(
      () => provideRequirements(office, requirements),
      () => undefined
    );
    const actions = (office.actions ??= {});
    const original = actions.associate?.bind(actions);
    actions.associate = (id: unknown, fn: unknown) => {
      if (typeof id === "string" && typeof fn === "function")
        host.commands.set(id, fn as RegisteredFunction);
      try {
        original?.(id, fn);
      } catch {
        // office.js outside Office may refuse; the preview keeps its own record.
      }
    };
  }
}
