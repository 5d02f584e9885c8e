import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogQueryType } from '../../schemas/catalog-query';
import type { Database } from '../db/database';
import { CATALOG_ENTITIES, CHANGES_CHANNEL, maxSeq, readAllInBatches, readChanges, type CatalogDoc, type CatalogEntity } from './catalog-store';
import { ReplyCache } from './reply-cache';
import { AttributeLookup, SearchIndexLoader, type SearchIndex } from './search-index';

/**
 * Rows per read when loading the catalogue at start: few enough that a batch's parsed rows are
 * garbage before the collector promotes them (2,000 left the heap a third larger after start).
 */
const LOAD_BATCH = 500;

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
  private refreshing: Promise<void> = Promise.resolve();
  private stopListening: (() => Promise<void>) | undefined;
  private poll: NodeJS.Timeout | undefined;

  /** Replaced by the server's logger once the app is built. */
  log: Pick<FastifyBaseLogger, 'error' | 'info'> = console;

  constructor(private readonly db: Database) {
    this.changes.setMaxListeners(0);
  }

  async start(pollMs = 2000): Promise<void> {
    this.seenSeq = await maxSeq(this.db);
    for (const entity of CATALOG_ENTITIES) {
      const loader = new SearchIndexLoader(entity);
      await readAllInBatches(this.db, entity, LOAD_BATCH, (docs) => {
        loader.add(docs);
        if (entity === 'attribute') this.attributes.upsert(docs);
      });
      this.indexes.set(entity, loader.finish());
    }
    this.stopListening = await this.db.listen(this.db.channel(CHANGES_CHANNEL), () => void this.refresh());
    this.poll = setInterval(() => void this.refresh(), pollMs);
    this.poll.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.poll);
    await this.stopListening?.();
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

  /** The newest change this process has applied; tests and the import command wait on it. */
  get seq(): number {
    return this.seenSeq;
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
      const byEntity = new Map<CatalogEntity, { upserts: CatalogDoc[]; removals: string[] }>();
      for (const row of rows) {
        let group = byEntity.get(row.entity);
        if (!group) byEntity.set(row.entity, (group = { upserts: [], removals: [] }));
        if (row.deleted) group.removals.push(row.id);
        else group.upserts.push(row.doc);
        touched.add(row.entity);
      }
      for (const [entity, group] of byEntity) {
        const index = this.index(entity);
        if (group.removals.length) index.remove(group.removals);
        if (group.upserts.length) index.upsert(group.upserts);
        if (entity === 'attribute') {
          this.attributes.remove(group.removals);
          this.attributes.upsert(group.upserts);
        }
      }
      this.replies.clear();
      this.seenSeq = rows[rows.length - 1]!.seq;
      this.changes.emit('change', { entities: [...touched], seq: this.seenSeq });
    }
  }
}
