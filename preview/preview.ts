/**
 * The preview page (development and demo tool, not Excel): a small in-browser workbook behind the
 * same Excel API calls the add-in makes, the real task pane beside it, and cells that evaluate the
 * real custom functions. See docs/developers/preview.md.
 */
import { createExcelNamespace } from "./fake-excel/excel-namespace";
import { ChartView } from "./chart-view";
import { cultureByName } from "./fake-excel/culture";
import { WorkbookModel } from "./fake-excel/workbook-model";
import { FunctionRegistry } from "./custom-functions-shim";
import type { RegisteredFunction } from "./custom-functions-shim";
import { addDemoSheet } from "./demo-sheet";
import type { FunctionMetadata } from "./formula-engine";
import { FormulaEngine } from "./formula-engine";
import { GridView } from "./grid-view";
import { displayLanguageOf, installHost } from "./install";
import type { HostProfile } from "./hosts/profiles";
import { profileById, supportsSet } from "./hosts/profiles";
import { UndoStack } from "./fake-excel/undo-stack";
import { previewLanguage } from "./words";
import { isMessageKey, tIn, type Language } from "../src/i18n";
import { itConnection } from "../src/excel";

/** The language of the preview's own header: the display language of `?lang=` (Dutch or English). */
const WORDS: Language = previewLanguage();

/**
 * Puts the header's words (`data-i18n`, `data-i18n-aria-label`) into the preview's language; the
 * HTML holds the English, the catalogue's `preview.*` messages.
 */
function translateHeader(): void {
  document.documentElement.lang = WORDS;
  document.title = tIn(WORDS, "preview.title");
  for (const el of document.querySelectorAll<HTMLElement>("[data-i18n]")) {
    const key = el.dataset.i18n ?? "";
    if (isMessageKey(key)) el.textContent = tIn(WORDS, key as "preview.label");
  }
  for (const el of document.querySelectorAll<HTMLElement>("[data-i18n-aria-label]")) {
    const key = el.dataset.i18nAriaLabel ?? "";
    if (isMessageKey(key)) el.setAttribute("aria-label", tIn(WORDS, key as "preview.label"));
  }
}

/** The add-in's custom functions namespace (manifest.xml `Namespace`). */
const NAMESPACE = "BILLING";
/** How long the page waits for functions.json before starting without parameter metadata. */
const METADATA_TIMEOUT_MS = 5_000;

function byId<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`preview.html lacks #${id}`);
  return found as T;
}

async function loadMetadata(): Promise<FunctionMetadata[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), METADATA_TIMEOUT_MS);
  try {
    const response = await fetch("functions.json", { signal: controller.signal });
    if (!response.ok) return [];
    const json = (await response.json()) as { functions?: FunctionMetadata[] };
    return json.functions ?? [];
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The host profile of `preview.html?host=excel-2021` (preview/hosts/profiles.ts; default Microsoft
 * 365 current), shown in the header; an unknown id is said there and the default is used.
 */
function chooseProfile(): HostProfile {
  const asked = new URLSearchParams(location.search).get("host");
  const label = byId("host-profile");
  let profile: HostProfile;
  try {
    profile = profileById(asked);
    label.textContent = tIn(WORDS, "preview.host", { name: profile.name });
  } catch (e) {
    profile = profileById(null);
    label.textContent = `${(e as Error).message} ${tIn(WORDS, "preview.host", { name: profile.name })}`;
  }
  const sets = Object.entries(profile.sets).map(([set, version]) => `${set} ${version}`);
  label.title = `${sets.join(", ")}${profile.limits ? `; ${tIn(WORDS, "preview.limits")}` : ""}`;
  label.dataset.host = profile.id;
  return profile;
}

/**
 * The header's service: the simulator the build points at, or in company mode (a build carrying
 * IT's connection, `npm run start:company`) the company's service the add-in really talks to.
 */
function showService(): void {
  const it = itConnection();
  if (it === undefined) return;
  const label = byId("service-address");
  const address = document.createElement("code");
  address.textContent = it.baseUrl;
  label.replaceChildren(`${tIn(WORDS, "preview.service")} `, address);
}

async function main(): Promise<void> {
  translateHeader();
  showService();
  const model = new WorkbookModel([`${tIn(WORDS, "preview.sheetBase")}1`]);
  model.sheetBase = tIn(WORDS, "preview.sheetBase");
  const params = new URLSearchParams(location.search);
  // `preview.html?culture=nl-NL`: the workbook's separators and dates (application.cultureInfo);
  // without it the culture of the display language (`?lang=nl`: a Dutch Excel shows 55,06).
  model.culture = cultureByName(params.get("culture") ?? displayLanguageOf(params.get("lang")));
  const registry = new FunctionRegistry();
  const profile = chooseProfile();
  // `preview.html?lang=nl`: Office's display language (Office.context.displayLanguage).
  const displayLanguage = displayLanguageOf(new URLSearchParams(location.search).get("lang"));
  const excel = createExcelNamespace(model, profile);
  const commands = new Map<string, RegisteredFunction>();
  const engine = new FormulaEngine(model, registry, {
    namespace: NAMESPACE,
    profile,
    language: WORDS,
  });
  engine.attach();
  // From ExcelApi 1.20 an add-in's writes join Excel's undo stack: Ctrl+Z in the grid undoes them.
  if (supportsSet(profile, "ExcelApi", "1.20")) model.undo = new UndoStack();

  const preview = {
    /** Called by taskpane.html right after office.js. */
    install(frameWindow: Window) {
      installHost(frameWindow, { excel, registry, commands, profile, displayLanguage });
    },
    /** The host profile the preview answers by. */
    profile,
    model,
    registry,
    commands,
    engine,
    addDemoSheet: () => addDemoSheet(model),
    /** Ctrl+Z: undoes the last step of Excel's undo stack (ExcelApi 1.20+ profiles only). */
    undo: () => model.undo?.undo(model) ?? false,
  };
  (window as unknown as { billingPreview: typeof preview }).billingPreview = preview;

  const grid = new GridView(model, {
    grid: byId<HTMLTableElement>("grid"),
    scroller: byId("grid-scroll"),
    addressBox: byId<HTMLInputElement>("address-box"),
    formulaInput: byId<HTMLInputElement>("formula-input"),
    sheetTabs: byId("sheet-tabs"),
  });
  grid.mount();
  // Charts (worksheet.charts.add) drawn over the grid, after it so their cells are placed.
  new ChartView(model, byId("grid-scroll")).mount();

  byId("demo-functions").addEventListener("click", () => addDemoSheet(model));
  document.addEventListener("keydown", (event) => {
    const inField = event.target instanceof HTMLInputElement;
    if ((event.ctrlKey || event.metaKey) && event.key === "z" && !inField && preview.undo())
      event.preventDefault();
  });
  byId("recalculate").addEventListener("click", () => engine.recalculate(true));

  const metadata = await loadMetadata();
  engine.setMetadata(metadata);
  const functionsStatus = byId("functions-status");
  functionsStatus.textContent =
    metadata.length > 0
      ? tIn(WORDS, "preview.functionsDescribed", { count: metadata.length })
      : tIn(WORDS, "preview.noMetadata");

  // The frame is created only now, so `billingPreview` exists when its head script runs.
  const frame = document.createElement("iframe");
  frame.id = "taskpane";
  frame.title = "Billing task pane (the real one)";
  // `preview.html?theme=dark` shows the pane as under a dark Office theme.
  const theme = new URLSearchParams(location.search).get("theme");
  frame.src = theme ? `taskpane.html?theme=${encodeURIComponent(theme)}` : "taskpane.html";
  byId("pane-slot").appendChild(frame);
  frame.addEventListener("load", () => {
    const update = () => {
      functionsStatus.textContent = tIn(WORDS, "preview.functionsRegistered", {
        count: registry.ids().length,
      });
    };
    update();
    setTimeout(update, 1_000);
  });
  document.body.dataset.ready = "true";
}

void main();
