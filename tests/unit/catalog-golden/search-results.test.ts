/**
 * The storefront's catalogue queries answer exactly as the golden file recorded: ranked ids, totals
 * and a digest of the whole reply (items as sent, aggregations, facet metadata), through the server's
 * search index (JSON reply) and through the engine as the browser calls it (result objects). The
 * golden file was written by the engine before its compact rewrite; after a deliberate change to
 * ranking or replies, regenerate it with `UPDATE_GOLDEN=1 npx vitest run --project unit tests/unit/catalog-golden`
 * and review the diff.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery } from '../../../schemas/catalog-query';
import type { CatalogEntity } from '../../../server/catalog/catalog-store';
import { AttributeLookup, createSearchIndex, type SearchIndex } from '../../../server/catalog/search-index';
import { documentId, SECTION_ENTITIES } from '../../../server/catalog/write-catalog';
import { createCatalogIndex, type CatalogIndex } from '../../../src/domain/catalog-query/catalog-index';
import { findByCode } from '../../../src/domain/catalog-query/code-lookup';
import { runCatalogQuery } from '../../../src/domain/catalog-query/run-query';
import type { Doc } from '../../../src/domain/catalog-query/types';
import { GOLDEN_DAY, GOLDEN_PRODUCTS, goldenCatalogue, goldenQueryContext, padCodes, storefrontQueries, type NamedQuery } from './storefront-query-set';

const GOLDEN_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'search-results.golden.json');

interface Answer {
  name: string;
  total: number;
  /** Ranked ids of the page, comma separated. */
  ids: string;
  /** sha256 (first 16 hex digits) of the reply's JSON text. */
  reply: string;
}

interface Golden {
  products: number;
  day: string;
  queries: Answer[];
  codes: { code: string; ids: string }[];
}

/** One query a line, so a regenerated file's diff shows which answers moved. */
function formatGolden(golden: Golden): string {
  const lines = (rows: object[]) => rows.map((row) => `  ${JSON.stringify(row)}`).join(',\n');
  return `{"products": ${golden.products}, "day": "${golden.day}",\n"queries": [\n${lines(golden.queries)}\n],\n"codes": [\n${lines(golden.codes)}\n]}\n`;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

const catalogue = goldenCatalogue();
const named = storefrontQueries(catalogue);
const docsByEntity = new Map<CatalogEntity, Doc[]>();
for (const [section, entity] of Object.entries(SECTION_ENTITIES)) {
  const docs = (catalogue[section as keyof typeof SECTION_ENTITIES] as readonly object[]).map((d) => ({ ...(d as Doc), id: documentId(entity, d) }));
  docsByEntity.set(entity, docs);
}
const entityOf = (type: string): CatalogEntity => (type === 'cms_hierarchy' ? 'cms_page' : type) as CatalogEntity;

function parsed({ name, query }: NamedQuery) {
  const result = parseCatalogQuery(query);
  if (!result.ok) throw new Error(`${name}: ${result.message}`);
  return result.value;
}

describe('storefront queries over the demo catalogue', () => {
  const server = new Map<CatalogEntity, SearchIndex>();
  const browser = new Map<CatalogEntity, CatalogIndex>();
  const attributes = new AttributeLookup();
  const context = goldenQueryContext(catalogue, attributes.get);
  let golden: Golden;

  beforeAll(() => {
    for (const [entity, docs] of docsByEntity) {
      server.set(entity, createSearchIndex(entity, docs));
      browser.set(entity, createCatalogIndex(entity, docs));
    }
    attributes.upsert(docsByEntity.get('attribute')!);
    if (process.env.UPDATE_GOLDEN) {
      const queries = named.map((q): Answer => {
        const body = parsed(q);
        const json = server.get(entityOf(body.type))!.queryJson(body, context);
        const result = JSON.parse(json) as { total: number; items: { id: unknown }[] };
        return { name: q.name, total: result.total, ids: result.items.map((d) => String(d.id)).join(','), reply: digest(json) };
      });
      const codes = padCodes(catalogue).map((code) => ({ code, ids: findByCode(browser.get('product')!, code).map((d) => String(d.id)).join(',') }));
      const written: Golden = { products: GOLDEN_PRODUCTS, day: GOLDEN_DAY.toISOString(), queries, codes };
      writeFileSync(GOLDEN_FILE, formatGolden(written));
    }
    golden = JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as Golden;
  }, 120_000);

  it('runs the same query set the golden file was written from', () => {
    expect(golden.products).toBe(GOLDEN_PRODUCTS);
    expect(golden.day).toBe(GOLDEN_DAY.toISOString());
    expect(golden.queries.map((q) => q.name)).toEqual(named.map((q) => q.name));
    // The set must exercise what it claims to: searches with hits, listings with pages, codes found.
    expect(golden.queries.filter((q) => q.name.startsWith('phrase') && q.total > 0).length).toBeGreaterThan(100);
    expect(golden.queries.filter((q) => q.name.startsWith('category') && q.total > 50).length).toBeGreaterThan(100);
    expect(golden.codes.filter((c) => c.ids !== '').length).toBeGreaterThan(100);
  });

  // Two thousand queries: seconds on a busy machine.
  const HEAVY = 60_000;

  it('the server index answers every query with the recorded ranking and reply', () => {
    const answers = named.map((q): Answer => {
      const body = parsed(q);
      const json = server.get(entityOf(body.type))!.queryJson(body, context);
      const result = JSON.parse(json) as { total: number; items: { id: unknown }[] };
      return { name: q.name, total: result.total, ids: result.items.map((d) => String(d.id)).join(','), reply: digest(json) };
    });
    // One comparison per query, so a failure names the query that changed.
    const changed = answers.filter((a, i) => JSON.stringify(a) !== JSON.stringify(golden.queries[i]));
    expect(changed.slice(0, 5)).toEqual(golden.queries.filter((g, i) => JSON.stringify(answers[i]) !== JSON.stringify(g)).slice(0, 5));
    expect(changed).toHaveLength(0);
  }, HEAVY);

  it('the engine as the browser runs it gives the same replies', () => {
    const changed: string[] = [];
    named.forEach((q, i) => {
      const body = parsed(q);
      const result = runCatalogQuery(browser.get(entityOf(body.type))!, body, context);
      if (digest(JSON.stringify(result)) !== golden.queries[i]!.reply) changed.push(q.name);
    });
    expect(changed).toEqual([]);
  }, HEAVY);

  it('the quick order pad resolves every code as recorded', () => {
    const index = browser.get('product')!;
    expect(golden.codes.map(({ code }) => ({ code, ids: findByCode(index, code).map((d) => String(d.id)).join(',') }))).toEqual(golden.codes);
  });
});
