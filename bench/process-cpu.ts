/**
 * CPU time a process has used (user + system, all its threads: zlib and libuv work included), from
 * /proc. Per request it is a figure a busy shared machine disturbs far less than latency or rate.
 * A server of several processes (a cluster's supervisor and its API processes) counts them all.
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

async function ownCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return 0; // gone between listing and reading
  // Fields after the ")" that closes the command name: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/** The process's live children, from every thread's `children` list. */
export async function childPids(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const lists = await Promise.all(tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')));
  return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number));
}

/** CPU milliseconds of the process and all its live descendants. */
export async function processCpuMs(pid: number): Promise<number> {
  const children = await childPids(pid);
  const own = await ownCpuMs(pid);
  const theirs = await Promise.all(children.map((child) => processCpuMs(child)));
  return theirs.reduce((sum, ms) => sum + ms, own);
}
