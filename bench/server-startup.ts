/**
 * Issue #20: start-up on an existing data folder. The server as `npm start` runs it (the built
 * `server/main.ts`, see `built-server.ts`; one process) on a
 * copy of the seeded folder, timed from spawn to the first `/api/health` answer: wall time, and CPU
 * of the process tree from /proc at that moment. Two ways in the same run, alternating:
 * `CATALOG_SNAPSHOT=off` (every document read back from the database, the path every start took
 * before the snapshot: the baseline) and a start from `DATA_DIR/catalog-snapshot.bin`. The first start
 * with the snapshot on (database read, snapshot written) is reported apart, with the snapshot's size.
 */
import { spawn } from 'node:child_process';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { SNAPSHOT_FILE } from '../server/catalog/catalog-snapshot';
import { freePort } from '../tests/helpers/spawn-server';
import { REPO_ROOT } from '../tests/helpers/test-config';
import type { BenchOptions } from './bench-options';
import { residentMb } from './bench-server';
import { builtServerMain } from './built-server';
import type { Figure } from './figure';
import { processCpuMs } from './process-cpu';
import { copyOfSeededData } from './seeded-data-cache';
import { median, round, sleep } from './stats';

const ITEM = '20 server start-up';

interface Start {
  wallMs: number;
  cpuMs: number;
  /** Where the catalogue came from, as the ready line says. */
  catalog: string;
  /** Resident memory a few seconds after start (the snapshot written, when one was due). */
  rssMb: number;
}

async function startOnce(dataDir: string, env: Record<string, string>, settle: () => Promise<void>): Promise<Start> {
  const main = await builtServerMain();
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', WEB_CONCURRENCY: '1', DATA_DIR: dataDir, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.slice(-2000)}`);
      if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
      if (performance.now() - started > 10 * 60_000) throw new Error(`no answer within 10 minutes:\n${output.slice(-2000)}`);
      await sleep(10);
    }
    const wallMs = performance.now() - started;
    const cpuMs = await processCpuMs(child.pid!);
    await settle();
    const { rss } = await residentMb(child.pid!);
    const ready = /"catalog":"([^"]*)"/.exec(output);
    return { wallMs, cpuMs, catalog: ready?.[1] ?? '?', rssMb: rss };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

async function fileSize(file: string): Promise<number | undefined> {
  return stat(file).then((s) => s.size, () => undefined);
}

export async function measureServerStartup(options: BenchOptions, log: (line: string) => void): Promise<{ figures: Figure[]; record: unknown }> {
  const products = options.serverProducts;
  const data = await copyOfSeededData(products, log);
  const snapshotFile = path.join(data.dataDir, SNAPSHOT_FILE);
  const repeats = options.quick ? 2 : 3;
  const settleFor = (ms: number) => () => sleep(ms);
  try {
    await rm(snapshotFile, { force: true });
    const database: Start[] = [];
    const snapshot: Start[] = [];
    // A first start with the snapshot on, none there yet: the database read, then the file written.
    const first = await startOnce(data.dataDir, {}, async () => {
      for (let waited = 0; (await fileSize(snapshotFile)) === undefined; waited += 100) {
        if (waited > 120_000) throw new Error('no snapshot written within two minutes of the start');
        await sleep(100);
      }
      await sleep(2000);
    });
    const bytes = (await fileSize(snapshotFile)) ?? 0;
    for (let i = 0; i < repeats; i++) {
      log(`start-up ${i + 1}/${repeats}: database, then snapshot`);
      database.push(await startOnce(data.dataDir, { CATALOG_SNAPSHOT: 'off' }, settleFor(3000)));
      snapshot.push(await startOnce(data.dataDir, {}, settleFor(3000)));
    }
    const wrong = snapshot.find((s) => s.catalog !== 'snapshot');
    if (wrong) throw new Error(`a start with the snapshot loaded the catalogue from ${wrong.catalog}`);
    const n = products.toLocaleString('en-GB');
    const mid = (runs: Start[], key: keyof Omit<Start, 'catalog'>) => median(runs.map((r) => r[key]));
    const seconds = (ms: number) => round(ms / 1000, 2);
    const figures: Figure[] = [
      {
        item: ITEM,
        name: `start-up CPU to the first /api/health, ${n} products, from the snapshot`,
        value: seconds(mid(snapshot, 'cpuMs')),
        unit: 's',
        target: { kind: 'max', value: 5 },
        baseline: { name: 'the same with CATALOG_SNAPSHOT=off (the database read)', value: seconds(mid(database, 'cpuMs')) },
        samples: snapshot.map((s) => seconds(s.cpuMs)),
        note: `CPU of the server's process tree from /proc; database-read starts ${database.map((s) => seconds(s.cpuMs)).join(', ')} s`,
      },
      {
        item: ITEM,
        name: `start-up wall time to the first /api/health, ${n} products, from the snapshot`,
        value: seconds(mid(snapshot, 'wallMs')),
        unit: 's',
        target: { kind: 'max', value: 5 },
        baseline: { name: 'the same with CATALOG_SNAPSHOT=off (the database read)', value: seconds(mid(database, 'wallMs')) },
        samples: snapshot.map((s) => seconds(s.wallMs)),
        note: `from spawn (module loading included) to the first answer; swings with the machine load; database-read starts ${database.map((s) => seconds(s.wallMs)).join(', ')} s`,
      },
      {
        item: ITEM,
        name: `first start with no snapshot yet (database read), ${n} products`,
        value: seconds(first.cpuMs),
        unit: 's CPU',
        note: `wall ${seconds(first.wallMs)} s; then writes a ${round(bytes / 1024 / 1024, 1)} MB snapshot; RSS after the write ${round(first.rssMb, 0)} MB`,
      },
      {
        item: ITEM,
        name: `server RSS 3 s after start, ${n} products, from the snapshot`,
        value: round(mid(snapshot, 'rssMb'), 0),
        unit: 'MB',
        baseline: { name: 'the same after a database read', value: round(mid(database, 'rssMb'), 0) },
      },
    ];
    return { figures, record: { first, database, snapshot, snapshotBytes: bytes } };
  } finally {
    await data.remove();
  }
}
