/**
 * Where an uncached `POST /api/catalog` spends its CPU, stage by stage, in one process without the
 * network: the same shopper mix the bench sends (query-mix.ts), each stage run over all the bodies
 * and timed by the process's CPU (`process.cpuUsage`):
 * JSON parse, validation, the engine alone, the engine with the reply's JSON, the bytes, brotli at the
 * reply quality; then the whole request through Fastify (`inject`, no socket) with `no-cache`, which
 * also counts light-my-request's own fake request and response: read it against the stages, not as
 * the server's figure (`compare-servers.ts` and the bench give that).
 *
 *   npx tsx bench/uncached-breakdown.ts [products=50000] [bodies=3000] [rounds=5]
 *
 * Runs on a private copy of the seeded data folder (seeded-data-cache.ts) like the bench's server.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { loadConfig } from '../server/config';
import { startServer } from '../server/start-server';
import { catalogQuerySchema } from '../schemas/catalog-query';
import { parseWith } from '../schemas/parse';
import { buildQueryMix } from './query-mix';
import { copyOfSeededData } from './seeded-data-cache';
import { median, round } from './stats';
import { BROWSER_HEADERS } from './search-queries';

const products = Number(process.argv[2] ?? 50_000);
const count = Number(process.argv[3] ?? 3000);
const rounds = Number(process.argv[4] ?? 5);

const data = await copyOfSeededData(products, (line) => console.log(line));
process.env.DATA_DIR = data.dataDir;
process.env.SEED_PRODUCTS = String(products);
process.env.LOG_LEVEL = 'warn';
process.env.PORT = '0';
process.env.HOST = '127.0.0.1';
const server = await startServer(loadConfig());
try {
  const mix = await buildQueryMix(server.url);
  const texts = Array.from({ length: count }, () => JSON.stringify(mix.next()));
  const parsed = texts.map((t) => JSON.parse(t) as unknown);
  const queries = parsed.map((p) => {
    const r = parseWith(catalogQuerySchema, p);
    if (!r.ok) throw new Error(r.message);
    return r.value;
  });
  const catalog = server.ctx.catalog;
  const jsons = queries.map((q) => catalog.indexFor(q.type).queryJson(q, catalog.queryContext));
  const buffers = jsons.map((j) => Buffer.from(j));
  // The process's CPU (zlib runs on this thread when synchronous; the stages run nothing elsewhere).
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const stages: [string, () => void | Promise<void>][] = [
    [
      'JSON.parse',
      () => {
        for (const text of texts) JSON.parse(text);
      },
    ],
    ['validate', () => parsed.forEach((p) => parseWith(catalogQuerySchema, p))],
    ['engine (query)', () => queries.forEach((q) => catalog.indexFor(q.type).query(q, catalog.queryContext))],
    ['engine + reply JSON (queryJson)', () => queries.forEach((q) => catalog.indexFor(q.type).queryJson(q, catalog.queryContext))],
    ['Buffer.from', () => jsons.forEach((j) => Buffer.from(j))],
    ['brotli q1', () => buffers.forEach((b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }))],
    [
      'whole request (inject, no-cache)',
      async () => {
        // 32 at a time, as the bench's connections: the event loop's turns are shared as under load.
        for (let i = 0; i < texts.length; i += 32) {
          await Promise.all(
            texts.slice(i, i + 32).map((payload) =>
              server.app.inject({ method: 'POST', url: '/api/catalog', payload, headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', 'cache-control': 'no-cache', 'x-admin-token': server.ctx.adminToken } }),
            ),
          );
        }
      },
    ],
  ];
  const results = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++) {
    for (const [name, run] of stages) {
      const start = cpu();
      await run();
      const ms = (cpu() - start) / texts.length;
      results.set(name, [...(results.get(name) ?? []), ms]);
    }
  }
  const size = (list: number[]) => round(median(list) / 1024, 1);
  console.log(`${texts.length} bodies of the mix at ${products.toLocaleString('en-GB')} products; reply JSON median ${size(buffers.map((b) => b.length))} kB`);
  for (const [name, list] of results) console.log(`${name.padEnd(34)} ${round(median(list), 4)} ms a request (rounds ${list.map((x) => round(x, 4)).join(', ')})`);
} finally {
  await server.close();
  await data.remove();
}
