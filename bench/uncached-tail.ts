/**
 * Which catalogue queries make the uncached tail: every body of the shopper mix answered by the engine
 * alone (`queryJson`, what a reply-cache miss costs before the bytes), each timed on its own by the
 * process's CPU, then the slowest grouped by shape (type, sort, text or not, filters).
 *
 *   npx tsx bench/uncached-tail.ts [products=50000] [bodies=3000]
 */
import { loadConfig } from '../server/config';
import { startServer } from '../server/start-server';
import { catalogQuerySchema } from '../schemas/catalog-query';
import { parseWith } from '../schemas/parse';
import { buildQueryMix } from './query-mix';
import { copyOfSeededData } from './seeded-data-cache';
import { percentile, round } from './stats';

const products = Number(process.argv[2] ?? 50_000);
const count = Number(process.argv[3] ?? 3000);

const data = await copyOfSeededData(products, (line) => console.log(line));
Object.assign(process.env, { DATA_DIR: data.dataDir, SEED_PRODUCTS: String(products), LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' });
const server = await startServer(loadConfig());
try {
  const mix = await buildQueryMix(server.url);
  const catalog = server.ctx.catalog;
  const bodies = Array.from({ length: count }, () => mix.next());
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const timed = bodies.map((body) => {
    const r = parseWith(catalogQuerySchema, body);
    if (!r.ok) throw new Error(r.message);
    const q = r.value;
    const index = catalog.indexFor(q.type);
    index.queryJson(q, catalog.queryContext); // first call warms what the engine keeps per query shape
    const start = cpu();
    index.queryJson(q, catalog.queryContext);
    return { ms: cpu() - start, body };
  });
  const times = timed.map((t) => t.ms).sort((a, b) => a - b);
  console.log(`${count} bodies at ${products.toLocaleString('en-GB')} products, engine CPU per query: p50 ${round(percentile(times, 50), 2)} ms, p90 ${round(percentile(times, 90), 2)}, p97.5 ${round(percentile(times, 97.5), 2)}, p99 ${round(percentile(times, 99), 2)}, max ${round(times.at(-1)!, 2)}`);
  const slow = timed.filter((t) => t.ms >= percentile(times, 95)).sort((a, b) => b.ms - a.ms);
  for (const t of slow.slice(0, 25)) console.log(round(t.ms, 2).toString().padStart(7), JSON.stringify(t.body).slice(0, 400));
} finally {
  await server.close();
  await data.remove();
}
