import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureAccessToken } from '../helpers/fixture-access-token';
import type { CatalogDoc } from '../../server/catalog/catalog-store';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { ensureCustomers } from './cart-fixtures';
import { docsOf, writeFixtures } from './content-fixtures';

interface Prices {
  final_price: number;
  regular_price: number;
  minimal_price: number;
  max_price: number;
  special_price?: number;
}
interface Item {
  sku: string;
  id: number;
  price_info: Prices & { extension_attributes: { tax_adjustments: Prices } };
}

let server: TestServer;
const list = (query: string, headers?: Record<string, string>) =>
  server.request<{ items: Item[] }>('GET', `/api/product/render-list?${query}`, undefined, headers);
const bySku = async (query: string, headers?: Record<string, string>) => {
  const reply = await list(query, headers);
  expect(reply.status).toBe(200);
  return new Map(reply.body.result.items.map((item) => [item.sku, item]));
};

beforeAll(async () => {
  server = await startTestServer();
  await writeFixtures(server.ctx.db);
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/product/render-list', () => {
  it('prices a plain product at its price, with 20 % UK VAT in tax_adjustments', async () => {
    const item = (await bySku('skus=ZZT-BOOK,ZZT-PENNY&currencyCode=GBP&storeId=1')).get('ZZT-PENNY')!;
    expect(item).toMatchObject({ sku: 'ZZT-PENNY', id: 990016 });
    expect(item.price_info).toEqual({
      final_price: 0.07,
      regular_price: 0.07,
      minimal_price: 0.07,
      max_price: 0.07,
      extension_attributes: { tax_adjustments: { final_price: 0.08, regular_price: 0.08, minimal_price: 0.08, max_price: 0.08 } },
    });
  });

  it('adds no tax to zero-rated goods (tax class 5)', async () => {
    const book = (await bySku('skus=ZZT-BOOK')).get('ZZT-BOOK')!;
    expect(book.price_info.final_price).toBe(7.5);
    expect(book.price_info.extension_attributes.tax_adjustments.final_price).toBe(7.5);
  });

  it('applies a special price only inside its window and only when below the price', async () => {
    const items = await bySku('skus=ZZT-SPECIAL,ZZT-EXPIRED,ZZT-FUTURE,ZZT-DEARER');
    expect(items.get('ZZT-SPECIAL')!.price_info).toMatchObject({ final_price: 15, regular_price: 20, special_price: 15 });
    expect(items.get('ZZT-SPECIAL')!.price_info.extension_attributes.tax_adjustments).toMatchObject({ final_price: 18, regular_price: 24, special_price: 18 });
    for (const sku of ['ZZT-EXPIRED', 'ZZT-FUTURE', 'ZZT-DEARER']) {
      expect(items.get(sku)!.price_info.final_price, sku).toBe(20);
      expect(items.get(sku)!.price_info, sku).not.toHaveProperty('special_price');
    }
  });

  it("uses the customer group's tier at quantity 1: from userGroupId, or from the token's group", async () => {
    expect((await bySku('skus=ZZT-SPECIAL&userGroupId=1')).get('ZZT-SPECIAL')!.price_info.final_price).toBe(14);
    // Group 0's tier starts at 5 units, so it does not apply to one.
    expect((await bySku('skus=ZZT-SPECIAL&userGroupId=0')).get('ZZT-SPECIAL')!.price_info.final_price).toBe(15);
    await ensureCustomers(server, ['1']);
    const token = fixtureAccessToken({ sub: '1', groupId: 1 }, server.ctx.secrets.authSecret, 60);
    expect((await bySku(`skus=ZZT-SPECIAL&token=${token}`)).get('ZZT-SPECIAL')!.price_info.final_price).toBe(14);
    expect((await bySku('skus=ZZT-SPECIAL', { authorization: `Bearer ${token}` })).get('ZZT-SPECIAL')!.price_info.final_price).toBe(14);
  });

  it('prices configurable children, found inside their parent, and the parent from its enabled children', async () => {
    const items = await bySku('skus=ZZT-CFG,ZZT-CFG-L,ZZT-CFG-X');
    expect(items.get('ZZT-CFG-L')!.price_info).toMatchObject({ final_price: 11, regular_price: 12, special_price: 11 });
    expect(items.get('ZZT-CFG-X')!.price_info.final_price).toBe(5);
    // The withdrawn £5 child (status 2) does not make the parent look cheaper.
    expect(items.get('ZZT-CFG')!.price_info).toMatchObject({ final_price: 10, minimal_price: 10, max_price: 11, regular_price: 10 });
  });

  it('lists known skus in the order asked, once each, and leaves unknown ones out', async () => {
    const reply = await list('skus=ZZT-BOOK,%20NO-SUCH-SKU,ZZT-PENNY,ZZT-BOOK,');
    expect(reply.body.result.items.map((i) => i.sku)).toEqual(['ZZT-BOOK', 'ZZT-PENNY']);
    expect((await list('skus=NO-SUCH-SKU')).body).toEqual({ code: 200, result: { items: [] } });
  });

  it('matches the seeded products: without a special or a tier at one unit, a product costs its price', async () => {
    const guestTierAtOne = (p: CatalogDoc) => Array.isArray(p.tier_prices) && (p.tier_prices as { customer_group_id: number; qty: number }[]).some((t) => t.customer_group_id === 0 && t.qty <= 1);
    const seeded = (await docsOf(server.ctx.db, 'product')).filter(
      (p) => p.type_id === 'simple' && p.special_price == null && !guestTierAtOne(p) && Number(p.tax_class_id) === 2 && Number(p.id) < 990000,
    );
    const sample: CatalogDoc[] = seeded.slice(0, 50);
    expect(sample.length).toBe(50);
    const items = await bySku(`skus=${sample.map((p) => encodeURIComponent(String(p.sku))).join(',')}`);
    for (const product of sample) {
      const item = items.get(String(product.sku))!;
      expect(item.price_info.final_price, String(product.sku)).toBe(product.price);
      expect(item.price_info.extension_attributes.tax_adjustments.final_price).toBe(Math.round(Number(product.price) * 120) / 100);
    }
  });

  it("matches the demo catalogue's special-price rule products", async () => {
    const docs = new Map((await docsOf(server.ctx.db, 'product')).map((p) => [p.sku, p]));
    const items = await bySku('skus=DB-PZ2-25-10,TB-M10-100-HDG,HS-64-BM,AG-410-HD,HT-HM-CL20-FG');
    // special-current-demo and special-open-ended-demo: the special price is the price now.
    for (const sku of ['DB-PZ2-25-10', 'TB-M10-100-HDG']) {
      const doc = docs.get(sku)!;
      expect(doc.special_price, sku).toBeLessThan(Number(doc.price));
      expect(items.get(sku)!.price_info, sku).toMatchObject({ final_price: doc.special_price, special_price: doc.special_price, regular_price: doc.price });
    }
    // special-expired-demo, special-future-demo and special-above-price-demo: the price stands.
    for (const sku of ['HS-64-BM', 'AG-410-HD', 'HT-HM-CL20-FG']) {
      const doc = docs.get(sku)!;
      expect(doc.special_price, sku).toEqual(expect.any(Number));
      expect(items.get(sku)!.price_info.final_price, sku).toBe(doc.price);
      expect(items.get(sku)!.price_info, sku).not.toHaveProperty('special_price');
    }
  });

  it("matches the demo catalogue's tier-price rule product for guests and the trade group", async () => {
    const doc = (await docsOf(server.ctx.db, 'product')).find((p) => p.sku === 'WS-4-40-YP')!;
    const tiers = doc.tier_prices as { customer_group_id: number; qty: number; value: number }[];
    const tradeAtOne = tiers.find((t) => t.customer_group_id === 1 && t.qty === 1)!;
    expect(tradeAtOne.value).toBeLessThan(Number(doc.price));
    expect((await bySku('skus=WS-4-40-YP')).get('WS-4-40-YP')!.price_info.final_price).toBe(doc.price);
    expect((await bySku('skus=WS-4-40-YP&userGroupId=1')).get('WS-4-40-YP')!.price_info.final_price).toBe(tradeAtOne.value);
  });

  it('prices a seeded configurable child as its parent embeds it', async () => {
    const parent = (await docsOf(server.ctx.db, 'product')).find((p) => p.type_id === 'configurable' && Number(p.id) < 990000)!;
    const child = (parent.configurable_children as CatalogDoc[])[0]!;
    const item = (await bySku(`skus=${encodeURIComponent(String(child.sku))}`)).get(String(child.sku))!;
    expect(item.id).toBe(child.id);
    expect(item.price_info.regular_price).toBe(child.price);
  });
});

describe('GET /api/product/render-list: bad input', () => {
  const cases: [string, number, string][] = [
    ['', 400, 'skus parameter is required'],
    ['skus=', 400, 'skus parameter is required'],
    ['skus=,%20,', 400, 'skus parameter is required'],
    [`skus=${Array.from({ length: 201 }, (_, i) => `S${i}`).join(',')}`, 400, 'skus: at most 200 skus per request'],
    ['skus=A&currencyCode=EUR', 400, 'currencyCode: must be GBP, the only currency of the store'],
    ['skus=A&userGroupId=abc', 400, 'userGroupId: must be a whole number'],
    ['skus=A&storeId=-1', 400, 'storeId: must be a whole number'],
    ['skus=A&colour=red', 400, 'colour: unknown field'],
    ['skus=A&skus=B', 400, 'skus: must be a comma separated list'],
    ['skus=A&token=not-a-token', 401, 'User is not authorized to access the resource'],
  ];
  for (const [query, status, message] of cases) {
    it(`${query.slice(0, 40) || '(no query)'} → ${status}`, async () => {
      const reply = await list(query);
      expect(reply.status).toBe(status);
      expect(reply.body).toEqual({ code: status, result: message });
    });
  }

  it('refuses a huge sku list without a 5xx', async () => {
    const reply = await list(`skus=${'A'.repeat(13_000)}`);
    expect(reply.body).toEqual({ code: 400, result: 'skus: must be at most 12800 characters' });
    // Beyond Node's 16 KB request-line limit the HTTP layer itself answers 431.
    const huge = await list(`skus=${'A'.repeat(30_000)}`);
    expect(huge.status).toBe(431);
  });
});
