/**
 * A CPU profile of a page through CDP, summarised as the functions with the most self time: how
 * bench:sheet finds where a phase's time goes (`BENCH_PROFILE=1`).
 */
import type { CDPSession } from "playwright-core";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Starts the profiler; the returned function stops it and returns the top `n` lines. */
export async function startProfile(cdp: CDPSession): Promise<(n?: number) => Promise<string>> {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
  await cdp.send("Profiler.start");
  return async (n = 15) => {
    const { profile } = await cdp.send("Profiler.stop");
    const nodes = new Map<number, ProfileNode>(
      (profile.nodes as ProfileNode[]).map((node) => [node.id, node])
    );
    const selfMs = new Map<string, number>();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    samples.forEach((id, i) => {
      const frame = nodes.get(id)?.callFrame;
      if (!frame) return;
      const file = frame.url.split("/").pop() ?? "";
      const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
      selfMs.set(key, (selfMs.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
    });
    return [...selfMs.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`)
      .join("\n");
  };
}
