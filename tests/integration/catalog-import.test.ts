import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, testDatabaseUrl } from '../helpers/test-config';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** The catalogue import keyed by SKU: products without an id, and CSV files as shop owners keep them. */
let server: TestServer;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  admin = { authorization: `Bearer ${server.ctx.adminToken}` };
});
afterAll(async () => server?.close());

const EXAMPLE_CSV = path.join(REPO_ROOT, 'examples/catalog-import.csv');

type Doc = Record<string, unknown> & { id: number; sku: string };
interface ImportReply {
  imported: Record<string, { created: number; updated: number }>;
  seq: number;
}

async function product(sku: string): Promise<Doc | undefined> {
  const rows = await server.ctx.db.query<{ doc: Doc }>("select doc from catalog_documents where entity = 'product' and not deleted and doc->>'sku' = $1", [sku]);
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0]?.doc;
}

async function highestId(): Promise<number> {
  const rows = await server.ctx.db.query<{ top: number }>("select max(id::bigint)::int as top from catalog_documents where entity = 'product'");
  return rows[0]!.top;
}

async function simpleProducts(count: number): Promise<Doc[]> {
  const rows = await server.ctx.db.query<{ doc: Doc }>(
    "select doc from catalog_documents where entity = 'product' and not deleted and doc->>'type_id' = 'simple' and (doc->>'status')::int = 1 order by seq limit $1",
    [count],
  );
  return rows.map((r) => r.doc);
}

/** A copy of `base` as a new product without an id. */
function newProduct(base: Doc, sku: string): Record<string, unknown> {
  const { id: _id, ean: _ean, stock, ...rest } = base;
  const slug = sku.toLowerCase();
  return { ...rest, sku, name: `Imported ${sku}`, slug, url_key: slug, url_path: slug, stock: { ...(stock as object), product_id: undefined } };
}

const importCsv = (text: string) => server.raw('POST', '/api/catalog/import', text, { ...admin, 'content-type': 'text/csv; charset=utf-8' });

describe('products without an id', () => {
  it('finds an existing product by SKU, gives a new SKU the next free id, and counts what was created and updated', async () => {
    const [existing] = await simpleProducts(1);
    const { id: existingId, ...withoutId } = existing!;
    const top = await highestId();
    const reply = await server.request<ImportReply>('POST', '/api/catalog/import', { products: [{ ...withoutId, name: 'Renamed by SKU' }, newProduct(existing!, 'NOID-NEW-1')] }, admin);
    expect(reply.status).toBe(200);
    expect(reply.body.result.imported).toEqual({ product: { created: 1, updated: 1 } });
    expect(await product(existing!.sku)).toMatchObject({ id: existingId, name: 'Renamed by SKU' });
    expect(await product('NOID-NEW-1')).toMatchObject({ id: top + 1, stock: { product_id: top + 1 } });
  });

  it('refuses a product without an id whose SKU is in the file twice, writing nothing', async () => {
    const [base] = await simpleProducts(1);
    const before = server.ctx.catalog.seq;
    const reply = await server.request('POST', '/api/catalog/import', { products: [newProduct(base!, 'NOID-TWICE'), newProduct(base!, 'NOID-TWICE')] }, admin);
    expect(reply.status).toBe(400);
    expect(reply.body.result).toMatch(/^products\[0\]\.sku: NOID-TWICE is also the SKU of products\[1\]/);
    expect(await product('NOID-TWICE')).toBeUndefined();
    expect(server.ctx.catalog.seq).toBe(before);
  });

  it('never hands out one id twice when imports run at once', async () => {
    const [base] = await simpleProducts(1);
    const files = [0, 1, 2].map((f) => ({ products: [0, 1, 2].map((p) => newProduct(base!, `NOID-RACE-${f}-${p}`)) }));
    const replies = await Promise.all(files.map((file) => server.request<ImportReply>('POST', '/api/catalog/import', file, admin)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const ids = await Promise.all(files.flatMap((f) => f.products.map(async (p) => (await product(String(p.sku)))!.id)));
    expect(new Set(ids).size).toBe(9);
  });
});

describe('CSV import', () => {
  it('imports the example file: new products with categories and attribute options, existing ones updated in the filled-in cells only', async () => {
    const before = await product('TB-M10-100-HDG');
    const top = await highestId();
    const reply = await importCsv(await readFile(EXAMPLE_CSV, 'utf8'));
    expect(reply.status).toBe(200);
    expect((reply.body.result as ImportReply).imported).toEqual({ product: { created: 2, updated: 2 } });

    const material = (await server.ctx.db.query<{ value: string }>(
      "select o->>'value' as value from catalog_documents, jsonb_array_elements(doc->'options') o where entity = 'attribute' and doc->>'attribute_code' = 'material' and o->>'label' = 'Carbon steel'",
    ))[0]!.value;
    const created = await product('DI-M12-50-CS');
    expect(created).toMatchObject({
      id: top + 1,
      name: 'Drop-in Anchor M12 x 50mm (Box of 25)',
      type_id: 'simple',
      status: 1,
      visibility: 4,
      price: 14.49,
      final_price: 14.49,
      category_ids: [20, 104],
      bolt_diameter: '12',
      material,
      ean: '5019876543219',
      stock: { qty: 400, is_in_stock: true, product_id: top + 1 },
    });
    expect((await product('DI-M16-65-A4'))?.id).toBe(top + 2);

    const updated = await product('TB-M10-100-HDG');
    expect(updated).toMatchObject({ id: before!.id, name: before!.name, description: before!.description, price: 12.95, stock: { qty: 250 } });
    expect((await product('WP-NY-10X60-EA'))?.category_ids).toEqual([22, 141, 900]);

    const found = await server.request<{ items: { sku: string }[] }>('POST', '/api/catalog', { searchQuery: { _searchText: 'Drop-in Anchor M12 x 50mm' } });
    expect(found.body.result.items.map((i) => i.sku)).toContain('DI-M12-50-CS');

    const again = await importCsv(await readFile(EXAMPLE_CSV, 'utf8'));
    expect((again.body.result as ImportReply).imported).toEqual({ product: { created: 0, updated: 4 } });
  });

  it('refuses a sheet with mistakes, naming the row and column of each, and writes nothing', async () => {
    const before = server.ctx.catalog.seq;
    const reply = await importCsv(
      'sku,name,price,qty,category,bolt_diameter\n' +
        'CSV-OK-1,Fine Anchor,3.20,10,Anchors & Fixings/Through Bolts,M10\n' +
        'CSV-BAD-1,Bad Anchor,3,20,Anchors & Fixings/Wedge Anchors,M10\n' +
        'CSV-BAD-2,Bad Bolt,three,5,,M99\n',
    );
    expect(reply.status).toBe(400);
    const lines = String(reply.body.result).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^row 3, column category: no category "Anchors & Fixings\/Wedge Anchors": "Anchors & Fixings" has no subcategory "Wedge Anchors" \(there are Through Bolts, /);
    expect(lines[1]).toBe('row 4, column price: must be a number such as 12.49 (no currency sign or thousands separator)');
    expect(lines[2]).toMatch(/^row 4, column bolt_diameter: no option "M99" \(options: M4, M5, /);
    expect(reply.body.meta?.problems).toEqual(lines);
    expect(await product('CSV-OK-1')).toBeUndefined();
    expect(server.ctx.catalog.seq).toBe(before);
  });

  it('takes text/csv on the import only, and only with the admin token', async () => {
    expect((await server.raw('POST', '/api/catalog', 'sku\nA\n', { 'content-type': 'text/csv' })).status).toBe(415);
    expect((await server.raw('POST', '/api/catalog/import', 'sku,name,price\nA,b,1\n', { 'content-type': 'text/csv' })).status).toBe(401);
    expect(await product('A')).toBeUndefined();
  });

  it('npm run catalog:import -- FILE.csv imports and prints the report (through the running shop on the embedded database)', async () => {
    const database = testDatabaseUrl ? { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: server.ctx.config.databaseSchema } : { DATABASE_URL: '' };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/catalog-import.ts', EXAMPLE_CSV], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: server.ctx.config.dataDir, ...database },
    });
    expect(stdout).toMatch(testDatabaseUrl ? /^Imported: / : /^Imported through the running shop: /);
    expect(stdout).toContain('"product":{"created":0,"updated":4}');
  });
});
