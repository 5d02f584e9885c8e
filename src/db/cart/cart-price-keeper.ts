import type { RxDocument } from 'rxdb';
import type { ApiClient } from '../../../replication/api/api-types';
import { fetchLivePrices } from '../../../replication/catalog/render-list-prices';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { childrenOf } from '../../domain/cart/configurable-choice';
import { recordsOf, textOf, type Doc } from '../../domain/cart/doc-fields';
import { catalogueLinePrice, confirmedByLivePrices, withNewPrice, withServerPrice } from '../../domain/cart/line-price-state';
import { totalsLinePrices } from '../../domain/cart/totals-line-prices';
import { findTaxRatePercent } from '../../domain/pricing/tax-rate';
import { DEFAULT_COUNTRY } from '../../domain/tax/destination';
import { storedProducts } from '../catalog/catalog-records';
import { UK_STORE } from '../catalog/product-prices';
import type { ShopDatabase } from '../database-types';
import { LOCAL, readLocal } from '../local-state';
import { cartSyncedWith } from '../orders/checkout-totals';
import { localTaxRules } from './cart-product';
import { checkCartStock, markLineStock, stockFigure } from './cart-stock';

export interface CartPriceDeps {
  api: ApiClient;
  isOnline(): boolean;
  /** Asks the server cart for its totals again (they were worked out at the old prices). */
  syncTotals(): Promise<void>;
}

/**
 * Writes a line's new price state on its stored revision, unless the line changed meanwhile (the
 * shopper edited it, a sync wrote it): the next run prices that revision. `updated_at` moves, so a
 * sync round that read the line before takes only its own bookkeeping onto it (cart-store.ts).
 */
async function writeLine(doc: RxDocument<CartLine>, read: CartLine, patch: Partial<CartLine>): Promise<boolean> {
  const differs = (Object.keys(patch) as (keyof CartLine)[]).some((key) => patch[key] !== read[key]);
  if (!differs) return false;
  let written = false;
  await doc.incrementalModify((current) => {
    if (current.qty !== read.qty || current.price_pence !== read.price_pence || current.price_is_current !== read.price_is_current) return current;
    written = true;
    return { ...current, ...patch, updated_at: Date.now() };
  });
  return written;
}

/** Every catalogue document a line may be priced from, by sku: products, configurable children, bundle members. */
function documentsBySku(products: Iterable<Doc>): Map<string, Doc> {
  const documents = new Map<string, Doc>();
  for (const product of products) {
    documents.set(textOf(product.sku), product);
    for (const child of childrenOf(product)) documents.set(textOf(child.sku), child);
  }
  return documents;
}

/**
 * The cart lines priced again from the catalogue replica with the server's own rule (`priceLine`):
 * a line whose price changed takes the new one, unconfirmed, and keeps the price the shopper saw so
 * the screens tell the change. Online, the render-list price sync (SPEC §7) then confirms the lines
 * whose products the server prices as the replica does (current, with the time); offline no line is
 * current. The lines' stock is checked too: live when online, else from the replica. When a price
 * changed the server cart's totals are asked for again. Returns how many prices changed.
 */
export async function refreshCartPrices(db: ShopDatabase, deps: CartPriceDeps): Promise<number> {
  const docs = await db.cart.find().exec();
  if (docs.length === 0) return 0;
  const lines = docs.map((d) => d.toMutableJSON());
  const products = await storedProducts(db, lines.map((l) => l.parentSku ?? l.sku));
  const memberSkus = [...products.values()].flatMap((p) => recordsOf(p.source.bundle_options).flatMap((o) => recordsOf(o.product_links).map((l) => textOf(l.sku))));
  const members = new Map([...(await storedProducts(db, memberSkus))].map(([sku, record]) => [sku, record.source]));
  const taxRules = await localTaxRules(db);
  // Without the tax rules on the device a price including VAT cannot be worked out: nothing to compare.
  if (taxRules.length === 0) return 0;
  const customerGroupId = (await readLocal(db, LOCAL.session)).groupId ?? 0;
  const now = new Date();
  const priced = lines.map((line) => {
    const product = products.get(line.parentSku ?? line.sku)?.source;
    const taxPercent = findTaxRatePercent(taxRules, { productTaxClassId: Number(product?.tax_class_id ?? 2), countryId: DEFAULT_COUNTRY });
    return catalogueLinePrice(line, { product, members, customerGroupId, now, taxPercent });
  });

  const online = deps.isOnline();
  let live: Map<string, number> | null = null;
  if (online) {
    const skus = priced.flatMap((p) => p?.pricedSkus ?? []);
    // Offline after all, or the server failing: the lines keep what they were (nothing is confirmed).
    live = skus.length === 0 ? new Map() : await fetchLivePrices(deps.api, skus, { ...UK_STORE, userGroupId: customerGroupId }).then((prices) => new Map([...prices].map(([sku, p]) => [sku, p.finalPence])), () => null);
  }
  const documents = documentsBySku([...[...products.values()].map((p) => p.source), ...members.values()]);
  const at = Date.now();
  let changed = 0;
  for (const [i, line] of lines.entries()) {
    const price = priced[i] ?? null;
    const patch: Partial<CartLine> = price ? withNewPrice(line, price) : {};
    const newPrice = 'price_pence' in patch;
    const confirmed = Boolean(price && live && confirmedByLivePrices(price.pricedSkus, documents, live, { customerGroupId, now }));
    // A price already current keeps its refresh time: confirming it again is no change to write.
    if (confirmed && !(line.price_is_current && !newPrice)) Object.assign(patch, { price_is_current: true, price_refreshed_at: at });
    // Not confirmed: a new price, a server that priced it otherwise (the replica is behind), or offline.
    else if (!confirmed && (newPrice || live !== null || !online)) Object.assign(patch, { price_is_current: false, price_refreshed_at: null });
    if ((await writeLine(docs[i]!, line, patch)) && newPrice) changed++;
  }

  const checkedLive = online && (await checkCartStock(db, deps.api));
  if (!checkedLive) {
    const stockOf = (sku: string) => documents.get(sku)?.stock;
    await markLineStock(await db.cart.find().exec(), (sku) => stockFigure(stockOf(sku) as Record<string, unknown> | undefined, 'local'));
  }
  if (changed > 0 && online) await deps.syncTotals().catch(() => undefined);
  return changed;
}

/**
 * The prices the server's cart totals hold the lines at (SPEC §3 Cart state "platform totals"),
 * taken onto the lines as current. Only totals worked out for exactly these lines count.
 */
export async function applyServerTotalsPrices(db: ShopDatabase): Promise<number> {
  const state = await readLocal(db, LOCAL.cartState);
  if (!state.token || state.lastTotalsSyncAt === null) return 0;
  const docs = await db.cart.find().exec();
  const lines = docs.map((d) => d.toMutableJSON());
  if (!cartSyncedWith(lines, state)) return 0;
  const prices = totalsLinePrices(state.platformTotals);
  let changed = 0;
  for (const [i, line] of lines.entries()) {
    const price = line.server_cart_id === state.token && typeof line.server_item_id === 'number' ? prices.get(line.server_item_id) : undefined;
    if (!price || price.qty !== line.qty) continue;
    const patch = withServerPrice(line, price, line.prev_qty, state.lastTotalsSyncAt);
    if ((await writeLine(docs[i]!, line, patch)) && 'price_pence' in patch) changed++;
  }
  return changed;
}

/** Offline no price is current (SPEC §3): every line says so until the server confirms it again. */
export async function markPricesNotCurrent(db: ShopDatabase): Promise<void> {
  for (const doc of await db.cart.find().exec()) {
    const line = doc.toMutableJSON();
    await writeLine(doc, line, { price_is_current: false, price_refreshed_at: null });
  }
}
