import { describe, expect, it } from 'vitest';
import { COLLECTIONS, COLLECTION_NAMES, MAX_COLLECTIONS } from './collections';
import { canonicalJson, schemaHash } from './schema-hash';
import committed from './schema-hashes.json';

/**
 * A local schema that changes without a version bump makes every existing browser database refuse to
 * open (DB6). The committed hashes pin each version's exact schema: change a schema and this fails
 * until the version is bumped, a migration strategy for it is added and the new hash is recorded.
 */
const hashes = committed as Record<string, Record<string, string>>;

describe('local collection schemas', () => {
  it(`stay within ${MAX_COLLECTIONS} collections (the free tier throws past 13 open in a page)`, () => {
    expect(COLLECTION_NAMES.length).toBeLessThanOrEqual(MAX_COLLECTIONS);
  });

  it.each(COLLECTION_NAMES)('%s matches the hash committed for its version', async (name) => {
    const { schema } = COLLECTIONS[name];
    const hash = await schemaHash(schema);
    const recorded = hashes[name]?.[String(schema.version)];
    expect(recorded, `no hash recorded for ${name} v${schema.version}: add "${schema.version}": "${hash}" to schemas/rx/schema-hashes.json`).toBeDefined();
    expect(hash, `${name} changed without a version bump: raise version to ${schema.version + 1}, add migrationStrategies[${schema.version + 1}] and record the new hash`).toBe(recorded);
  });

  it.each(COLLECTION_NAMES)('%s has one migration strategy per version above 0 and no version went backwards', (name) => {
    const { schema, migrationStrategies } = COLLECTIONS[name];
    const expected = Array.from({ length: schema.version }, (_, i) => String(i + 1));
    expect(Object.keys(migrationStrategies).sort()).toEqual(expected);
    const recordedVersions = Object.keys(hashes[name] ?? {}).map(Number);
    expect(Math.max(...recordedVersions)).toBe(schema.version);
  });

  it('names each schema after its collection', () => {
    for (const name of COLLECTION_NAMES) expect(COLLECTIONS[name].schema.title).toBe(name);
  });

  it('hashes canonically: key order does not matter, any value change does', async () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    const base = COLLECTIONS.cart.schema;
    const changed = { ...base, properties: { ...base.properties, qty: { type: 'integer', minimum: 0 } } };
    expect(await schemaHash(changed)).not.toBe(await schemaHash(base));
  });
});
