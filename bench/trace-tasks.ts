/**
 * Main-thread tasks from a Chrome trace, timed by their thread CPU time (`tdur`) as well as wall time:
 * on a machine shared with other work the wall time of a task grows with the load (Lighthouse's
 * simulated Total Blocking Time scales it by 4), its CPU time hardly at all.
 */
import { round } from './stats';

export interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string; functionName?: string } } }
export interface CpuTask { start: number; wallMs: number; cpuMs: number; what: string }

/**
 * The page's main-thread tasks from a Chrome trace taken at normal speed: each task's thread CPU
 * time (`tdur`), which the machine's load barely moves, where its wall time (what Lighthouse's
 * simulation scales by 4) grows with every other process on the core. `what`: the task's longest
 * direct parts (script by URL, layout, parsing, GC).
 */
export function traceTasks(events: TraceEvent[]): { tasks: CpuTask[]; fcpUs: number; originUs: number } {
  // The shop page's, the trace's last navigation (the same-origin page before it may paint once tracing has begun).
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts).at(-1);
  if (!fcp) throw new Error('no firstContentfulPaint in the trace');
  const main = (e: TraceEvent) => e.pid === fcp.pid && e.tid === fcp.tid;
  const navigationId = (e: TraceEvent) => (e.args?.data as { navigationId?: string } | undefined)?.navigationId;
  const navigation = events.find((e) => e.name === 'navigationStart' && navigationId(e) !== undefined && navigationId(e) === navigationId(fcp)) ?? events.filter((e) => main(e) && e.name === 'navigationStart' && e.ts <= fcp.ts).at(-1);
  const originUs = navigation?.ts ?? fcp.ts;
  const runs = events.filter((e) => main(e) && e.ph === 'X' && e.name === 'RunTask' && e.ts >= originUs).sort((a, b) => a.ts - b.ts);
  // Outermost tasks only (a nested run loop runs tasks inside a task).
  const top: TraceEvent[] = [];
  for (const e of runs) if (!top.length || e.ts >= top.at(-1)!.ts + (top.at(-1)!.dur ?? 0)) top.push(e);
  const parts = events.filter((e) => main(e) && e.ph === 'X' && e.name !== 'RunTask' && e.ts >= originUs);
  let i = 0;
  const tasks = top.map((t) => {
    const end = t.ts + (t.dur ?? 0);
    const inside = new Map<string, number>();
    while (i < parts.length && parts[i]!.ts < t.ts) i++;
    for (let j = i; j < parts.length && parts[j]!.ts < end; j++) {
      const e = parts[j]!;
      const url = e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '').slice(0, 40)}` : '';
      const key = `${e.name}${url}`;
      inside.set(key, (inside.get(key) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
    }
    const what = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, ms]) => `${k} ${round(ms, 1)}`).join(', ');
    return { start: round((t.ts - originUs) / 1000, 0), wallMs: round((t.dur ?? 0) / 1000, 1), cpuMs: round((t.tdur ?? t.dur ?? 0) / 1000, 1), what };
  });
  return { tasks, fcpUs: fcp.ts - originUs, originUs };
}


/** Total Blocking Time after FCP as a CPU `slowdown` would make it: the sum over tasks of (CPU ms x slowdown - 50), from CPU or from wall time. */
export function blockingMs(tasks: readonly CpuTask[], fcpUs: number, slowdown: number, time: 'cpu' | 'wall' = 'cpu'): number {
  return round(tasks.filter((t) => t.start * 1000 >= fcpUs).reduce((sum, t) => sum + Math.max(0, (time === 'cpu' ? t.cpuMs : t.wallMs) * slowdown - 50), 0), 0);
}
