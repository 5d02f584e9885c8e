/**
 * The catalogue snapshot in DATA_DIR (`catalog-snapshot.bin`) is a start-up cache that must never
 * serve data older than the database: a start after an import, after a direct write while the
 * server was stopped, after a row was removed outright, or with a damaged file reads the database;
 * a start on an unchanged database uses it and answers exactly as a database load does.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery } from '../../schemas/catalog-query';
import { SNAPSHOT_FILE } from '../../server/catalog/catalog-snapshot';
import { CatalogService } from '../../server/catalog/catalog-service';
import { CATALOG_ENTITIES, writeDocuments, type CatalogDoc } from '../../server/catalog/catalog-store';
import type { Config } from '../../server/config';
import { openDatabase } from '../../server/db/open-database';
import { generateCatalog } from '../../server/seed/generate-catalog';
import { startServer, type RunningServer } from '../../server/start-server';
import { storefrontQueries } from '../unit/catalog-golden/storefront-query-set';
import { TMP_ROOT, testConfig, testDatabaseUrl } from '../helpers/test-config';
import { waitUntil } from '../helpers/wait-until';
import { scaled } from '../helpers/time-limits';

const PRODUCTS = 150;
const dirs: string[] = [];
const schemas: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  if (testDatabaseUrl && schemas.length) {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
});

async function freshConfig(): Promise<Config> {
  const dataDir = await mkdtemp(path.join(TMP_ROOT, 'snapshot-'));
  dirs.push(dataDir);
  if (!testDatabaseUrl) return testConfig({ dataDir, seedProducts: PRODUCTS });
  const schema = `t_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  return testConfig({ dataDir, seedProducts: PRODUCTS, databaseUrl: testDatabaseUrl, databaseSchema: schema });
}

const queries = storefrontQueries(generateCatalog({ products: PRODUCTS })).map(({ name, query }) => {
  const parsed = parseCatalogQuery(query);
  if (!parsed.ok) throw new Error(`${name}: ${parsed.message}`);
  return parsed.value;
});

/** Every entity's documents in change order, then every storefront query's reply text, from one catalogue service. */
function answers(catalog: CatalogService): string[] {
  const documents = CATALOG_ENTITIES.map((entity) => JSON.stringify(catalog.index(entity).documents()));
  return [...documents, ...queries.map((query) => catalog.indexFor(query.type).queryJson(query, catalog.queryContext))];
}

/** The answers of the running server's catalogue, and of the same database loaded without a snapshot. */
async function expectSameAsDatabaseLoad(server: RunningServer): Promise<void> {
  const reference = new CatalogService(server.ctx.db);
  reference.log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  await reference.start();
  try {
    expect(answers(server.ctx.catalog)).toEqual(answers(reference));
  } finally {
    await reference.stop();
  }
}

/**
 * A start on `config` whose catalogue came from `loadedFrom` and answers as a database load does
 * (`check` looks at anything else first); the server is stopped after it.
 */
async function startLoadedFrom(config: Parameters<typeof startServer>[0], loadedFrom: string, check: (server: RunningServer) => void = () => undefined): Promise<void> {
  const server = await startServer(config);
  try {
    expect(server.ctx.catalog.loadedFrom).toBe(loadedFrom);
    check(server);
    await expectSameAsDatabaseLoad(server);
  } finally {
    await server.close();
  }
}

/** The product as the running server's catalogue holds it. */
function product(server: RunningServer, id: string): Record<string, unknown> | undefined {
  return server.ctx.catalog.index('product').documents().docs.find((doc) => String(doc.id) === id);
}

async function storedProducts(server: RunningServer, count: number): Promise<CatalogDoc[]> {
  const rows = await server.ctx.db.query<{ doc: CatalogDoc }>(
    "select doc from catalog_documents where entity = 'product' and not deleted and doc->>'type_id' = 'simple' order by seq limit $1",
    [count],
  );
  return rows.map((row) => row.doc);
}

/** Writes as another process would while the shop is stopped (the import command, a script, psql). */
async function whileStopped(config: Config, work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>): Promise<void> {
  const db = await openDatabase(config);
  try {
    await work(db);
  } finally {
    await db.close();
  }
}

describe('the catalogue snapshot', () => {
  it('is used on an unchanged database and never after a change, wherever the change came from', async () => {
    const config = await freshConfig();
    const file = path.join(config.dataDir, SNAPSHOT_FILE);

    // First start: seeded and loaded from the database; the snapshot is written by the time it stops.
    let server = await startServer(config);
    expect(server.ctx.catalog.loadedFrom).toMatch(/^database/);
    const [first, second, third] = await storedProducts(server, 3);
    await server.close();
    expect((await stat(file)).size).toBeGreaterThan(0);

    // Unchanged: from the snapshot, answering as a database load does.
    server = await startServer(config);
    try {
      expect(server.ctx.catalog.loadedFrom).toBe('snapshot');
      await expectSameAsDatabaseLoad(server);

      // A change through the import path while running: the snapshot is written again on stop.
      const reply = await fetch(`${server.url}/api/catalog/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.ctx.adminToken}` },
        body: JSON.stringify({ products: [{ ...first, name: 'Imported name for the snapshot test' }] }),
      });
      expect(reply.status).toBe(200);
      const { result } = (await reply.json()) as { result: { seq: number } };
      await waitUntil(() => server.ctx.catalog.seq >= result.seq, 10_000, 'the import to reach the catalogue');
      expect((product(server, String(first!.id)))?.name).toBe('Imported name for the snapshot test');
    } finally {
      await server.close();
    }

    // Written after a change, the snapshot holds no product text index (the running one was changed
    // since its build): this start builds it, and writes the snapshot again with it.
    await startLoadedFrom(config, 'snapshot (text index built: none saved for product)', (started) => expect(product(started, String(first!.id))?.name).toBe('Imported name for the snapshot test'));
    await startLoadedFrom(config, 'snapshot');

    // Written straight into the database while the shop is stopped: a rename through the catalogue
    // store (as the import command does with the shop stopped) and a removal by SQL with a new seq.
    await whileStopped(config, async (db) => {
      await db.transaction((tx) => writeDocuments(tx, db, 'product', [{ ...second!, name: 'Renamed while stopped' }]));
      await db.query("update catalog_documents set deleted = true, seq = nextval('catalog_seq') where entity = 'product' and id = $1", [String(third!.id)]);
    });
    server = await startServer(config);
    try {
      expect(server.ctx.catalog.loadedFrom).toMatch(/^database \(stale/);
      expect((product(server, String(second!.id)))?.name).toBe('Renamed while stopped');
      expect(product(server, String(third!.id))).toBeUndefined();
      await expectSameAsDatabaseLoad(server);
    } finally {
      await server.close();
    }

    // A row removed outright (no new seq): the count of live documents tells.
    await whileStopped(config, async (db) => {
      await db.query("delete from catalog_documents where entity = 'product' and id = $1", [String(second!.id)]);
    });
    server = await startServer(config);
    try {
      expect(server.ctx.catalog.loadedFrom).toMatch(/^database \(stale/);
      expect(product(server, String(second!.id))).toBeUndefined();
    } finally {
      await server.close();
    }
    server = await startServer(config);
    try {
      expect(server.ctx.catalog.loadedFrom).toBe('snapshot');
      expect(product(server, String(second!.id))).toBeUndefined();
      expect((product(server, String(first!.id)))?.name).toBe('Imported name for the snapshot test');
    } finally {
      await server.close();
    }
  }, scaled(180_000));

  it('ignores a damaged, truncated or foreign file, loads the database and writes it again', async () => {
    const config = await freshConfig();
    const file = path.join(config.dataDir, SNAPSHOT_FILE);
    let server = await startServer(config);
    await server.close();
    const good = await readFile(file);

    const damaged = Buffer.from(good);
    damaged[damaged.length - 100] = damaged[damaged.length - 100]! ^ 0xff; // one byte of the payload
    const cases: [string, Buffer, RegExp][] = [
      ['a flipped payload byte', damaged, /checksum/],
      ['a truncated file', good.subarray(0, Math.floor(good.length / 2)), /payload bytes|truncated/],
      ['another kind of file', Buffer.from('{"products": []}'), /not a catalogue snapshot/],
    ];
    for (const [what, bytes, reason] of cases) {
      await writeFile(file, bytes);
      server = await startServer(config);
      try {
        expect(server.ctx.catalog.loadedFrom, what).toMatch(reason);
        await expectSameAsDatabaseLoad(server);
      } finally {
        await server.close();
      }
      // Written again from the database: the next start uses it.
      server = await startServer(config);
      try {
        expect(server.ctx.catalog.loadedFrom, what).toBe('snapshot');
      } finally {
        await server.close();
      }
    }
  }, scaled(180_000));

  it('builds a text index saved under another text index format again, and writes it with the snapshot', async () => {
    const config = await freshConfig();
    const file = path.join(config.dataDir, SNAPSHOT_FILE);
    await (await startServer(config)).close();
    // The header names the format the text indexes were saved under; an older tokenizer's, say.
    const text = (await readFile(file)).toString('latin1');
    const format = /"textIndex":"([^"]*)"/.exec(text)?.[1] ?? '';
    expect(format).not.toBe('');
    const older = `0:${'0'.repeat(format.length - 2)}`;
    await writeFile(file, Buffer.from(text.replace(`"textIndex":"${format}"`, `"textIndex":"${older}"`), 'latin1'));
    await startLoadedFrom(config, `snapshot (text index built: text index format ${older}, not ${format})`);
    await startLoadedFrom(config, 'snapshot');
  }, scaled(120_000));

  it('is written into a data folder that does not exist yet, as on PostgreSQL, and used by the next start', async () => {
    const config = await freshConfig();
    // On PostgreSQL nothing else creates DATA_DIR (the embedded database makes it for its files).
    const missing = { ...config, dataDir: path.join(config.dataDir, 'made-by-the-snapshot') };
    const first = await startServer(missing);
    expect(first.ctx.catalog.loadedFrom).toMatch(/^database/);
    await first.close();
    expect((await stat(path.join(missing.dataDir, SNAPSHOT_FILE))).size).toBeGreaterThan(0);
    const second = await startServer(missing);
    try {
      expect(second.ctx.catalog.loadedFrom).toBe('snapshot');
    } finally {
      await second.close();
    }
  }, scaled(60_000));

  it('is neither read nor written with CATALOG_SNAPSHOT=off', async () => {
    const config = await freshConfig();
    const file = path.join(config.dataDir, SNAPSHOT_FILE);
    process.env.CATALOG_SNAPSHOT = 'off';
    try {
      const server = await startServer(config);
      expect(server.ctx.catalog.loadedFrom).toBe('database (snapshot off)');
      await server.close();
      await expect(stat(file)).rejects.toThrow();
    } finally {
      delete process.env.CATALOG_SNAPSHOT;
    }
  }, scaled(60_000));
});
