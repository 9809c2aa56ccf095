/**
 * A CPU profile of a page through CDP, summarised as the functions with the most self time: how
 * bench:sheet finds where a phase's time goes (`BENCH_PROFILE=1`).
 */
import type { CDPSession } from "playwright-core";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/**
 * Self time by script file: a native function's time (no file of its own: DOM calls, forced
 * layout) goes to the nearest caller that has one; the rest stays "(program)", "(idle)", "(garbage
 * collector)". Says whose code the main thread ran (bench:preview: the pane's bundle, the preview's).
 */
export function selfTimeByFile(profile: {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const fileOf = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = nodes.get(at)?.callFrame.url ?? "";
      if (url !== "") return url.split("/").pop() ?? url;
    }
    return nodes.get(id)?.callFrame.functionName ?? "?";
  };
  const byFile = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const file = fileOf(id);
    byFile.set(file, (byFile.get(file) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  return byFile;
}

/**
 * The longest stretch of samples without "(idle)" (the main thread's longest busy spell, which a
 * click or a progress tick waits behind), and its time by the nearest function with a script file
 * ("(program)" and the garbage collector as themselves).
 */
export function longestBusyStretch(
  profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] },
  n = 10
): string {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const idle = (id: number) => nodes.get(id)?.callFrame.functionName === "(idle)";
  let best = { from: 0, to: 0, ms: 0 };
  let from = 0;
  let ms = 0;
  samples.forEach((id, i) => {
    if (idle(id)) {
      from = i + 1;
      ms = 0;
      return;
    }
    ms += (deltas[i] ?? 0) / 1000;
    if (ms > best.ms) best = { from, to: i + 1, ms };
  });
  const where = new Map<string, number>();
  for (let i = best.from; i < best.to; i++) {
    let key = nodes.get(samples[i])?.callFrame.functionName ?? "?";
    for (let at: number | undefined = samples[i]; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (frame && frame.url !== "") {
        key = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber + 1}`;
        break;
      }
    }
    where.set(key, (where.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  const top = [...where.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, t]) => `${t.toFixed(0).padStart(7)} ms  ${key}`);
  return `Longest busy stretch: ${best.ms.toFixed(0)} ms\n${top.join("\n")}`;
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
    const top = [...selfMs.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`);
    const files = [...selfTimeByFile(profile as Parameters<typeof selfTimeByFile>[0]).entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([file, ms]) => `${file} ${ms.toFixed(0)} ms`);
    const stretch = longestBusyStretch(profile as Parameters<typeof longestBusyStretch>[0]);
    return `${top.join("\n")}\nBy file (native calls to their caller's): ${files.join(", ")}\n${stretch}`;
  };
}
