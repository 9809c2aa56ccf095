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
import type { HostProfile } from "./hosts/profiles";
import { profileById, requirementsOf } from "./hosts/profiles";

/** What the preview shares with the frame. */
export interface PreviewHost {
  excel: FakeExcelNamespace;
  registry: FunctionRegistry;
  /** Ribbon commands by id (`refreshBilling`), as associated by the commands bundle. */
  commands: Map<string, RegisteredFunction>;
  /**
   * The host profile the preview stands in for (`preview.html?host=excel-2021`; default Microsoft
   * 365 current): `Office.context.requirements` and `Office.context.platform` answer by it.
   */
  profile?: HostProfile;
  /**
   * Office's display language the preview stands in for (`preview.html?lang=nl` gives "nl-NL";
   * default "en-US"): `Office.context.displayLanguage` answers it, so the pane and the functions
   * speak it (src/i18n).
   */
  displayLanguage?: string;
}

/** `?lang=nl` → "nl-NL", `?lang=en` → "en-US", a full tag as given, nothing → "en-US". */
export function displayLanguageOf(lang: string | null | undefined): string {
  const asked = (lang ?? "").trim();
  if (asked === "") return "en-US";
  if (/^nl$/i.test(asked)) return "nl-NL";
  if (/^en$/i.test(asked)) return "en-US";
  return asked;
}

/**
 * `Office.context.requirements` of a host profile in the preview. NestedAppAuth needs Office's
 * bridge (`window.nestedAppAuthBridge`), which the preview, not being Office, has only when a test
 * stands one in: without it the set is reported missing, so sign-in takes the path it takes
 * outside Office instead of waiting for a bridge that never answers.
 */
export function previewRequirements(
  profile: HostProfile = profileById(null),
  hasBridge: () => boolean = () => false
) {
  const answers = requirementsOf(profile);
  return {
    isSetSupported(name: string, version?: string): boolean {
      if (String(name).toLowerCase() === "nestedappauth" && !hasBridge()) return false;
      return answers.isSetSupported(name, version);
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
function provideRequirements(
  office: object,
  requirements: ReturnType<typeof previewRequirements>,
  platform: string,
  displayLanguage: string
) {
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
      if (typeof context === "object" && context.platform == null) context.platform = platform;
      if (typeof context === "object" && context.displayLanguage !== displayLanguage)
        showLanguage(context, displayLanguage);
      return context;
    },
    set: (next: unknown) => {
      if (own?.set) own.set.call(office, next);
      else held = next;
    },
  });
}

/**
 * Makes `context.displayLanguage` answer `language`: office.js outside Office may hold its own
 * (the browser's) behind a getter, which an own property replaces.
 */
function showLanguage(context: Record<string, unknown>, language: string): void {
  try {
    Object.defineProperty(context, "displayLanguage", {
      configurable: true,
      enumerable: true,
      value: language,
    });
  } catch {
    // A frozen context keeps its own language; the pane then speaks that one.
  }
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
    | {
        actions?: { associate?: (...a: unknown[]) => void };
        onReady?: (callback?: (info: unknown) => unknown) => Promise<unknown>;
      }
    | undefined;
  if (office) {
    // Outside Office, office.js's `Office.context` has no requirement sets: the preview says what it
    // supports, now and again once office.js has initialised (it redefines `context` then).
    const profile = host.profile ?? profileById(null);
    const requirements = previewRequirements(profile, () => w.nestedAppAuthBridge !== undefined);
    const language = host.displayLanguage ?? displayLanguageOf(undefined);
    provideRequirements(office, requirements, profile.platform, language);
    const ready = Promise.resolve(office.onReady?.()).then(
      (info) => {
        provideRequirements(office, requirements, profile.platform, language);
        return info;
      },
      () => undefined
    );
    // The add-in's own `Office.onReady` callbacks run once the preview has answered again: the
    // pane reads `displayLanguage` at its start, whichever of the two office.js would call first.
    if (office.onReady)
      office.onReady = (callback) =>
        ready.then((info) => {
          callback?.(info);
          return info;
        });
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
