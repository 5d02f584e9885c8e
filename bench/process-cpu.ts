/**
 * CPU time a process has used (user + system, all its threads: zlib and libuv work included), from
 * /proc. Per request it is a figure a busy shared machine disturbs far less than latency or rate.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the ")" that closes the command name: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}
