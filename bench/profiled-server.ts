/**
 * The shop server as `server/main.ts` starts it, plus a CPU profiler switched by SIGUSR2, so a
 * benchmark can profile exactly its load window (not start-up and index building).
 * The first SIGUSR2 starts sampling, the next writes `<BENCH_PROFILE_DIR>/server-<n>.cpuprofile`
 * (and `process.memoryUsage()` beside it as `server-<n>.cpuprofile.memory.json`); `replies.json` there
 * holds the catalogue reply cache's counters, rewritten every 100 ms. SIGHUP runs a full garbage
 * collection and then writes `process.memoryUsage()` as `<BENCH_PROFILE_DIR>/memory-<n>.json`, so
 * a memory figure is taken on what is live rather than on whatever garbage the last allocations left.
 */
import { Session } from 'node:inspector/promises';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { startServer } from '../server/start-server';

const profileDir = process.env.BENCH_PROFILE_DIR ?? path.resolve('.tmp/bench-profiles');
const server = await startServer(loadConfig());
const session = new Session();
session.connect();
let profiling = false;
let written = 0;

// The reply cache's counters, for the benchmark's hit rate (read before and after each load).
const repliesFile = path.join(profileDir, 'replies.json');
await mkdir(profileDir, { recursive: true });
let writingStats = false;
setInterval(() => {
  if (writingStats) return; // a slow disk must not let two writes race on the same temp file
  writingStats = true;
  writeFile(`${repliesFile}.partial`, JSON.stringify(server.ctx.catalog.replies.stats()))
    .then(() => rename(`${repliesFile}.partial`, repliesFile))
    .catch((error: unknown) => console.error('reply cache counters not written', error))
    .finally(() => (writingStats = false));
}, 100).unref();

process.on('SIGUSR2', () => {
  void (async () => {
    if (!profiling) {
      profiling = true;
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 250 }); // µs: finer than the 1 ms default
      await session.post('Profiler.start');
      return;
    }
    profiling = false;
    const { profile } = await session.post('Profiler.stop');
    await mkdir(profileDir, { recursive: true });
    const file = path.join(profileDir, `server-${++written}.cpuprofile`);
    // Where the resident memory is: V8 heap, or outside it (buffers, PGlite's WebAssembly memory).
    await writeFile(`${file}.memory.json`, JSON.stringify(process.memoryUsage()));
    await writeFile(`${file}.partial`, JSON.stringify(profile));
    // Renamed only when complete, so the benchmark never reads half a file.
    await rename(`${file}.partial`, file);
  })();
});

let memoryReports = 0;
process.on('SIGHUP', () => {
  void (async () => {
    // Twice: the first collection's finalizers can free more for the second.
    await session.post('HeapProfiler.collectGarbage');
    await session.post('HeapProfiler.collectGarbage');
    const file = path.join(profileDir, `memory-${++memoryReports}.json`);
    await writeFile(`${file}.partial`, JSON.stringify(process.memoryUsage()));
    await rename(`${file}.partial`, file);
  })();
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    session.disconnect();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
