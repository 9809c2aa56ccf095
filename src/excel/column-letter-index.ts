/** The 0-based column index of Excel column letters ("A" → 0, "AB" → 27); -1 when not letters. */
export function columnIndexOf(letters: string): number {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) return -1;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
