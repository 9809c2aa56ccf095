/**
 * A small plain-text table for benchmark output: columns padded to their widest cell.
 */

/** Renders `rows` (first row = header) as aligned columns with a rule under the header. */
export function renderTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const line = (r: readonly string[]) =>
    r
      .map((cell, c) => (cell ?? "").padEnd(widths[c]))
      .join("  ")
      .trimEnd();
  const [head, ...body] = rows;
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

/** "PASS" or "MISS". */
export function verdict(ok: boolean): string {
  return ok ? "PASS" : "MISS";
}
