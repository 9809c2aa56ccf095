/** Counts round trips to Excel, so tests and benchmarks can report them. */
export interface SyncCounter {
  count: number;
}

/** `context.sync()`, counted when a counter is given. */
export async function countedSync(
  context: Excel.RequestContext,
  counter?: SyncCounter
): Promise<void> {
  await context.sync();
  if (counter) counter.count++;
}
