/**
 * Issue #16: server-rendered pages at the local catalogue's size (10,000 products; 5,000 with
 * `--quick`), on the real server as its own process with a production build's shell (DIST_DIR).
 * - Render time per uncached page, for home, categories, products and CMS pages: each request carries
 *   a cookie, which the page responder treats as a session, so it neither reads nor fills the output
 *   cache and renders every time (route loaders through the in-process API, React's renderToString,
 *   head tags, the document and its ETag). The time is the server's own, from the page's
 *   `Server-Timing: render;dur=…` (renderPage and the document, not the socket or gzip), with the p50
 *   of each part the same header names (data, html, head, doc); the catalogue reply cache under the
 *   API and the renderer's remembered reads and answers stay as in production.
 *   Requests go one at a time, so a render is timed alone; products and categories differ request by
 *   request (a sweep, not a popularity mix), home is the same URL each time.
 * - The output cache hit ratio over 1,000 guest requests on an empty cache: 10 % home, 30 % categories
 *   and 60 % products, each picked by Zipf popularity (s = 1) over the sitemap's URLs, 4 at a time;
 *   hits and misses are read from each answer's `Server-Timing: cache;desc=…`.
 * - Server CPU per cached page request: autocannon over the pages that mix left in the cache (gzip
 *   accepted, as a browser asks), CPU of the server process from /proc per response, against the CPU
 *   per uncached render in the same run.
 * A CPU profile of a window of uncached renders is summarised into the JSON record (and its top
 * functions printed when the p95 target is missed).
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { mulberry32 } from '../server/seed/rng';
import { REPO_ROOT } from '../tests/helpers/test-config';
import { snapshotOfBuiltApp } from './app-build';
import type { BenchOptions } from './bench-options';
import { startBenchServer } from './bench-server';
import { summariseProfileFile, type ProfileSummary } from './cpu-profile-summary';
import type { Figure } from './figure';
import { processCpuMs } from './process-cpu';
import { BROWSER_HEADERS } from './search-queries';
import { percentile, round } from './stats';
import { pick, zipf } from './query-mix';

const ITEM = '16 server-rendered pages';
/** Issue #16: server render time p95 at most 15 ms per uncached page at 10,000 products. */
const RENDER_P95_TARGET_MS = 15;
const MIX_REQUESTS = 1_000;
const MIX_CONCURRENCY = 4;
/** Any cookie makes the responder treat a request as a shopper's own: rendered, never cached. */
const BYPASS = { ...BROWSER_HEADERS, cookie: 'bench=uncached' };

type Kind = 'home' | 'category' | 'product' | 'cms';
const KINDS: readonly Kind[] = ['home', 'category', 'product', 'cms'];

export interface SsrRecord {
  products: number;
  urls: Record<Kind, number>;
  firstRenderMs: number;
  render: Record<Kind, { samples: number; p50: number; p95: number; max: number; latencyP95: number; parts: Record<Part, number> }>;
  renderCpuMs: number;
  mix: { requests: number; distinct: number; hits: number; misses: number; byKind: Record<string, { hits: number; misses: number }> };
  cached: { responses: number; rps: number; p50: number; p95: number; cpuMs: number; failures: number };
  profile?: ProfileSummary & { file: string };
}

/** The shop's page paths by kind, from its own sitemap. */
async function pagesByKind(url: string): Promise<Record<Kind, string[]>> {
  const xml = await (await fetch(`${url}/sitemap.xml`)).text();
  if (xml.includes('<sitemapindex')) throw new Error('the sitemap is an index: more than 50,000 URLs is not what this phase measures');
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname);
  const pages: Record<Kind, string[]> = {
    home: ['/'],
    category: paths.filter((p) => p.startsWith('/c/')),
    product: paths.filter((p) => p.startsWith('/p/')),
    cms: paths.filter((p) => p.startsWith('/i/')),
  };
  for (const kind of KINDS) if (pages[kind].length === 0) throw new Error(`the sitemap lists no ${kind} page`);
  return pages;
}

/** The parts of a render the page responder times (Server-Timing): route loaders, React, head and data block, document and ETag. */
const PARTS = ['data', 'html', 'head', 'doc'] as const;
type Part = (typeof PARTS)[number];

interface Timed {
  status: number;
  renderMs: number | undefined;
  parts: Partial<Record<Part, number>>;
  cache: string | undefined;
  latencyMs: number;
}

async function timedGet(url: string, headers: Record<string, string>): Promise<Timed> {
  const at = performance.now();
  const response = await fetch(url, { headers, redirect: 'manual' });
  await response.arrayBuffer();
  const latencyMs = performance.now() - at;
  const timing = response.headers.get('server-timing') ?? '';
  const dur = /render;dur=([\d.]+)/.exec(timing)?.[1];
  const parts: Timed['parts'] = {};
  for (const part of PARTS) {
    const ms = new RegExp(`\\b${part};dur=([\\d.]+)`).exec(timing)?.[1];
    if (ms !== undefined) parts[part] = Number(ms);
  }
  return { status: response.status, renderMs: dur === undefined ? undefined : Number(dur), parts, cache: /cache;desc=(\w+)/.exec(timing)?.[1], latencyMs };
}


function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const partsText = (parts: Record<Part, number>) => PARTS.map((part) => `${part} ${parts[part]} ms`).join(', ');

/** A guest's page stream: home, categories and products by popularity; the seed keeps runs comparable. */
function pageMix(pages: Record<Kind, string[]>, count: number, seed = 16): { path: string; kind: Kind }[] {
  const random = mulberry32(seed);
  const categories = shuffled(pages.category, random);
  const products = shuffled(pages.product, random);
  const categoryRanks = zipf(categories.length);
  const productRanks = zipf(products.length);
  return Array.from({ length: count }, () => {
    const r = random();
    if (r < 0.1) return { path: '/', kind: 'home' as const };
    if (r < 0.4) return { path: categories[pick(categoryRanks, random())]!, kind: 'category' as const };
    return { path: products[pick(productRanks, random())]!, kind: 'product' as const };
  });
}

/** `count` paths of a kind, different each time where the kind has several (cycling when it has fewer). */
function sweep(pages: readonly string[], count: number, random: () => number): string[] {
  const order = shuffled(pages, random);
  return Array.from({ length: count }, (_, i) => order[i % order.length]!);
}

export async function measureServerRender(options: BenchOptions, log: (line: string) => void, distDir?: string): Promise<{ figures: Figure[]; record: SsrRecord }> {
  const products = options.localProducts;
  const built = distDir ? undefined : await snapshotOfBuiltApp();
  log(`starting the shop with ${products.toLocaleString('en-GB')} products for the server render figures…`);
  const server = await startBenchServer(products, log, { DIST_DIR: distDir ?? built!.distDir });
  try {
    const pages = await pagesByKind(server.url);
    const random = mulberry32(1616);
    const samples = options.quick ? 60 : 200;
    const page = (p: string, headers: Record<string, string> = BYPASS) => timedGet(`${server.url}${p}`, headers);

    // The renderer loads on the first page request (the app's modules are evaluated then); its time is
    // reported apart. Then a warm-up of every kind, so the figures are of a running server.
    const first = await page('/');
    if (first.status !== 200 || first.renderMs === undefined) throw new Error(`home answered ${first.status} without a render time: is the built app in DIST_DIR?`);
    for (const kind of KINDS) for (const p of sweep(pages[kind], options.quick ? 10 : 30, random)) await page(p);

    const render = {} as SsrRecord['render'];
    const cpuBefore = await processCpuMs(server.pid);
    let rendered = 0;
    for (const kind of KINDS) {
      const times: number[] = [];
      const latencies: number[] = [];
      const partTimes = Object.fromEntries(PARTS.map((part) => [part, [] as number[]])) as Record<Part, number[]>;
      for (const p of sweep(pages[kind], samples, random)) {
        const answer = await page(p);
        if (answer.status !== 200 || answer.renderMs === undefined) throw new Error(`${p} answered ${answer.status} (server-timing cache=${answer.cache ?? 'none'})`);
        times.push(answer.renderMs);
        latencies.push(answer.latencyMs);
        for (const part of PARTS) if (answer.parts[part] !== undefined) partTimes[part].push(answer.parts[part]);
      }
      rendered += times.length;
      const parts = Object.fromEntries(PARTS.map((part) => [part, partTimes[part].length ? round(percentile(partTimes[part], 50), 2) : NaN])) as Record<Part, number>;
      render[kind] = { samples: times.length, p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2), max: round(Math.max(...times), 2), latencyP95: round(percentile(latencies, 95), 2), parts };
      log(
        `  ${kind}: render p50 ${render[kind].p50} ms, p95 ${render[kind].p95} ms, max ${render[kind].max} ms (${times.length} pages; client-side p95 ${render[kind].latencyP95} ms); ` +
          `p50 of its parts: ${partsText(parts)}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
      );
    }
    const renderCpuMs = round(((await processCpuMs(server.pid)) - cpuBefore) / rendered, 2);

    // Where an uncached render's time goes: a profile of one more sweep of every kind.
    const profileSweep = KINDS.flatMap((kind) => sweep(pages[kind], options.quick ? 20 : 50, random));
    const profileFile = await server.profile(async () => {
      for (const p of profileSweep) await page(p);
    });
    const profile = { file: path.relative(REPO_ROOT, profileFile), ...(await summariseProfileFile(profileFile, 15)) };

    // The output cache over a guest's request mix, from empty (the renders above bypassed it).
    const mix = pageMix(pages, MIX_REQUESTS);
    const byKind: SsrRecord['mix']['byKind'] = {};
    let next = 0;
    await Promise.all(
      Array.from({ length: MIX_CONCURRENCY }, async () => {
        while (next < mix.length) {
          const { path: p, kind } = mix[next++]!;
          const answer = await page(p, BROWSER_HEADERS);
          if (answer.status !== 200) throw new Error(`${p} answered ${answer.status} in the guest mix`);
          const counts = (byKind[kind] ??= { hits: 0, misses: 0 });
          if (answer.cache === 'hit') counts.hits++;
          else counts.misses++;
        }
      }),
    );
    const hits = Object.values(byKind).reduce((sum, k) => sum + k.hits, 0);
    const distinctPaths = [...new Set(mix.map((m) => m.path))];
    const mixRecord = { requests: mix.length, distinct: distinctPaths.length, hits, misses: mix.length - hits, byKind };
    log(`  guest mix: ${hits} of ${mix.length} from the output cache over ${distinctPaths.length} distinct pages`);

    // Every page of the mix is now cached: what answering one costs the server.
    const cached = await cachedLoad(server.url, server.pid, distinctPaths, options);
    log(`  cached pages: ${cached.cpuMs} CPU ms per response, p95 ${cached.p95} ms, ${cached.rps} req/s`);

    const record: SsrRecord = {
      products,
      urls: { home: 1, category: pages.category.length, product: pages.product.length, cms: pages.cms.length },
      firstRenderMs: round(first.renderMs, 1),
      render,
      renderCpuMs,
      mix: mixRecord,
      cached,
      profile,
    };
    const missed = KINDS.some((kind) => render[kind].p95 > RENDER_P95_TARGET_MS);
    if (missed) log(`  render p95 over ${RENDER_P95_TARGET_MS} ms; where the time goes (self time, ${profile.file}):\n${profile.functions.slice(0, 10).map((f) => `    ${f.percent}% ${f.ms} ms ${f.name}`).join('\n')}`);
    return { figures: figuresOf(record, options), record };
  } finally {
    await server.stop();
    await built?.remove();
  }
}

/** autocannon over pages already in the output cache; server CPU per response from /proc. */
async function cachedLoad(url: string, pid: number, paths: readonly string[], options: BenchOptions): Promise<SsrRecord['cached']> {
  let i = 0;
  const requests: Request[] = [{ method: 'GET', path: paths[0], headers: BROWSER_HEADERS, setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }];
  const latencies: number[] = [];
  const cpuBefore = await processCpuMs(pid);
  const instance = autocannon({ url, connections: 8, duration: options.loadSeconds, requests, timeout: 10 });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
  });
  const result = await instance;
  const cpuMs = (await processCpuMs(pid)) - cpuBefore;
  return {
    responses: latencies.length,
    rps: round(latencies.length / result.duration, 0),
    p50: round(percentile(latencies, 50), 2),
    p95: round(percentile(latencies, 95), 2),
    cpuMs: round(cpuMs / latencies.length, 3),
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

function figuresOf(record: SsrRecord, options: BenchOptions): Figure[] {
  const size = `${record.products.toLocaleString('en-GB')} products`;
  const label: Record<Kind, string> = { home: 'home', category: 'a category', product: 'a product', cms: 'a CMS page' };
  const renderFigures = KINDS.flatMap((kind): Figure[] => {
    const r = record.render[kind];
    return [
      {
        item: ITEM,
        name: `render p50, ${label[kind]}, uncached`,
        value: r.p50,
        unit: 'ms',
        note: `${size}; Server-Timing render;dur over ${r.samples} pages one at a time${kind === 'home' ? `; the first render (renderer load) ${record.firstRenderMs} ms` : ''}`,
      },
      {
        item: ITEM,
        name: `render p95, ${label[kind]}, uncached`,
        value: r.p95,
        unit: 'ms',
        target: { kind: 'max', value: RENDER_P95_TARGET_MS },
        note: `max ${r.max} ms; as the client saw it (socket and gzip included) p95 ${r.latencyP95} ms; p50 of the parts: ${partsText(r.parts)}`,
      },
    ];
  });
  const byKind = Object.entries(record.mix.byKind)
    .map(([kind, c]) => `${kind} ${round((c.hits / Math.max(1, c.hits + c.misses)) * 100, 0)} %`)
    .join(', ');
  return [
    ...renderFigures,
    { item: ITEM, name: 'server CPU per uncached page render', value: record.renderCpuMs, unit: 'ms', note: 'all four kinds, HTTP and gzip included; /proc' },
    {
      item: ITEM,
      name: `output cache hit ratio, ${record.mix.requests.toLocaleString('en-GB')} guest requests`,
      value: round((record.mix.hits / record.mix.requests) * 100, 1),
      unit: '%',
      note: `from empty; 10 % home, 30 % categories, 60 % products by Zipf over the sitemap (${record.mix.distinct} distinct pages); ${byKind}`,
    },
    {
      item: ITEM,
      name: 'server CPU per cached page request',
      value: record.cached.cpuMs,
      unit: 'ms',
      baseline: { name: 'CPU per uncached render', value: record.renderCpuMs },
      note: `${record.cached.responses.toLocaleString('en-GB')} responses in ${options.loadSeconds} s over the mix's pages, 8 conns, gzip; p95 ${record.cached.p95} ms, ${record.cached.rps} req/s${record.cached.failures ? `; ${record.cached.failures} failed` : ''}`,
    },
  ];
}
