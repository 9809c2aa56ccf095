/**
 * Money as the pane shows it, in the pane's language: "1,234.56" in English, "1.234,56" in Dutch
 * (the catalogue's `money.thousands` and `money.decimal`). Pure.
 */
import Big from "big.js";
import { t } from "../i18n";

/** "1,234.56" ("1.234,56"): an exact decimal text grouped by thousands, at least to the cent, never via a float. */
export function groupedMoney(amount: string): string {
  let fixed: string;
  try {
    const value = new Big(amount);
    const decimals = Math.max(2, (value.toString().split(".")[1] ?? "").length);
    fixed = value.toFixed(decimals);
  } catch {
    return amount;
  }
  const negative = fixed.startsWith("-");
  const [whole, cents] = (negative ? fixed.slice(1) : fixed).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, t("money.thousands"));
  return `${negative ? "-" : ""}${grouped}${t("money.decimal")}${cents}`;
}
