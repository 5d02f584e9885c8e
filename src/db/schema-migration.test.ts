import { describe, expect, it } from 'vitest';
import { listsCollection } from '../../schemas/rx/lists.schema';
import type { CollectionDefinition } from '../../schemas/rx/json-schema';
import { fakeBrowser, openTestDatabase } from '../../tests/doubles/test-database';

/** A next version of the lists schema, as a real change would add it: version bump plus a migration. */
const listsV1: CollectionDefinition = {
  schema: { ...listsCollection.schema, version: 1, properties: { ...listsCollection.schema.properties, note: { type: 'string' } } },
  migrationStrategies: { 1: (doc) => ({ ...doc, note: `kept from v0 (${String(doc.sku)})` }) },
};

describe('schema versions', () => {
  it('migrate stored documents to the new version with the migration strategy', async () => {
    const browser = fakeBrowser();
    const v0 = await openTestDatabase({ browser, name: 'migrate_db', collections: ['lists'] });
    await v0.lists.insert({ id: 'wishlist:A', list: 'wishlist', sku: 'A', qty: 1, added_at: 5 });
    await v0.close();
    const v1 = await openTestDatabase({ browser, name: 'migrate_db', collections: ['lists'], definitions: { lists: listsV1 } });
    const doc = (await v1.lists.findOne('wishlist:A').exec())!.toJSON() as Record<string, unknown>;
    expect(doc).toMatchObject({ sku: 'A', note: 'kept from v0 (A)' });
    await v1.close();
  });

  it('refuse to open changed data under an unchanged version (why the hash test exists)', async () => {
    const browser = fakeBrowser();
    const v0 = await openTestDatabase({ browser, name: 'drift_db', collections: ['lists'] });
    await v0.close();
    const drifted: CollectionDefinition = { ...listsV1, schema: { ...listsV1.schema, version: 0 }, migrationStrategies: {} };
    await expect(openTestDatabase({ browser, name: 'drift_db', collections: ['lists'], definitions: { lists: drifted } })).rejects.toThrow(/DB6/);
  });
});
