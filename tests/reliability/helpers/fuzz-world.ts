import type { TestServer } from '../../helpers/test-server';
import type { Hints } from '../fuzz/schema-arbitrary';
import type { FuzzIdentity } from '../fuzz/request-arbitrary';
import { addLine, badTokens, newCart, orderPayload, placeOrder, registerCustomer, saleableSkus, type Customer } from './shop-fixtures';

/**
 * The things a fuzzed request may name for real: a customer and its token, a guest and a
 * customer cart with lines, a placed order, skus in stock, CMS ids. Without them nearly every
 * request would stop at "not found" and the code behind would never see hostile input.
 */
export interface FuzzWorld {
  customer: Customer;
  identity: FuzzIdentity;
  hints: Hints;
}

export async function buildFuzzWorld(server: TestServer): Promise<FuzzWorld> {
  const customer = await registerCustomer(server, 'fuzz.owner@example.com', 'Fuzz', 'Owner');
  const skus = await saleableSkus(server, 3);
  const [skuA, skuB, skuC] = skus as [string, string, string];
  const guestCart = await newCart(server);
  await addLine(server, guestCart, skuA, 1);
  const customerCart = await newCart(server, customer.bearer);
  await addLine(server, customerCart, skuB, 2, customer.bearer);
  const order = await placeOrder(server, orderPayload('fuzz-order-0001', [skuC], customer.email), customer.bearer);
  const mailToken = (await server.request<string>('GET', '/api/ext/mail-service/get-token')).body.result;
  const content = await server.ctx.db.query<{ entity: string; id: string; identifier: string | null; slug: string | null }>(
    `select entity, id, doc->>'identifier' as identifier, doc->>'slug' as slug from catalog_documents
     where entity in ('cms_page', 'cms_block', 'blog_post', 'static_content') order by entity, id`,
  );
  const products = await server.ctx.db.query<{ id: string }>("select id from catalog_documents where entity = 'product' and doc->>'sku' = any($1::text[])", [skus]);
  const present = <T>(values: (T | null | undefined)[]) => [...new Set(values.filter((v): v is T => v !== null && v !== undefined))];
  const bad = badTokens(server, customer.id);
  return {
    customer,
    identity: { validToken: customer.token, expiredToken: bad.expired!, forgedToken: bad['wrong secret']! },
    hints: {
      cartId: [guestCart, customerCart],
      sku: skus,
      skus: [skus.join(','), skus.join(' , ')],
      productId: present(products.map((p) => p.id)),
      product_id: present(products.map((p) => p.id)),
      orderNumber: [order.increment_id],
      orderId: [order.order_id, order.increment_id],
      order_id: ['fuzz-order-0001'],
      email: [customer.email],
      username: [customer.email],
      emailAddress: [customer.email],
      targetAddress: [server.ctx.config.shopEmail],
      token: [mailToken],
      coupon: ['WELCOME10', 'TRADE5', 'EXPIRED20'],
      id: present(content.filter((c) => /^\d+$/.test(c.id)).map((c) => c.id)),
      identifier: present(content.map((c) => c.identifier)),
      slug: present(content.map((c) => c.slug)),
      name: present(content.filter((c) => c.entity === 'static_content').map((c) => c.id)),
      storeId: ['1'],
      entities: ['product,category', 'cms_page'],
    },
  };
}
