/**
 * Pins processes to cores with `taskset`, so the load generator and the server stop taking each
 * other's time slices: on 2 cores, the bench (autocannon runs in its own process) gets one core and
 * the server the other. Every thread is pinned (`-a`): libuv's and zlib's workers too.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { childPids } from './process-cpu';

export const canPin = (): boolean => {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

async function treeOf(pid: number): Promise<number[]> {
  const children = await childPids(pid);
  return [pid, ...(await Promise.all(children.map(treeOf))).flat()];
}

const setAffinity = (pid: number, cores: string) => execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });

/** The server and its children (a cluster's API processes); the bench itself alone, not the server it spawned. */
async function pinTree(pid: number, cores: string): Promise<void> {
  for (const each of await treeOf(pid)) setAffinity(each, cores);
}

/** Runs `during` with this process on core 0 and the server (with its children) on core 1, then unpins both. */
export async function pinned<T>(serverPid: number, during: () => Promise<T>): Promise<T> {
  const all = `0-${availableParallelism() - 1}`;
  setAffinity(process.pid, '0');
  await pinTree(serverPid, '1');
  try {
    return await during();
  } finally {
    await pinTree(serverPid, all);
    setAffinity(process.pid, all);
  }
}
