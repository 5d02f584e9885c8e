import { LOCKS, type Database } from '../db/database';
import { generateCatalog } from '../seed/generate-catalog';
import { writeDocuments } from './catalog-store';
import { writeCatalogSections } from './write-catalog';

/**
 * Loads the demo catalogue on the very first start only. One transaction with the `seeded` mark,
 * so a crash half-way leaves nothing behind and a restart never seeds twice.
 */
export async function seedIfEmpty(db: Database, products: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCKS.seed]);
    const seeded = await tx.query("select 1 from meta where key = 'seeded'");
    if (seeded.length > 0) return false;
    const catalog = generateCatalog({ products });
    await writeCatalogSections(tx, db, catalog);
    const staticDocs = Object.entries(catalog.static_content).map(([id, value]) => ({ id, value }));
    await writeDocuments(tx, db, 'static_content', staticDocs);
    for (const coupon of catalog.coupons) {
      await tx.query('insert into coupons (code, doc) values ($1, $2::jsonb) on conflict (code) do nothing', [coupon.code, JSON.stringify(coupon)]);
    }
    await tx.query("insert into meta (key, value) values ('seeded', $1::jsonb)", [JSON.stringify({ at: new Date().toISOString(), products: catalog.products.length })]);
    return true;
  });
}
