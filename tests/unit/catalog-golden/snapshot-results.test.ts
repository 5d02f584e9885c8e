/**
 * A catalogue restored from the start-up snapshot answers the storefront's query set exactly as the
 * golden file recorded (ranked ids, totals and the digest of each whole reply): the documents go
 * through the value pool, the snapshot file and back, and the index is built from what was read.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery } from '../../../schemas/catalog-query';
import { readSnapshot, writeSnapshot, type SnapshotStamp } from '../../../server/catalog/catalog-snapshot';
import type { CatalogEntity } from '../../../server/catalog/catalog-store';
import { AttributeLookup, createSearchIndex, SearchIndexLoader, type SearchIndex } from '../../../server/catalog/search-index';
import { documentId, SECTION_ENTITIES } from '../../../server/catalog/write-catalog';
import type { Doc } from '../../../src/domain/catalog-query/types';
import { goldenCatalogue, goldenQueryContext, storefrontQueries } from './storefront-query-set';

const GOLDEN_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'search-results.golden.json');
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const entityOf = (type: string): CatalogEntity => (type === 'cms_hierarchy' ? 'cms_page' : type) as CatalogEntity;

const catalogue = goldenCatalogue();
const named = storefrontQueries(catalogue);
const restored = new Map<CatalogEntity, SearchIndex>();
const attributes = new AttributeLookup();
const context = goldenQueryContext(catalogue, attributes.get);
let dir: string;
let golden: { queries: { name: string; total: number; ids: string; reply: string }[] };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'snapshot-golden-'));
  const file = path.join(dir, 'catalog-snapshot.bin');
  // As a database load leaves them: each entity indexed, documents pooled, with sequence numbers.
  let seq = 0;
  const entities = Object.entries(SECTION_ENTITIES).map(([section, entity]) => {
    const docs = (catalogue[section as keyof typeof SECTION_ENTITIES] as readonly object[]).map((d) => ({ ...(d as Doc), id: documentId(entity, d) }));
    const index = createSearchIndex(entity, docs);
    const { docs: pooled } = index.documents();
    return { entity, docs: pooled, seqs: pooled.map(() => ++seq) };
  });
  const stamp: SnapshotStamp = { database: 'golden', seq, live: entities.reduce((sum, e) => sum + e.docs.length, 0) };
  await writeSnapshot(file, stamp, entities);
  const read = await readSnapshot(file, stamp);
  if (!read.ok) throw new Error(read.reason);
  for (const part of read.entities) {
    const { entity, docs, seqs } = await part.read();
    const loader = new SearchIndexLoader(entity);
    loader.addShared(docs, seqs);
    restored.set(entity, loader.finish());
    if (entity === 'attribute') attributes.upsert(docs);
  }
  await read.close();
  golden = JSON.parse(await readFile(GOLDEN_FILE, 'utf8')) as typeof golden;
}, 120_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('a catalogue restored from the snapshot', () => {
  it('answers every storefront query with the recorded ranking and reply', () => {
    expect(golden.queries.map((q) => q.name)).toEqual(named.map((q) => q.name));
    const changed: string[] = [];
    named.forEach(({ name, query }, i) => {
      const parsed = parseCatalogQuery(query);
      if (!parsed.ok) throw new Error(`${name}: ${parsed.message}`);
      const json = restored.get(entityOf(parsed.value.type))!.queryJson(parsed.value, context);
      const result = JSON.parse(json) as { total: number; items: { id: unknown }[] };
      const answer = { name, total: result.total, ids: result.items.map((d) => String(d.id)).join(','), reply: digest(json) };
      if (JSON.stringify(answer) !== JSON.stringify(golden.queries[i])) changed.push(name);
    });
    expect(changed).toEqual([]);
  }, 60_000);

  it('is refused when its stamp is not the database’s', async () => {
    const file = path.join(dir, 'catalog-snapshot.bin');
    const header = await readSnapshot(file, { database: 'golden', seq: 0, live: 0 });
    expect(header.ok).toBe(false);
    expect(!header.ok && header.reason).toMatch(/^stale/);
  });
});
