import Big from "big.js";
import { isDecimalText } from "../api";
import { reason } from "../i18n";
import { CostError } from "./cost-error";

/** The exact sum of decimal amounts (no float drift): "0.1" + "0.2" is exactly "0.3". */
export function sumMoney(amounts: readonly string[]): Big {
  return amounts.reduce((sum, amount) => {
    if (!isDecimalText(amount)) {
      throw new CostError("invalid-data", reason("cost.notMoney", { amount }));
    }
    return sum.plus(amount.trim());
  }, new Big(0));
}

/**
 * An amount rounded to the cent, half up (0.005 → 0.01), as decimal text with two decimals. Used only
 * on totals, once, at the end: unit tariffs are shown as the service sent them.
 */
export function toCents(amount: Big | string): string {
  const rounded = new Big(amount).round(2, Big.roundHalfUp);
  // big.js keeps the sign of zero; "-0.00" is not a total a controller should see.
  return (rounded.eq(0) ? new Big(0) : rounded).toFixed(2);
}
