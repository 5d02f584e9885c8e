/**
 * A catalogue restored from the start-up snapshot answers the storefront's query set exactly as the
 * golden file recorded (ranked ids, totals and the digest of each whole reply): the documents go
 * through the value pool, the snapshot file and back, and the index is built from what was read,
 * with the product text index saved beside them restored rather than built. A text index saved
 * under another format is left out, and the index built from the documents instead.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery } from '../../../schemas/catalog-query';
import { readSnapshot, SNAPSHOT_FORMAT, writeSnapshot, type SnapshotEntity, type SnapshotStamp } from '../../../server/catalog/catalog-snapshot';
import type { CatalogEntity } from '../../../server/catalog/catalog-store';
import { AttributeLookup, createSearchIndex, SearchIndexLoader, textIndexFormat, type SearchIndex } from '../../../server/catalog/search-index';
import { documentId, SECTION_ENTITIES } from '../../../server/catalog/write-catalog';
import type { Doc } from '../../../src/domain/catalog-query/types';
import { goldenCatalogue, goldenQueryContext, storefrontQueries } from './storefront-query-set';

const GOLDEN_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'search-results.golden.json');
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const entityOf = (type: string): CatalogEntity => (type === 'cms_hierarchy' ? 'cms_page' : type) as CatalogEntity;

const catalogue = goldenCatalogue();
const named = storefrontQueries(catalogue);
const restored = new Map<CatalogEntity, SearchIndex>();
const fresh = new Map<CatalogEntity, SearchIndex>();
const attributes = new AttributeLookup();
const context = goldenQueryContext(catalogue, attributes.get);
let dir: string;
let stamp: SnapshotStamp;
let entities: SnapshotEntity[];
/** The entities whose text index the snapshot gave back. */
const textRestored: CatalogEntity[] = [];

/** Every entity's index from the snapshot `file` as a start builds it; `text`: entities given a saved text index. */
async function loadSnapshot(file: string, into: Map<CatalogEntity, SearchIndex>, text: CatalogEntity[] = []): Promise<void> {
  const read = await readSnapshot(file, stamp);
  if (!read.ok) throw new Error(read.reason);
  for (const part of read.entities) {
    const { entity, docs, seqs, text: saved } = await part.read();
    const loader = new SearchIndexLoader(entity);
    loader.addShared(docs, seqs);
    if (saved) {
      loader.restoreText(saved);
      text.push(entity);
    }
    into.set(entity, loader.finish());
    if (entity === 'attribute' && into === restored) attributes.upsert(docs);
  }
  await read.close();
}

/** Each named query's reply text from `indexes`. */
const replies = (indexes: Map<CatalogEntity, SearchIndex>) =>
  named.map(({ name, query }) => {
    const parsed = parseCatalogQuery(query);
    if (!parsed.ok) throw new Error(`${name}: ${parsed.message}`);
    return indexes.get(entityOf(parsed.value.type))!.queryJson(parsed.value, context);
  });
let golden: { queries: { name: string; total: number; ids: string; reply: string }[] };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'snapshot-golden-'));
  const file = path.join(dir, 'catalog-snapshot.bin');
  // As a database load leaves them: each entity indexed, documents pooled, with sequence numbers.
  let seq = 0;
  entities = Object.entries(SECTION_ENTITIES).map(([section, entity]) => {
    const docs = (catalogue[section as keyof typeof SECTION_ENTITIES] as readonly object[]).map((d) => ({ ...(d as Doc), id: documentId(entity, d) }));
    const index = createSearchIndex(entity, docs);
    fresh.set(entity, index);
    const { docs: pooled, text } = index.snapshot();
    return { entity, docs: pooled, seqs: pooled.map(() => ++seq), ...(text ? { text } : {}) };
  });
  stamp = { database: 'golden', seq, live: entities.reduce((sum, e) => sum + e.docs.length, 0) };
  await writeSnapshot(file, stamp, entities);
  await loadSnapshot(file, restored, textRestored);
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

  it('restores the product text index saved with it, answering as the freshly built indexes do', () => {
    expect(textRestored).toEqual(['product']);
    expect(replies(restored)).toEqual(replies(fresh));
  });

  it('builds the text index from the documents when it was saved under another text index format', async () => {
    const file = path.join(dir, 'older-index.bin');
    await writeSnapshot(file, stamp, entities, `0:${'0'.repeat(16)}`);
    const read = await readSnapshot(file, stamp);
    expect(read.ok && read.textIndexStale).toBe(`text index format 0:${'0'.repeat(16)}, not ${textIndexFormat()}`);
    if (read.ok) await read.close();
    const rebuilt = new Map<CatalogEntity, SearchIndex>();
    const text: CatalogEntity[] = [];
    await loadSnapshot(file, rebuilt, text);
    expect(text).toEqual([]);
    expect(replies(rebuilt)).toEqual(replies(fresh));
  });

  it('is refused when of an older snapshot format', async () => {
    const good = await readFile(path.join(dir, 'catalog-snapshot.bin'));
    const older = Buffer.from(good.toString('latin1').replace(`"format":${SNAPSHOT_FORMAT}`, `"format":${SNAPSHOT_FORMAT - 1}`), 'latin1');
    const file = path.join(dir, 'older-format.bin');
    await writeFile(file, older);
    const read = await readSnapshot(file, stamp);
    expect(!read.ok && read.reason).toBe(`format ${SNAPSHOT_FORMAT - 1}, not ${SNAPSHOT_FORMAT}`);
  });

  it('is refused when its stamp is not the database’s', async () => {
    const file = path.join(dir, 'catalog-snapshot.bin');
    const header = await readSnapshot(file, { database: 'golden', seq: 0, live: 0 });
    expect(header.ok).toBe(false);
    expect(!header.ok && header.reason).toMatch(/^stale/);
  });
});
