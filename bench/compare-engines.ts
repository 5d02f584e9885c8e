/**
 * The query engine and reply JSON of two checkouts in one process, on the same documents and the
 * same shopper mix (query-mix.ts, as the bench sends it uncached): each checkout's
 * `server/catalog/search-index.ts` builds its own index of this checkout's seeded products, every
 * reply of the first bodies is checked byte for byte between the two, then listings and searches are
 * timed by CPU (`process.cpuUsage`) in alternating rounds. Without HTTP, compression or the socket,
 * a change of a few percent in the engine shows through a shared machine's noise.
 *
 *   npx tsx bench/compare-engines.ts BASE_DIR [THIS_DIR=this checkout] [rounds=8] [products=50000]
 *
 * BASE_DIR is another checkout (e.g. `git archive HEAD~1 | tar -x -C /tmp/base` with a link to this
 * one's node_modules).
 */
import path from 'node:path';
import { catalogQuerySchema } from '../schemas/catalog-query';
import { parseWith } from '../schemas/parse';
import { loadConfig } from '../server/config';
import type { createSearchIndex, SearchIndex } from '../server/catalog/search-index';
import { startServer } from '../server/start-server';
import { REPO_ROOT } from '../tests/helpers/test-config';
import { buildQueryMix } from './query-mix';
import { copyOfSeededData } from './seeded-data-cache';
import { median, round } from './stats';

const [baseArg, thisArg, roundsArg, productsArg] = process.argv.slice(2);
if (!baseArg) throw new Error('usage: compare-engines.ts BASE_DIR [THIS_DIR] [rounds] [products]');
const products = Number(productsArg ?? 50_000);
const rounds = Number(roundsArg ?? 8);

const data = await copyOfSeededData(products, (line) => console.log(line));
Object.assign(process.env, { DATA_DIR: data.dataDir, SEED_PRODUCTS: String(products), LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' });
const server = await startServer(loadConfig());
try {
  const mix = await buildQueryMix(server.url);
  const context = server.ctx.catalog.queryContext;
  const { docs } = server.ctx.catalog.index('product').documents();
  const sides: [string, SearchIndex][] = [];
  for (const [name, dir] of [['base', baseArg], ['this', thisArg ?? REPO_ROOT]] as const) {
    const engine = (await import(path.resolve(dir, 'server/catalog/search-index.ts'))) as { createSearchIndex: typeof createSearchIndex };
    sides.push([name, engine.createSearchIndex('product', docs)]);
  }
  const queries = Array.from({ length: 3000 }, () => {
    const parsed = parseWith(catalogQuerySchema, JSON.parse(JSON.stringify(mix.next())));
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.value;
  });
  for (const query of queries.slice(0, 500)) {
    if (sides[0]![1].queryJson(query, context) !== sides[1]![1].queryJson(query, context)) throw new Error(`the replies differ for ${JSON.stringify(query)}`);
  }
  const kinds = { listing: queries.filter((q) => !q.searchQuery?._searchText), search: queries.filter((q) => q.searchQuery?._searchText) };
  const cpu = () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  const runs = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++) {
    for (const [name, index] of r % 2 ? [...sides].reverse() : sides) {
      for (const [kind, list] of Object.entries(kinds)) {
        const start = cpu();
        for (const query of list) index.queryJson(query, context);
        runs.set(`${name} ${kind}`, [...(runs.get(`${name} ${kind}`) ?? []), (cpu() - start) / list.length]);
      }
    }
  }
  console.log(`${queries.length} bodies (${kinds.listing.length} listings, ${kinds.search.length} searches), 500 replies identical; CPU ms a query:`);
  for (const [key, list] of runs) console.log(`  ${key.padEnd(14)} ${round(median(list), 4)} (rounds ${list.map((x) => round(x, 3)).join(', ')})`);
  for (const kind of Object.keys(kinds)) {
    const ratios = runs.get(`this ${kind}`)!.map((x, i) => x / runs.get(`base ${kind}`)![i]!);
    console.log(`  ${kind}: this / base median ${round(median(ratios), 3)}`);
  }
  const mixed = (name: string) => median(runs.get(`${name} listing`)!.map((x, i) => (x * kinds.listing.length + runs.get(`${name} search`)![i]! * kinds.search.length) / queries.length));
  console.log(`  mix: base ${round(mixed('base'), 4)}, this ${round(mixed('this'), 4)} ms a query`);
} finally {
  await server.close();
  await data.remove();
}
