/** `items` cut into `parts` consecutive parts whose sizes differ by at most one (order kept). */
export function evenParts<T>(items: readonly T[], parts: number): T[][] {
  const n = items.length;
  const result: T[][] = [];
  for (let i = 0, from = 0; i < parts; i += 1) {
    const to = Math.round(((i + 1) * n) / parts);
    result.push(items.slice(from, to));
    from = to;
  }
  return result;
}
