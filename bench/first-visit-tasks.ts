/**
 * The long tasks of a first visit, for working on Total Blocking Time (issues #15 and #16) on a
 * shared machine where Lighthouse's TBT swings with the load: each visit is a fresh browser context
 * (412×823) with the page's CPU 4x slower (as Lighthouse mobile), a 'longtask' observer injected
 * before the page's scripts, and the page's CPU profile; every task over 50 ms from navigation until
 * the page has been quiet for QUIET_MS after the app is live, with what ran in it.
 *
 *   npx tsx bench/first-visit-tasks.ts [--products=10000] [--pages=home,category,product] [--runs=3]
 *     [--throttle=4] [--dist=DIR[,DIR2]] [--tree=MS] [--trace]
 *
 * `--trace`: instead of profiling at a slowed CPU, a Chrome trace at normal speed, each main-thread
 * task timed by its thread CPU time (steady on a loaded machine, where wall time is not) and scaled by
 * `--throttle`: the blocking time after FCP those tasks make, as Lighthouse's simulation would count
 * it on an idle machine, next to the same from their wall time.
 *
 * With two build folders (`--dist=A,B`) each is served by a server of its own and the visits
 * alternate A, B, A, B… in one run, so both meet the same load. A build made with source maps
 * (`DIST_DIR=/tmp/x npx vite build --sourcemap`) has each task's time named by source file and
 * function; otherwise by chunk. Profiles stay in `.tmp/bench-profiles/tasks-*.cpuprofile`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/helpers/browser';
import { REPO_ROOT, TMP_ROOT } from '../tests/helpers/test-config';
import { startBenchServer, type BenchServer } from './bench-server';
import { auditPages } from './lighthouse-audit';
import { blockingMs, traceTasks, type CpuTask, type TraceEvent } from './trace-tasks';
import { median, round } from './stats';

const LONG_TASK_MS = 50;
/** The visit ends once no long task has started for this long after the app is live and the local database has opened. */
const QUIET_MS = 5000;
const MAX_VISIT_MS = 45_000;

const INIT = `(() => {
  const tasks = [];
  Object.defineProperty(window, '__tasks', { value: tasks });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration }); })
    .observe({ type: 'longtask', buffered: true });
})();`;

interface Frame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: Frame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }
interface Task { start: number; duration: number; self: string; stack: string; tree?: string[] }
interface Visit { tasks: Task[]; blockingMs: number; longestMs: number; fcpMs: number; liveMs: number; profileFile: string }

/** Original source positions from the build's source maps, where it has them. */
type Resolve = (frame: Frame) => { source: string; name: string };
async function sourceMapResolver(distDir: string): Promise<Resolve> {
  const { TraceMap, originalPositionFor } = await import('@jridgewell/trace-mapping').catch(() => ({ TraceMap: undefined, originalPositionFor: undefined }));
  const maps = new Map<string, InstanceType<NonNullable<typeof TraceMap>> | null>();
  const chunk = (url: string) => (/^https?:/.test(url) ? new URL(url).pathname : url) || '(native)';
  return (frame) => {
    const file = chunk(frame.url);
    if (!TraceMap || !originalPositionFor || !file.startsWith('/assets/')) return { source: file, name: frame.functionName || '(anonymous)' };
    if (!maps.has(file)) {
      const mapFile = path.join(distDir, `${file}.map`);
      maps.set(file, existsSync(mapFile) ? new TraceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as ConstructorParameters<NonNullable<typeof TraceMap>>[0]) : null);
    }
    const map = maps.get(file);
    if (!map) return { source: file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''), name: frame.functionName || '(anonymous)' };
    const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) });
    const source = (at.source ?? file).replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1').replace(/^(\.\.\/)*(work\/main\/)?/, '');
    return { source, name: at.name ?? frame.functionName ?? '(anonymous)' };
  };
}

/** Self time by source, and the deepest of our own source files on each sample's stack, for the samples between two profile times (µs). */
function describe(profile: Profile, resolve: Resolve, fromUs: number, toUs: number): { self: string; stack: string } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const ours = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromUs || at > toUs) return;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    const ms = delta / 1000;
    const mine = node.callFrame.url ? resolve(node.callFrame).source : node.callFrame.functionName || '(native)';
    self.set(mine, (self.get(mine) ?? 0) + ms);
    for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n)) {
      const frame = byId.get(n)!.callFrame;
      if (!frame.url) continue;
      const { source, name } = resolve(frame);
      if (/^(src|schemas|replication)\//.test(source)) {
        const key = `${name} ${source}`;
        ours.set(key, (ours.get(key) ?? 0) + ms);
        break;
      }
    }
  });
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${round(v, 0)}`).join(', ');
  return { self: top(self, 4), stack: top(ours, 3) };
}

/**
 * A top-down view of the samples between two profile times: each frame's inclusive ms, frames under
 * `minMs` left out, chains of a single child shown on one line.
 */
function tree(profile: Profile, resolve: Resolve, fromUs: number, toUs: number, minMs: number): string[] {
  interface Node { ms: number; children: Map<string, Node> }
  const root: Node = { ms: 0, children: new Map() };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromUs || at > toUs || byId.get(id)!.callFrame.functionName === '(idle)') return;
    const stack: string[] = [];
    for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n)) {
      const frame = byId.get(n)!.callFrame;
      if (frame.functionName === '(root)') continue;
      const { source, name } = frame.url ? resolve(frame) : { source: '', name: frame.functionName || '(native)' };
      stack.unshift(source ? `${name} ${source}` : name);
    }
    let node = root;
    node.ms += delta / 1000;
    for (const label of stack) {
      let next = node.children.get(label);
      if (!next) node.children.set(label, (next = { ms: 0, children: new Map() }));
      next.ms += delta / 1000;
      node = next;
    }
  });
  const lines: string[] = [];
  const walk = (node: Node, depth: number) => {
    for (const [label, child] of [...node.children].sort((a, b) => b[1].ms - a[1].ms)) {
      if (child.ms < minMs) continue;
      let chain = label;
      let end = child;
      while (end.children.size === 1) {
        const [[l, c]] = [...end.children] as [[string, Node]];
        if (c.ms < minMs) break;
        chain += ` > ${l}`;
        end = c;
      }
      lines.push(`${' '.repeat(22 + depth * 2)}${round(child.ms, 0)} ${chain}`);
      if (depth < 12) walk(end, depth + 1);
    }
  };
  walk(root, 0);
  return lines;
}

/** A first visit traced at normal speed: the tasks that would be long at `slowdown` x CPU by their CPU time, and the blocking time after FCP they make. */
async function tracedVisit(browser: Browser, url: string, slowdown: number): Promise<{ blockingMs: number; wallBlockingMs: number; fcpMs: number; tasks: CpuTask[] }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addInitScript(INIT);
    const page = await context.newPage();
    await page.goto(new URL('/api/health', url).href);
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', 'v8'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' && document.documentElement.dataset.catalogueIn !== undefined, undefined, { timeout: MAX_VISIT_MS });
    // Quiet: no long task (at normal speed, so over 50 / slowdown ms) started in the last QUIET_MS; the observer sees only those over 50 ms, so a fixed wait past the database's start.
    await page.waitForTimeout(QUIET_MS);
    const buffer = await browser.stopTracing();
    if (process.env.KEEP_TRACE) await writeFile(process.env.KEEP_TRACE, buffer);
    const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
    const { tasks, fcpUs } = traceTasks(Array.isArray(trace) ? trace : trace.traceEvents);
    return {
      blockingMs: blockingMs(tasks, fcpUs, slowdown, 'cpu'),
      wallBlockingMs: blockingMs(tasks, fcpUs, slowdown, 'wall'),
      fcpMs: round(fcpUs / 1000, 0),
      tasks: tasks.filter((t) => t.cpuMs * slowdown > LONG_TASK_MS || t.wallMs * slowdown > LONG_TASK_MS),
    };
  } finally {
    await context.close();
  }
}

async function visit(browser: Browser, url: string, distDir: string, throttle: number, name: string, treeOver: number): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addInitScript(INIT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // A same-origin document first, so the shop's page stays in this renderer (profiler and throttling kept).
    await page.goto(new URL('/api/health', url).href);
    await cdp.send('Network.enable');
    let wallMinusMonotonic: number | undefined;
    cdp.on('Network.requestWillBeSent', (e) => void (e.wallTime && (wallMinusMonotonic ??= e.wallTime * 1000 - e.timestamp * 1000)));
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' && document.documentElement.dataset.catalogueIn !== undefined, undefined, { timeout: MAX_VISIT_MS });
    // Quiet: no long task started in the last QUIET_MS.
    const began = Date.now();
    for (;;) {
      const last = await page.evaluate(() => {
        const tasks = (window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks;
        return { now: performance.now(), end: Math.max(0, ...tasks.map((t) => t.start + t.duration)) };
      });
      if (last.now - last.end >= QUIET_MS || Date.now() - began > MAX_VISIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const seen = await page.evaluate(() => ({
      tasks: (window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks,
      timeOrigin: performance.timeOrigin,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const liveMs = await page.evaluate(() => performance.now());
    const resolve = await sourceMapResolver(distDir);
    const toUs = (pageMs: number) => (wallMinusMonotonic === undefined ? NaN : (seen.timeOrigin + pageMs - wallMinusMonotonic) * 1000);
    const tasks = seen.tasks.map((t) => ({ start: round(t.start, 0), duration: round(t.duration, 0), ...describe(profile, resolve, toUs(t.start), toUs(t.start + t.duration)),
      ...(t.duration >= treeOver ? { tree: tree(profile, resolve, toUs(t.start), toUs(t.start + t.duration), Math.max(2, t.duration / 25)) } : {}) }));
    const afterFcp = seen.tasks.filter((t) => t.start >= seen.fcp);
    const dir = path.join(TMP_ROOT, 'bench-profiles');
    await mkdir(dir, { recursive: true });
    const profileFile = path.join(dir, `tasks-${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
    await writeFile(profileFile, JSON.stringify(profile));
    return {
      tasks,
      blockingMs: round(afterFcp.reduce((sum, t) => sum + Math.max(0, t.duration - LONG_TASK_MS), 0), 0),
      longestMs: round(Math.max(0, ...seen.tasks.map((t) => t.duration)), 0),
      fcpMs: round(seen.fcp, 0),
      liveMs: round(liveMs, 0),
      profileFile: path.relative(REPO_ROOT, profileFile),
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const value = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const products = Number(value('products') ?? 10_000);
  const runs = Number(value('runs') ?? 3);
  const throttle = Number(value('throttle') ?? 4);
  /** `--tree=MS`: a top-down view of each task at least this long. */
  const treeOver = Number(value('tree') ?? Infinity);
  const pages = (value('pages') ?? 'home,category,product').split(',') as ('home' | 'category' | 'product')[];
  const dists = (value('dist') ?? (process.env.DIST_DIR || 'dist')).split(',').map((d) => path.resolve(d));
  const log = (line: string) => console.error(line);
  const servers: BenchServer[] = [];
  const browser = await launchBrowser();
  try {
    for (const distDir of dists) servers.push(await startBenchServer(products, log, { DIST_DIR: distDir }));
    const urls = await Promise.all(servers.map((s) => auditPages(s.url)));
    // Each page once first: the server's renderer loads on its first request, and guest pages are then cached.
    for (const u of urls) for (const page of pages) await fetch(u[page]).then((r) => r.arrayBuffer());
    if (process.argv.includes('--trace')) {
      const traced = new Map<string, number[]>();
      const wall = new Map<string, number[]>();
      for (let run = 0; run < runs; run++) {
        for (const page of pages) {
          for (let d = 0; d < dists.length; d++) {
            const label = `${page} ${path.basename(dists[d]!)}`;
            const v = await tracedVisit(browser, urls[d]![page], throttle);
            traced.set(label, [...(traced.get(label) ?? []), v.blockingMs]);
            wall.set(label, [...(wall.get(label) ?? []), v.wallBlockingMs]);
            console.log(`\n${label} run ${run + 1}: blocking after FCP (${v.fcpMs} ms) at ${throttle}x, from CPU time ${v.blockingMs} ms, from wall time ${v.wallBlockingMs} ms`);
            for (const t of v.tasks) console.log(`  cpu ${String(t.cpuMs).padStart(6)} wall ${String(t.wallMs).padStart(6)} ms at ${String(t.start).padStart(5)}  ${t.what}`);
          }
        }
      }
      console.log(`\nblocking time after FCP from each task's CPU time x${throttle}, medians of ${runs} (load average ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}):`);
      for (const [label, values] of traced) console.log(`  ${label.padEnd(30)} ${median(values)} ms [${values.join(', ')}]; from wall time ${median(wall.get(label)!)} ms [${wall.get(label)!.join(', ')}]`);
      return;
    }
    const results = new Map<string, Visit[]>();
    for (let run = 0; run < runs; run++) {
      for (const page of pages) {
        for (let d = 0; d < dists.length; d++) {
          const label = `${page} ${path.basename(dists[d]!)}`;
          const v = await visit(browser, urls[d]![page], dists[d]!, throttle, `${page}-${d}`, treeOver);
          results.set(label, [...(results.get(label) ?? []), v]);
          console.log(`\n${label} run ${run + 1}: blocking ${v.blockingMs} ms after FCP (${v.fcpMs} ms), longest ${v.longestMs} ms, ${v.tasks.length} long tasks; ${v.profileFile}`);
          for (const t of v.tasks) {
            console.log(`  ${String(t.duration).padStart(5)} ms at ${String(t.start).padStart(5)}  self: ${t.self}${t.stack ? `\n${' '.repeat(20)}ours: ${t.stack}` : ''}`);
            for (const line of t.tree ?? []) console.log(line);
          }
        }
      }
    }
    console.log(`\nmedians over ${runs} runs at ${throttle}x CPU (load average ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}):`);
    for (const [label, visits] of results) {
      console.log(`  ${label.padEnd(30)} blocking ${median(visits.map((v) => v.blockingMs))} ms [${visits.map((v) => v.blockingMs).join(', ')}], longest ${median(visits.map((v) => v.longestMs))} ms [${visits.map((v) => v.longestMs).join(', ')}]`);
    }
  } finally {
    await browser.close();
    for (const s of servers) await s.stop();
  }
}

await main();
