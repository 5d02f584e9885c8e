import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { readStock, type StockRow } from './stock-store';
import { syncStockFromCatalog } from './stock-sync';

let running: Promise<unknown> = Promise.resolve();

/** Runs syncs one after another within this process (other processes may run theirs; it is idempotent). */
export function syncStock(ctx: Pick<AppContext, 'db' | 'log'>): Promise<void> {
  const next = running.then(() => syncStockFromCatalog(ctx.db));
  running = next.catch((error: unknown) => ctx.log.error({ err: error }, 'stock sync from the catalogue failed; retried on the next change'));
  return next.then(() => undefined);
}

/** Syncs once the app is ready (before it listens) and again whenever products change. */
export function installStockSync(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onReady', async () => {
    await syncStock(ctx);
  });
  const onChange = (change: { entities: string[] }) => {
    if (change.entities.includes('product')) void syncStock(ctx).catch(() => undefined);
  };
  ctx.catalog.changes.on('change', onChange);
  app.addHook('onClose', async () => {
    ctx.catalog.changes.off('change', onChange);
  });
}

/**
 * Stock rows for skus; a sku without a row may be a product imported by another process a moment
 * ago, so one catch-up sync runs before it is reported missing.
 */
export async function stockFor(ctx: Pick<AppContext, 'db' | 'log'>, skus: readonly string[]): Promise<Map<string, StockRow>> {
  const found = await readStock(ctx.db, skus);
  if (skus.every((s) => found.has(s))) return found;
  await syncStock(ctx);
  return readStock(ctx.db, skus);
}
