/**
 * `billingPreview.install(frameWindow)`: what the task pane frame calls right after office.js
 * (see src/taskpane/taskpane.html). It gives the frame the host globals Excel would provide, all
 * bound to the preview's workbook: `Excel`, `OfficeRuntime.storage`, `CustomFunctions`, and an
 * `Office.actions.associate` that also records the ribbon commands.
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

/** Installs the host globals into the task pane frame. */
export function installHost(frameWindow: Window, host: PreviewHost): void {
  const w = frameWindow as unknown as Record<string, unknown>;
  // office.js outside Office blanks a page that runs in a frame unless this global exists; with it,
  // Office.onReady resolves with host null as in a plain browser tab.
  w.OsfOptOut = true;
  defineGlobal(w, "Excel", host.excel);
  defineGlobal(w, "OfficeRuntime", { storage: createRuntimeStorage(frameWindow.localStorage) });
  defineGlobal(w, "CustomFunctions", createCustomFunctionsShim(host.registry));
  const office = w.Office as { actions?: { associate?: (...a: unknown[]) => void } } | undefined;
  if (office) {
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
