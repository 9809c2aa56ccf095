/**
 * The language Office shows (`Office.context.displayLanguage`, "nl-NL" for Dutch): the catalogue
 * (src/i18n) reads it at every message. The shared runtime loads the catalogue once for the pane
 * and the functions; both entries still call `speakOfficeLanguage()`, so neither depends on which
 * starts first.
 */
import { useDisplayLanguage } from "../i18n";

/** Office's display language, or undefined before Office is ready or outside Office. */
export function officeDisplayLanguage(): string | undefined {
  try {
    if (typeof Office === "undefined") return undefined;
    const language = Office.context?.displayLanguage;
    return typeof language === "string" ? language : undefined;
  } catch {
    return undefined;
  }
}

/** Makes the catalogue speak Office's display language (Dutch for "nl-…", English otherwise). */
export function speakOfficeLanguage(): void {
  useDisplayLanguage(officeDisplayLanguage);
}
