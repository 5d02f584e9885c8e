import * as v from 'valibot';

/**
 * The messages between a page and the catalogue worker (src/catalog-worker/): checked on arrival on
 * both sides, as any input crossing a boundary is. A message that does not match is dropped (and a
 * question that does not match is answered with its failure), never half-applied.
 */

const ENTITIES = ['product', 'category', 'attribute'] as const;
const id = v.pipe(v.number(), v.integer(), v.minValue(0));

/** What the page tells the worker. */
export const toWorkerSchema = v.variant('kind', [
  v.object({
    kind: v.literal('open'),
    /** The page's database name: the worker opens the same collections. */
    databaseName: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    baseUrl: v.pipe(v.string(), v.maxLength(2000)),
    storeCode: v.nullable(v.pipe(v.string(), v.maxLength(64))),
    batchSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000))),
  }),
  /** This tab leads (dedicated workers: only the leading tab's worker downloads). */
  v.object({ kind: v.literal('lead'), on: v.boolean() }),
  /** The shopper's "download the catalogue for offline use" choice. */
  v.object({ kind: v.literal('download'), on: v.boolean() }),
  /** "Retry now": pull what changed. */
  v.object({ kind: v.literal('resync') }),
  v.object({ kind: v.literal('query'), id, entity: v.picklist(ENTITIES), query: v.unknown() }),
  v.object({ kind: v.literal('codes'), id, codes: v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(1000)) }),
  /** Are you there? Answered with a `pong` at once, however busy the replica is (the page restarts a worker that stays silent). */
  v.object({ kind: v.literal('ping'), id }),
]);
export type ToWorker = v.InferOutput<typeof toWorkerSchema>;

const counts = v.object({ product: v.number(), category: v.number(), attribute: v.number() });

/** What the worker tells its pages. */
export const fromWorkerSchema = v.variant('kind', [
  /** Where the replica stands: sent on open, when a flag changes, and after changes (at most every 250 ms while they come fast). */
  v.object({
    kind: v.literal('state'),
    counts,
    /** The replicas have caught up with the feed once since the worker started. */
    caughtUp: v.boolean(),
    /** A pull is under way. */
    active: v.boolean(),
    /** The worker's change stream has connected (order and catalogue changes reach the tabs from now on). */
    streamReady: v.boolean(),
    /**
     * The shop's count of enabled products a guest may list (the scale of the download, for its progress
     * bar), as the worker last read it from the server; null while it does not know. The page reads it
     * here rather than asking the server itself (a reply it would have to parse on its own thread).
     */
    shopProducts: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)))),
    /** What changed since the last state, if anything. */
    changed: v.optional(v.pipe(v.array(v.picklist([...ENTITIES, 'content'])), v.maxLength(4))),
  }),
  v.object({ kind: v.literal('error'), message: v.string() }),
  v.object({ kind: v.literal('answer'), id, value: v.unknown() }),
  v.object({ kind: v.literal('failed'), id, message: v.string() }),
  v.object({ kind: v.literal('pong'), id }),
]);
export type FromWorker = v.InferOutput<typeof fromWorkerSchema>;

export const readToWorker = (data: unknown): ToWorker | null => {
  const parsed = v.safeParse(toWorkerSchema, data);
  return parsed.success ? parsed.output : null;
};

export const readFromWorker = (data: unknown): FromWorker | null => {
  const parsed = v.safeParse(fromWorkerSchema, data);
  return parsed.success ? parsed.output : null;
};
