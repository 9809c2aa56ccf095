/**
 * A plain-text table for benchmark output: left-aligned first column, right-aligned figures,
 * columns as wide as their widest cell. Shared by the benchmarks (costs, invoices).
 */
export type TableCell = string | number;

/** Formats a number for a table: integers with thousands separators, others with `decimals`. */
export function figure(value: number, decimals = 0): string {
  return value.toLocaleString("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** Renders `rows` under `header` as aligned text lines, with a rule under the header. */
export function renderTable(
  header: readonly TableCell[],
  rows: readonly (readonly TableCell[])[]
): string {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, col) => Math.max(...all.map((row) => (row[col] ?? "").length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col])))
      .join("  ")
      .trimEnd();
  const [head, ...body] = all;
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

/** "PASS" or "MISS", for a target line. */
export function verdict(ok: boolean): string {
  return ok ? "PASS" : "MISS";
}
