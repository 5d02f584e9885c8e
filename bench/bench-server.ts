/**
 * The server under test, as its own process (so its CPU and memory are its own), on a private copy
 * of the cached seeded data folder. It runs `bench/profiled-server.ts` so its load window can be profiled.
 */
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnServer, type ServerProcess } from '../tests/helpers/spawn-server';
import { TEST_RATE_LIMIT_SCALE, TMP_ROOT } from '../tests/helpers/test-config';
import type { ReplyCacheStats } from '../server/catalog/reply-cache';
import { copyOfSeededData } from './seeded-data-cache';
import { sleep } from './stats';

export interface BenchServer {
  url: string;
  pid: number;
  products: number;
  startSeconds: number;
  seedSeconds: number;
  /** The catalogue reply cache's counters as the server last wrote them (every 100 ms). */
  replyStats(): Promise<ReplyCacheStats>;
  /** Takes a CPU profile of whatever `during` does to the server and returns the file. */
  profile(during: () => Promise<unknown>): Promise<string>;
  /** Runs a full garbage collection in the server; then its `process.memoryUsage()` and VmRSS (MB). */
  collectGarbage(): Promise<{ usage: NodeJS.MemoryUsage; rss: number }>;
  stop(): Promise<void>;
}

/** Resident memory of a process from /proc, in MB: `VmRSS` now and `VmHWM` (the peak). */
export async function residentMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The bench server's admin token: `cache-control: no-cache` computes a catalogue reply afresh only with one. */
export const BENCH_ADMIN_TOKEN = 'bench-admin-token';

/**
 * What a bench server needs besides its data, for servers started without spawnServer: the admin
 * token, and request limits raised as in tests (a load run is one address sending thousands of queries).
 */
export const BENCH_SERVER_ENV = { ADMIN_TOKEN: BENCH_ADMIN_TOKEN, RATE_LIMIT_SCALE: TEST_RATE_LIMIT_SCALE } as const;

export async function startBenchServer(products: number, log: (line: string) => void, env: Record<string, string> = {}): Promise<BenchServer> {
  const data = await copyOfSeededData(products, log);
  // Profiles stay after the run (under .tmp/bench-profiles) for DevTools or speedscope.
  await mkdir(path.join(TMP_ROOT, 'bench-profiles'), { recursive: true });
  const profileDir = await mkdtemp(path.join(TMP_ROOT, 'bench-profiles', `${products}-`));
  const started = performance.now();
  let server: ServerProcess;
  try {
    server = await spawnServer({ DATA_DIR: data.dataDir, SEED_PRODUCTS: String(products), BENCH_PROFILE_DIR: profileDir, ADMIN_TOKEN: BENCH_ADMIN_TOKEN, ...env }, 10 * 60_000, 'bench/profiled-server.ts');
  } catch (error) {
    await data.remove();
    throw error;
  }
  const startSeconds = (performance.now() - started) / 1000;
  const pid = server.child.pid!;
  let profiles = 0;
  let memoryReports = 0;

  async function waitForFile(name: string): Promise<string> {
    for (let waited = 0; waited < 60_000; waited += 100) {
      if ((await readdir(profileDir)).includes(name)) return path.join(profileDir, name);
      await sleep(100);
    }
    throw new Error(`the server wrote no ${name} within a minute\n${server.output().slice(-2000)}`);
  }

  return {
    url: server.url,
    pid,
    products,
    startSeconds,
    seedSeconds: data.seedSeconds,
    async replyStats() {
      await sleep(250); // past the server's next write
      return JSON.parse(await readFile(path.join(profileDir, 'replies.json'), 'utf8')) as ReplyCacheStats;
    },
    async profile(during) {
      process.kill(pid, 'SIGUSR2');
      await sleep(200); // the profiler starts asynchronously in the server
      await during();
      process.kill(pid, 'SIGUSR2');
      return waitForFile(`server-${++profiles}.cpuprofile`);
    },
    async collectGarbage() {
      // Its signal handlers are set up by the time it first writes its reply counters (a SIGHUP
      // before that, with /api/health already answering, would end the process).
      await waitForFile('replies.json');
      process.kill(pid, 'SIGHUP');
      const file = await waitForFile(`memory-${++memoryReports}.json`);
      const usage = JSON.parse(await readFile(file, 'utf8')) as NodeJS.MemoryUsage;
      return { usage, rss: (await residentMb(pid)).rss };
    },
    async stop() {
      await server.stop();
      await data.remove();
    },
  };
}
