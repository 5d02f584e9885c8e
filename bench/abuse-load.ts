/**
 * The shop under a stranger's flood (issue 30, limits): the p95 of `GET /api/health` and of a cached
 * catalogue query, quiet and then while 200 clients flood `POST /api/user/create-password` with
 * made-up reset tokens and 500 hold the change stream open. Every client has its own loopback
 * address (127.0.x.y), so the limits per address see what they would from strangers; the shop runs
 * its default limits (RATE_LIMIT_SCALE=1) as its own process on a copy of the seeded demo data.
 *
 *   npx tsx bench/abuse-load.ts [--seconds=10] [--flooders=200] [--streams=500]
 *
 * The flooders send their next request as soon as the last is answered (a refusal is cheap, so they
 * send many): what the limits protect is stock, hashes and connections, not the cost of a refusal.
 */
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { openStream, type OpenedStream } from '../tests/reliability/helpers/limit-probes';
import { startBenchServer } from './bench-server';
import { formatSummary, summariseProfileFile } from './cpu-profile-summary';
import { percentile, round } from './stats';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SECONDS = arg('seconds', 10);
const FLOODERS = arg('flooders', 200);
const STREAMS = arg('streams', 500);
const SAMPLES = 300;
const PROFILE = process.argv.includes('--profile');

/** The n-th client address of a block of the loopback range (block 1: streams, block 3: flooders). */
const address = (block: number, n: number) => `127.0.${block + Math.floor(n / 250)}.${(n % 250) + 2}`;

function send(url: string, method: string, path: string, body: unknown, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(new URL(path, url), { method, agent, headers: text ? { 'content-type': 'application/json' } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(text);
  });
}

async function sample(url: string, agent: Agent, path: string, method: string, body: unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await send(url, method, path, body, agent);
    times.push(performance.now() - started);
  }
  return times;
}

const CACHED_QUERY = { type: 'product', size: 24, sort: 'name:asc', searchQuery: {} };

async function measure(url: string, agent: Agent): Promise<{ health: number; catalog: number }> {
  const health = await sample(url, agent, '/api/health', 'GET', undefined);
  const catalog = await sample(url, agent, '/api/catalog', 'POST', CACHED_QUERY);
  return { health: round(percentile(health, 95)), catalog: round(percentile(catalog, 95)) };
}

const server = await startBenchServer(2000, (line) => console.error(line), { RATE_LIMIT_SCALE: '1' });
const probe = new Agent({ keepAlive: true, maxSockets: 1 });
try {
  await send(server.url, 'POST', '/api/catalog', CACHED_QUERY, probe);
  const quiet = await measure(server.url, probe);

  const streams: OpenedStream[] = [];
  for (let i = 0; i < STREAMS; i += 50) streams.push(...(await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, (_, j) => openStream(server.url, address(1, i + j))))));
  const statuses = new Map<number, number>();
  let flooding = true;
  const flood = Promise.all(
    Array.from({ length: FLOODERS }, async (_, n) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: address(3, n) });
      for (let i = 0; flooding; i++) {
        const status = await send(server.url, 'POST', '/api/user/create-password', { email: `victim${n}@example.com`, newPassword: 'a-long-new-password', resetToken: `made-up-${n}-${i}` }, agent).catch(() => 0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      agent.destroy();
    }),
  );
  const started = performance.now();
  let loaded = { health: 0, catalog: 0 };
  const window = async () => {
    loaded = await measure(server.url, probe);
    while (performance.now() - started < SECONDS * 1000) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  if (PROFILE) console.error(formatSummary(await summariseProfileFile(await server.profile(window), 25)));
  else await window();
  flooding = false;
  await flood;
  const open = streams.filter((s) => s.status === 200).length;
  for (const stream of streams) stream.close();
  console.log(
    JSON.stringify(
      {
        quietP95Ms: quiet,
        underFloodP95Ms: loaded,
        ratio: { health: round(loaded.health / quiet.health), catalog: round(loaded.catalog / quiet.catalog) },
        streamsOpen: `${open} of ${STREAMS}`,
        createPasswordReplies: Object.fromEntries(statuses),
        floodSeconds: round((performance.now() - started) / 1000),
        // The machine is shared: the figures mean little when it was already busy.
        loadAverage1m: round(loadavg()[0]!),
      },
      null,
      2,
    ),
  );
} finally {
  probe.destroy();
  await server.stop();
}
