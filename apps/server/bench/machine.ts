import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/**
 * Where the machine's CPU went during a run, from /proc (Linux): the benchmarks run on a 2-core machine
 * shared with PostgreSQL, HAProxy and the load generator, so a figure means little without the CPU of
 * each beside it. Elsewhere than Linux the CPU figures are 0 and only the load average is real.
 */

/** /proc counts CPU in clock ticks; 100 per second on every Linux this runs on (`getconf CLK_TCK`). */
const TICKS_PER_S = 100;

export const loadAverage1m = (): number => loadavg()[0]!;

interface ProcStat {
  pid: number;
  ppid: number;
  ticks: number;
}

function readStat(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // Fields 4 (ppid), 14 (utime) and 15 (stime) of proc(5), counted from the state field (3).
    return { pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // gone meanwhile, or not Linux
  }
}

function allStats(): ProcStat[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.map(readStat).filter((s): s is ProcStat => s !== undefined);
}

/** CPU seconds used so far by each of `roots` and all its descendants (exited ones no longer count). */
export function cpuSecondsOfTrees(roots: readonly number[]): number[] {
  const stats = allStats();
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  return roots.map((root) => {
    let ticks = 0;
    const todo = [byPid.get(root)].filter((s): s is ProcStat => s !== undefined);
    while (todo.length > 0) {
      const s = todo.pop()!;
      ticks += s.ticks;
      todo.push(...(children.get(s.pid) ?? []));
    }
    return ticks / TICKS_PER_S;
  });
}

/** The whole machine's busy and total CPU seconds so far (all cores), from /proc/stat. */
export function machineCpuSeconds(): { busyS: number; totalS: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = v[3]! + v[4]!; // idle + iowait
    return { busyS: (total - idle) / TICKS_PER_S, totalS: total / TICKS_PER_S };
  } catch {
    return { busyS: 0, totalS: 0 };
  }
}

export interface CpuShares {
  wallS: number;
  /** Load average (1 min) when the run started and when it ended. */
  load: [number, number];
  /** Busy share of the whole machine, all cores (1 = every core busy the whole time). */
  machineBusy: number;
  /** CPU seconds of each watched process tree, in the order given. */
  treesS: number[];
  /** CPU seconds of this process (the load generator). */
  selfS: number;
  /** Busy CPU seconds of everything else: PostgreSQL, the kernel's networking, other people's work. */
  restS: number;
}

/** Starts measuring; the returned function ends the measure. */
export function measureCpu(trees: readonly number[]): () => CpuShares {
  const t0 = performance.now();
  const load0 = loadAverage1m();
  const m0 = machineCpuSeconds();
  const trees0 = cpuSecondsOfTrees(trees);
  const self0 = process.cpuUsage();
  return () => {
    const self = process.cpuUsage(self0);
    const treesS = cpuSecondsOfTrees(trees).map((s, i) => s - trees0[i]!);
    const m1 = machineCpuSeconds();
    const selfS = (self.user + self.system) / 1e6;
    const busyS = m1.busyS - m0.busyS;
    return {
      wallS: (performance.now() - t0) / 1000,
      load: [load0, loadAverage1m()],
      machineBusy: m1.totalS > m0.totalS ? busyS / (m1.totalS - m0.totalS) : 0,
      treesS,
      selfS,
      restS: Math.max(0, busyS - selfS - treesS.reduce((a, b) => a + b, 0)),
    };
  };
}
