import { afterAll, describe, expect, it } from 'vitest';
import { toContentRecord } from '../../../replication/catalog/catalog-records';
import type { ShopDatabase } from '../database-types';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { localContent, localContentById, registerLocalContent } from './local-content';

let db: ShopDatabase | undefined;
afterAll(async () => db?.close());

const record = (doc: Record<string, unknown>) => {
  const { _deleted, ...plain } = toContentRecord({ _deleted: false, ...doc } as Parameters<typeof toContentRecord>[0]);
  return plain;
};

describe('content read from the device', () => {
  it('answers nothing when the database never opens within the wait', async () => {
    expect(await localContent('banner', undefined, 20)).toBeNull();
    expect(await localContentById('static_content', 'info_links', 20)).toBeUndefined();
  });

  it('waits for the database that opens after the read was asked, then answers from it', async () => {
    const early = localContent('banner');
    db = await openTestDatabase({ collections: ['content'] });
    await db.content.bulkInsert([
      record({ _entity: 'banner', id: 1, title: 'Spring', status: 1 }),
      record({ _entity: 'banner', id: 2, title: 'Old', status: 0 }),
      record({ _entity: 'cms_block', id: 1, identifier: 'home-hero', content: '<p>Hero</p>' }),
      record({ _entity: 'cms_block', id: 2, identifier: 'delivery-promise', content: '<p>Next day</p>' }),
      record({ _entity: 'static_content', id: 'info_links', value: [{ title: 'Delivery', link: '/i/delivery' }] }),
    ]);
    registerLocalContent(db);
    expect((await early)?.map((d) => d.title).sort()).toEqual(['Old', 'Spring']);
    expect(await localContent('cms_block', 'delivery-promise')).toEqual([{ id: 2, identifier: 'delivery-promise', content: '<p>Next day</p>' }]);
    expect(await localContent('cms_block', 'footer')).toEqual([]);
    expect(await localContentById('static_content', 'info_links')).toEqual({ id: 'info_links', value: [{ title: 'Delivery', link: '/i/delivery' }] });
  });
});
