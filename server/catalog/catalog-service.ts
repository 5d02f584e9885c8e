import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogQueryType } from '../../schemas/catalog-query';
import type { Database } from '../db/database';
import { databaseIdentity, readSnapshot, removeSnapshot, writeSnapshot, type SnapshotPart, type SnapshotStamp } from './catalog-snapshot';
import { CATALOG_ENTITIES, CHANGES_CHANNEL, catalogState, readAllInBatches, readChanges, type CatalogDoc, type CatalogEntity } from './catalog-store';
import { ReplyCache } from './reply-cache';
import { AttributeLookup, SearchIndexLoader, type SearchIndex } from './search-index';
import { taxRatesByClass, type TaxRatesByClass } from '../../src/domain/pricing/tax-rate';
import type { QueryContext } from '../../src/domain/catalog-query/types';

/**
 * Rows per read when loading the catalogue at start: few enough that a batch's parsed rows are
 * garbage before the collector promotes them (2,000 left the heap a third larger after start).
 */
const LOAD_BATCH = 500;

/** The UK store's tax destination (SPEC §9: the default country is GB), as the tiles price for it. */
const STORE_TAX_COUNTRY = 'GB';

/** Where the catalogue snapshot goes (`DATA_DIR/catalog-snapshot.bin`) and how long after a change it is written again. */
export interface SnapshotOptions {
  file: string;
  /** Milliseconds from the first change after a write to the next write (default 30 s). */
  delayMs?: number;
}

export interface CatalogChange {
  entities: CatalogEntity[];
  seq: number;
}

/**
 * The catalogue as this process serves it: one in-memory search index per entity, built from the
 * database at start and kept current from the change notifications of every process on the database
 * (and a slow poll, in case a notification was lost while the listen connection was down).
 */
export class CatalogService {
  readonly changes = new EventEmitter<{ change: [CatalogChange] }>();
  private readonly indexes = new Map<CatalogEntity, SearchIndex>();
  readonly attributes = new AttributeLookup();
  /** Finished `/api/catalog` replies; valid until the next applied change. */
  readonly replies = new ReplyCache();
  private seenSeq = 0;
  /** The store's rates from the taxrule documents, read again after a change to them. */
  private taxRates: TaxRatesByClass | undefined;
  private refreshing: Promise<void> = Promise.resolve();
  private stopListening: (() => Promise<void>) | undefined;
  private poll: NodeJS.Timeout | undefined;

  /** Replaced by the server's logger once the app is built. */
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'> = console;
  /** Where this start's catalogue came from: `snapshot`, or `database` with the reason. */
  loadedFrom = '';
  private database = '';
  private snapshotDue = false;
  private snapshotTimer: NodeJS.Timeout | undefined;
  private snapshotWrite: Promise<void> = Promise.resolve();

  /** Without `snapshot` every start reads the whole catalogue from the database and nothing is written. */
  constructor(
    private readonly db: Database,
    private readonly snapshot?: SnapshotOptions,
  ) {
    this.changes.setMaxListeners(0);
  }

  async start(pollMs = 2000): Promise<void> {
    const state = await catalogState(this.db, CATALOG_ENTITIES);
    this.seenSeq = state.seq;
    if (this.snapshot) {
      this.database = await databaseIdentity(this.db);
      const read = await readSnapshot(this.snapshot.file, { database: this.database, ...state });
      const outcome = read.ok ? await this.startFromSnapshot(read.entities).finally(() => read.close()) : read;
      if ('textBuilt' in outcome) {
        this.loadedFrom = 'snapshot';
        // A text index built here (none saved, or of another format) is written with the snapshot, for the next start.
        if (outcome.textBuilt.length) {
          const why = read.ok && read.textIndexStale ? read.textIndexStale : `none saved for ${outcome.textBuilt.join(', ')}`;
          this.loadedFrom = `snapshot (text index built: ${why})`;
          this.scheduleSnapshot(1000);
        }
      } else {
        // A damaged file is never trusted: it is said so, removed, and written again from the database.
        if (outcome.damaged) {
          this.log.warn({ file: this.snapshot.file, reason: outcome.reason }, 'catalogue snapshot ignored: loading from the database');
          await removeSnapshot(this.snapshot.file);
        }
        this.loadedFrom = `database (${outcome.reason})`;
      }
    } else this.loadedFrom = 'database (snapshot off)';
    // Every entity the snapshot did not hold (all of them without one) comes from the database.
    for (const entity of CATALOG_ENTITIES) {
      if (this.indexes.has(entity)) continue;
      const loader = new SearchIndexLoader(entity);
      await readAllInBatches(this.db, entity, LOAD_BATCH, (docs, seqs) => {
        loader.add(docs, seqs);
        if (entity === 'attribute') this.attributes.upsert(docs);
      });
      this.indexes.set(entity, loader.finish());
    }
    if (!this.loadedFrom.startsWith('snapshot')) this.scheduleSnapshot(1000);
    this.stopListening = await this.db.listen(this.db.channel(CHANGES_CHANNEL), () => void this.refresh());
    this.poll = setInterval(() => void this.refresh(), pollMs);
    this.poll.unref();
  }

  /**
   * Builds the indexes from a snapshot, one entity at a time (its columns are garbage before the next
   * is decoded), each with its saved text index where it has one; when done, the entities whose text
   * index was built at start for want of one, else why not, with nothing kept from the snapshot.
   */
  private async startFromSnapshot(parts: readonly SnapshotPart[]): Promise<{ reason: string; damaged: true } | { textBuilt: CatalogEntity[] }> {
    const textBuilt: CatalogEntity[] = [];
    try {
      for (const part of parts) {
        const { entity, docs, seqs, text } = await part.read();
        const loader = new SearchIndexLoader(entity);
        loader.addShared(docs, seqs);
        if (text) loader.restoreText(text);
        else if (loader.buildsText) textBuilt.push(entity);
        if (entity === 'attribute') this.attributes.upsert(docs);
        this.indexes.set(entity, loader.finish());
      }
      return { textBuilt };
    } catch (error) {
      this.indexes.clear();
      this.attributes.clear();
      return { reason: `unreadable: ${error instanceof Error ? error.message : String(error)}`, damaged: true };
    }
  }

  /** Stops hearing changes; a snapshot still due is written first, so the next start can use it. */
  async stop(): Promise<void> {
    clearInterval(this.poll);
    await this.stopListening?.();
    clearTimeout(this.snapshotTimer);
    this.snapshotTimer = undefined;
    await this.writeSnapshot();
  }

  /**
   * Writes the snapshot now when one is due (a load from the database or a change since the last
   * write); resolves when it is on disk. A failure is logged: the next start then reads the database.
   */
  writeSnapshot(): Promise<void> {
    this.snapshotWrite = this.snapshotWrite.then(async () => {
      const file = this.snapshot?.file;
      if (!file || !this.snapshotDue) return;
      this.snapshotDue = false;
      // Taken in one synchronous step, so stamp and documents are the same state of the catalogue.
      const entities = CATALOG_ENTITIES.map((entity) => ({ entity, ...this.index(entity).snapshot() }));
      const stamp: SnapshotStamp = { database: this.database, seq: this.seenSeq, live: entities.reduce((sum, e) => sum + e.docs.length, 0) };
      const started = performance.now();
      try {
        const { bytes } = await writeSnapshot(file, stamp, entities);
        this.log.info({ file, seq: stamp.seq, documents: stamp.live, bytes, ms: Math.round(performance.now() - started) }, 'catalogue snapshot written');
      } catch (error) {
        this.log.error({ err: error, file }, 'catalogue snapshot not written; the next start reads the database');
      }
    });
    return this.snapshotWrite;
  }

  /** A write `delayMs` after the first change since the last one (not pushed back by later changes). */
  private scheduleSnapshot(delayMs = this.snapshot?.delayMs ?? 30_000): void {
    if (!this.snapshot) return;
    this.snapshotDue = true;
    if (this.snapshotTimer) return;
    this.snapshotTimer = setTimeout(() => {
      this.snapshotTimer = undefined;
      void this.writeSnapshot();
    }, delayMs);
    this.snapshotTimer.unref();
  }

  /** The index answering a catalogue query type; the CMS hierarchy is the pages' identifiers. */
  indexFor(type: CatalogQueryType): SearchIndex {
    return this.index(type === 'cms_hierarchy' ? 'cms_page' : type);
  }

  index(entity: CatalogEntity): SearchIndex {
    const index = this.indexes.get(entity);
    if (!index) throw new Error(`catalogue not started: no index for ${entity}`);
    return index;
  }

  /**
   * What a catalogue query needs besides its index: the facet labels' attributes, and the store's tax
   * rates, so the price buckets and the `price_incl_tax` filter read prices as the tiles show them.
   */
  get queryContext(): QueryContext {
    this.taxRates ??= taxRatesByClass(this.index('taxrule').documents().docs, STORE_TAX_COUNTRY);
    return { attributesByCode: this.attributes.get, taxRates: this.taxRates };
  }

  /** The newest change this process has applied; tests and the import command wait on it. */
  get seq(): number {
    return this.seenSeq;
  }

  /** Every entity's index is built: the process can answer catalogue queries (readiness checks it). */
  get loaded(): boolean {
    return CATALOG_ENTITIES.every((entity) => this.indexes.has(entity));
  }

  /** Applies every change after the last one seen; runs one at a time. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(() => this.applyNewChanges()).catch((error: unknown) => {
      this.log.error({ err: error }, 'catalogue refresh failed; will retry on the next change or poll');
    });
    return this.refreshing;
  }

  private async applyNewChanges(): Promise<void> {
    for (;;) {
      const rows = await readChanges(this.db, CATALOG_ENTITIES, { seq: this.seenSeq, id: '' }, 2000);
      if (rows.length === 0) return;
      const touched = new Set<CatalogEntity>();
      const byEntity = new Map<CatalogEntity, { upserts: CatalogDoc[]; seqs: number[]; removals: string[] }>();
      for (const row of rows) {
        let group = byEntity.get(row.entity);
        if (!group) byEntity.set(row.entity, (group = { upserts: [], seqs: [], removals: [] }));
        if (row.deleted) group.removals.push(row.id);
        else {
          group.upserts.push(row.doc);
          group.seqs.push(Number(row.seq));
        }
        touched.add(row.entity);
      }
      for (const [entity, group] of byEntity) {
        const index = this.index(entity);
        if (group.removals.length) index.remove(group.removals);
        if (group.upserts.length) index.upsert(group.upserts, group.seqs);
        if (entity === 'taxrule') this.taxRates = undefined;
        if (entity === 'attribute') {
          this.attributes.remove(group.removals);
          this.attributes.upsert(group.upserts);
        }
      }
      this.replies.clear();
      this.seenSeq = rows[rows.length - 1]!.seq;
      this.changes.emit('change', { entities: [...touched], seq: this.seenSeq });
      this.scheduleSnapshot();
    }
  }
}
