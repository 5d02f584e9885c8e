import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDocuments, type CatalogDoc, type CatalogEntity } from '../../server/catalog/catalog-store';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The replication feed sends devices what the public content routes show, no more: a CMS page or
 * block switched off, a banner not at status 1 and a blog post dated in the future arrive as
 * deletions, and such a post arrives once its date has come.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface FeedDoc {
  id: string | number;
  _entity: string;
  _deleted: boolean;
  title?: string;
}
interface Feed {
  documents: FeedDoc[];
  checkpoint: { seq: number; id: string };
}

const ENTITIES = 'cms_page,cms_block,banner,blog_post';

async function pull(after: { seq: number; id: string } = { seq: 0, id: '' }): Promise<Feed> {
  let checkpoint = after;
  const documents: FeedDoc[] = [];
  for (;;) {
    const reply = await server.request<Feed>('GET', `/api/catalog/changes?entities=${ENTITIES}&seq=${checkpoint.seq}&id=${encodeURIComponent(checkpoint.id)}&limit=1000`);
    expect(reply.status).toBe(200);
    documents.push(...reply.body.result.documents);
    if (reply.body.result.documents.length < 1000) return { documents, checkpoint: reply.body.result.checkpoint };
    checkpoint = reply.body.result.checkpoint;
  }
}

const write = (entity: CatalogEntity, docs: CatalogDoc[]) => server.ctx.db.transaction((tx) => writeDocuments(tx, server.ctx.db, entity, docs));
const find = (feed: Feed, entity: string, id: string | number) => feed.documents.filter((d) => d._entity === entity && String(d.id) === String(id)).at(-1);
/** The document as a deletion carries it: every field it has (the id as text). */
const asDeletion = (doc: FeedDoc | undefined) => doc && { ...doc, id: String(doc.id) };
const iso = (ms: number) => new Date(ms).toISOString();

describe('the replication feed of content', () => {
  it('sends switched-off CMS pages and blocks, banners not at status 1 and future blog posts as deletions, with nothing of their content', async () => {
    await write('cms_page', [
      { id: 9101, identifier: 'draft-terms', title: 'Draft terms', content: '<p>secret draft</p>', active: false },
      { id: 9102, identifier: 'live-terms', title: 'Live terms', content: '<p>live</p>', active: true },
    ]);
    await write('cms_block', [{ id: 9103, identifier: 'draft-block', title: 'Draft block', content: 'secret', active: false }]);
    await write('banner', [{ id: 9104, title: 'Next month sale', status: 2, position: 1 }]);
    await write('blog_post', [
      { id: 9105, slug: 'coming-soon', title: 'Coming soon', content: 'embargoed', published_at: iso(Date.now() + 86_400_000) },
      { id: 9106, slug: 'out-now', title: 'Out now', content: 'public', published_at: iso(Date.now() - 60_000) },
    ]);
    const feed = await pull();
    for (const [entity, id] of [['cms_page', 9101], ['cms_block', 9103], ['banner', 9104], ['blog_post', 9105]] as const) {
      expect(asDeletion(find(feed, entity, id)), `${entity} ${id}`).toEqual({ id: String(id), _entity: entity, _deleted: true });
    }
    expect(find(feed, 'cms_page', 9102)).toMatchObject({ _deleted: false, title: 'Live terms' });
    expect(find(feed, 'blog_post', 9106)).toMatchObject({ _deleted: false, title: 'Out now' });
    expect(JSON.stringify(feed.documents)).not.toMatch(/secret|embargoed|Next month sale/);
  });

  it('sends a page switched off after a device pulled it as a deletion', async () => {
    await write('cms_page', [{ id: 9111, identifier: 'soon-off', title: 'Soon off', content: 'x', active: true }]);
    const first = await pull();
    expect(find(first, 'cms_page', 9111)).toMatchObject({ _deleted: false });
    await write('cms_page', [{ id: 9111, identifier: 'soon-off', title: 'Soon off', content: 'x', active: false }]);
    const next = await pull(first.checkpoint);
    expect(asDeletion(find(next, 'cms_page', 9111))).toEqual({ id: '9111', _entity: 'cms_page', _deleted: true });
  });

  it('sends a post written ahead of its date once that date has come, to a device that already pulled past it', async () => {
    const at = Date.now() + 1_500;
    await write('blog_post', [{ id: 9121, slug: 'scheduled', title: 'Scheduled', content: 'on time', published_at: iso(at) }]);
    const before = await pull();
    expect(find(before, 'blog_post', 9121)).toMatchObject({ _deleted: true });
    expect((await server.request('GET', '/api/ext/blog/single/9121')).status).toBe(404);
    const list = await server.request<{ items: { id: number }[] }>('GET', '/api/ext/blog/list?pageSize=100');
    expect(list.body.result.items.map((p) => p.id)).not.toContain(9121);

    await expect.poll(async () => find(await pull(before.checkpoint), 'blog_post', 9121)?._deleted, { timeout: 10_000, interval: 250 }).toBe(false);
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    expect((await server.request('GET', '/api/ext/blog/single/9121')).status).toBe(200);
  });
});
