import type { RxDocument } from 'rxdb';
import type { ApiClient } from '../../../replication/api/api-types';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { isAvailable, readStock, stockCheckOutcome, type StockReading, type StockStatus } from '../../domain/add-to-cart/add-to-cart-rules';
import { storedProduct } from '../catalog/catalog-records';
import type { ShopDatabase } from '../database-types';

/** What the cart's quantity rules read about one sku's stock, and where the figure came from. */
export interface StockFigure extends StockReading {
  /** `server`: the live figure from /api/stock/check; `local`: the replicated catalogue's. */
  source: 'server' | 'local';
}

export function stockFigure(stock: Record<string, unknown> | null | undefined, source: StockFigure['source']): StockFigure | null {
  if (!stock) return null;
  return { ...readStock(stock), source };
}

/** The replicated stock of a sku: a product's own, or a configurable child's inside its parent. */
export async function localStock(db: ShopDatabase, sku: string, parentSku?: string | null): Promise<StockFigure | null> {
  if (parentSku) {
    const parent = await storedProduct(db, parentSku);
    const children = Array.isArray(parent?.source.configurable_children) ? (parent.source.configurable_children as Record<string, unknown>[]) : [];
    const child = children.find((c) => c.sku === sku);
    if (child) return stockFigure(child.stock as Record<string, unknown> | undefined, 'local');
  }
  const doc = await storedProduct(db, sku);
  return stockFigure(doc?.source.stock as Record<string, unknown> | undefined, 'local');
}

/**
 * The stock check of SPEC §4/§7: online, GET /api/stock/check?sku= (the live figure orders
 * decrement); offline or when the call fails, the local figure. Null when neither knows the sku.
 */
export async function checkStock(db: ShopDatabase, api: ApiClient, sku: string, parentSku?: string | null): Promise<StockFigure | null> {
  if (typeof navigator === 'undefined' || navigator.onLine) {
    try {
      const reply = await api.request<Record<string, unknown>>('/api/stock/check', { query: { sku }, auth: false });
      if (reply.code === 200 && reply.result && typeof reply.result === 'object') return stockFigure(reply.result, 'server');
    } catch {
      // Offline or the server unreachable: the local figure answers.
    }
  }
  return localStock(db, sku, parentSku);
}

/**
 * The add-to-cart stock status (SPEC §4, §5): a live figure says ok or out_of_stock; without an
 * online check the status is volatile (a pre-reservation) unless the local figure already says the
 * product is out of stock.
 */
export function stockStatusOf(figure: StockFigure | null): StockStatus {
  if (!figure) return 'volatile';
  if (!isAvailable(figure)) return 'out_of_stock';
  return figure.source === 'server' ? 'ok' : 'volatile';
}

/**
 * The figure a cart line's stock message follows: the live one, unless the replicated catalogue
 * already says the product is out of stock. The server's stock follows its catalogue a moment after a
 * change, so a live "in stock" then is the figure from before it.
 */
export function lineStockFigure(live: StockFigure | null, local: StockFigure | null): StockFigure | null {
  if (local && !isAvailable(local)) return local;
  return live;
}

/**
 * The stock check of the cart's lines (SPEC §8: "Out of the stock!" and "In stock!" on cart items
 * after a stock check), through GET /api/stock/list. Offline nothing is checked. Only the lines'
 * errors/info change, so the shopper's choice and the sync hash stay as they are. True when the
 * server answered (every line was checked).
 */
export async function checkCartStock(db: ShopDatabase, api: ApiClient): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  const lines = await db.cart.find().exec();
  const skus = [...new Set(lines.map((l) => l.sku))];
  if (skus.length === 0) return true;
  const reply = await api.request<Record<string, unknown>[]>('/api/stock/list', { query: { skus: skus.join(',') }, auth: false }).catch(() => null);
  if (!reply || reply.code !== 200 || !Array.isArray(reply.result)) return false;
  const bySku = new Map(reply.result.map((item) => [typeof item.product_sku === 'string' ? item.product_sku : '', stockFigure(item, 'server')]));
  const local = new Map(await Promise.all(lines.map(async (line) => [line.sku, await localStock(db, line.sku, line.parentSku)] as const)));
  await markLineStock(lines, (sku) => {
    const live = bySku.get(sku) ?? null;
    return live && lineStockFigure(live, local.get(sku) ?? null);
  });
  return true;
}

/** Marks each line "In stock!" or "Out of the stock!" (SPEC §8) from its figure; lines without one stay as they are. */
export async function markLineStock(lines: readonly RxDocument<CartLine>[], figureOf: (sku: string, parentSku: string | null) => StockFigure | null): Promise<void> {
  for (const line of lines) {
    const figure = figureOf(line.sku, line.parentSku ?? null);
    if (!figure) continue;
    const outcome = stockCheckOutcome(isAvailable(figure), { cartSyncEnabled: true });
    if (outcome.action !== 'mark') continue;
    const { stock: _e, ...errors } = line.errors;
    const { stock: _i, ...info } = line.info;
    const next = { errors: { ...errors, ...outcome.errors }, info: { ...info, ...outcome.info } };
    if (JSON.stringify(next) !== JSON.stringify({ errors: line.errors, info: line.info })) await line.incrementalPatch(next);
  }
}
