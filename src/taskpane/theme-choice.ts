/**
 * Which Fluent theme the pane uses: Office's own theme decides (a dark Office gets a dark pane), and
 * `?theme=dark|light` on the pane's address overrides it so the preview and the browser tests can
 * show either. Pure, so it is unit-tested in Node.
 */

/** The two Fluent themes the pane ships. */
export type PaneTheme = "light" | "dark";

/** The part of `Office.context.officeTheme` the choice needs. */
export interface OfficeThemeLike {
  bodyBackgroundColor?: string;
  isDarkTheme?: boolean;
}

/** Relative luminance (WCAG) of `#rrggbb` or `#rgb`; `undefined` for anything else. */
export function luminance(color: string): number | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return undefined;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/**
 * The theme for `search` (the pane's `location.search`) and Office's theme. Office's `isDarkTheme`
 * (newer hosts) wins over the body colour; a body darker than mid-grey means a dark Office theme
 * ("Black" and "Dark Gray"); no information means light, Office's default.
 */
export function chooseTheme(search: string, office: OfficeThemeLike | undefined): PaneTheme {
  const asked = new URLSearchParams(search).get("theme");
  if (asked === "dark" || asked === "light") return asked;
  if (typeof office?.isDarkTheme === "boolean") return office.isDarkTheme ? "dark" : "light";
  const l = office?.bodyBackgroundColor ? luminance(office.bodyBackgroundColor) : undefined;
  return l !== undefined && l < 0.18 ? "dark" : "light";
}
