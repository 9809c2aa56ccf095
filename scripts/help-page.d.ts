/** See help-page.js. */
export const HELP_PAGE: string;
export function headingAnchor(text: string): string;
export function anchorsOf(markdown: string): string[];
export function renderHelpPage(markdown: string): string;
export class HelpPagePlugin {
  constructor(options: { markdownFile: string; url: string; devUrl: string });
  apply(compiler: import("webpack").Compiler): void;
}
