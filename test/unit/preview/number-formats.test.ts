/**
 * The preview's cells show a number as Excel's number format does: a `0` after the point is a
 * digit always shown, a `#` one shown unless it is a trailing zero (the template's unit prices).
 */
import { formatValue } from "../../../preview/fake-excel/cell-values";

describe("number formats in the preview", () => {
  it.each([
    [0.0825, "#,##0.00####", "0.0825"],
    [0.335, "#,##0.00####", "0.335"],
    [125.5, "#,##0.00####", "125.50"],
    [12500, "#,##0.00####", "12,500.00"],
    [604.3, "#,##0.00", "604.30"],
    [1031.25, "0.00", "1031.25"],
    // Excel keeps the point when no digit follows it.
    [3, "0.##", "3."],
  ])("%p under %s shows %s", (value, format, shown) => {
    expect(formatValue(value, format)).toBe(shown);
  });
});
