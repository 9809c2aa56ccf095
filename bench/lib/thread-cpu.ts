/**
 * This process's CPU split by thread (Linux `/proc/self/task`): the main thread, where the add-in's
 * code and its garbage collector's pauses run (in Excel, the pane's thread: its CPU is what makes
 * a pane stutter), and every other thread (V8's helpers: the optimising compiler and the
 * concurrent and parallel parts of the garbage collector; libuv's pool). `process.cpuUsage()` is
 * their sum. Ticks are the kernel's clock ticks (10 ms at USER_HZ 100): read over windows of seconds.
 * Elsewhere than Linux it reads nothing (`undefined`), and the benches print the sum only.
 */
import { readFileSync, readdirSync } from "node:fs";

/** CPU ms so far: the main thread's and all others'. */
export interface ThreadCpu {
  mainMs: number;
  otherMs: number;
}

/** USER_HZ: the unit of /proc's utime and stime (100 on every Linux the project runs on). */
const TICK_MS = 10;

function taskMs(task: string): number {
  const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
  // Fields after the command (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** The CPU used so far by the main thread and by the others, or undefined where /proc has none. */
export function threadCpu(): ThreadCpu | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync("/proc/self/task");
  } catch {
    return undefined;
  }
  const main = String(process.pid);
  let mainMs = 0;
  let otherMs = 0;
  for (const task of tasks) {
    try {
      const ms = taskMs(task);
      if (task === main) mainMs += ms;
      else otherMs += ms;
    } catch {
      // A thread that ended between the listing and the read used nothing more.
    }
  }
  return { mainMs, otherMs };
}

/** What was used between two readings (undefined when either is). */
export function threadCpuSince(
  before: ThreadCpu | undefined,
  after: ThreadCpu | undefined
): ThreadCpu | undefined {
  if (before === undefined || after === undefined) return undefined;
  return { mainMs: after.mainMs - before.mainMs, otherMs: after.otherMs - before.otherMs };
}
