import { BehaviorSubject, Subject, filter, map, type Observable } from 'rxjs';
import { readFromWorker, type FromWorker, type ToWorker } from '../../../schemas/catalogue-worker';
import type { CatalogResult, Doc } from '../../domain/catalog-query/types';
import type { LocalEntity } from './catalog-index';
import type { CatalogueChange, LocalCatalogSource } from './local-catalog';

/** How long the worker may take to open the replica before this page falls back to its own thread. */
export const WORKER_START_MS = 10_000;
/** A question the worker has not answered by then fails (the screen falls back to the server or says so). */
const ANSWER_MS = 15_000;

type State = Extract<FromWorker, { kind: 'state' }>;

export interface WorkerCatalogue extends LocalCatalogSource {
  /** One worker for every tab (SharedWorker), or this tab's own. */
  kind: 'shared' | 'dedicated';
  /** Where the replica stands, as the worker last said. */
  state$: Observable<State>;
  /** A failed pull in the worker (it tries again by itself). */
  errors$: Observable<string>;
  lead(on: boolean): void;
  download(on: boolean): void;
  resync(): void;
}

export interface WorkerCatalogueOptions {
  databaseName: string;
  baseUrl: string;
  storeCode: string | null;
  /** The offline-download choice at the time of opening (sent before the worker starts pulling). */
  download: boolean;
  /** Starts the worker; null where the browser has none. Defaults to the shop's worker script. */
  spawn?: () => MessagePort | Worker | null;
  startMs?: number;
}

function spawnCatalogueWorker(): MessagePort | Worker | null {
  // Written out in full each time so the bundler finds the worker script.
  if (typeof SharedWorker === 'function') return new SharedWorker(new URL('../../catalogue-worker/catalogue-worker.ts', import.meta.url), { type: 'module', name: 'catalogue' }).port;
  if (typeof Worker === 'function') return new Worker(new URL('../../catalogue-worker/catalogue-worker.ts', import.meta.url), { type: 'module', name: 'catalogue' });
  return null;
}

const isResult = (value: unknown): value is CatalogResult => {
  const r = value as Partial<CatalogResult> | null;
  return Boolean(r) && Array.isArray(r!.items) && typeof r!.total === 'number';
};

const isCodeAnswer = (value: unknown): value is [string, Doc[]][] => Array.isArray(value) && value.every((e) => Array.isArray(e) && typeof e[0] === 'string' && Array.isArray(e[1]));

/**
 * The page's end of the catalogue worker (src/catalogue-worker/): the local catalogue source the
 * screens ask (answers come back as plain data), plus the worker's download state. Resolves once the
 * worker has opened the replica and said where it stands; null when there is no worker or it did not
 * answer in time, and the caller then keeps the catalogue on this page's thread.
 */
export async function connectCatalogueWorker(options: WorkerCatalogueOptions): Promise<WorkerCatalogue | null> {
  let port: MessagePort | Worker | null;
  try {
    port = (options.spawn ?? spawnCatalogueWorker)();
  } catch (error) {
    console.warn('The catalogue worker could not start; the catalogue stays on this page', error);
    return null;
  }
  if (!port) return null;
  const target = port;
  const send = (message: ToWorker) => target.postMessage(message);
  const messages$ = new Subject<FromWorker>();
  let failedToStart: (reason: string) => void = () => undefined;
  target.addEventListener('message', (event: Event) => {
    const message = readFromWorker((event as MessageEvent).data);
    if (message) messages$.next(message);
  });
  if ('onerror' in target) target.addEventListener('error', () => failedToStart('it reported an error'));
  if ('start' in target) target.start();

  let last: State | null = null;
  const state$ = new BehaviorSubject<State | null>(null);
  messages$.pipe(filter((m): m is State => m.kind === 'state')).subscribe((s) => {
    last = s;
    state$.next(s);
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  messages$.subscribe((m) => {
    if (m.kind !== 'answer' && m.kind !== 'failed') return;
    const pending = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.kind === 'answer') pending?.resolve(m.value);
    else pending?.reject(new Error(m.message));
  });
  let nextId = 0;
  function ask(message: { kind: 'query'; entity: LocalEntity; query: unknown } | { kind: 'codes'; codes: string[] }): Promise<unknown> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('The local catalogue did not answer'));
      }, ANSWER_MS);
      waiting.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      send({ ...message, id });
    });
  }

  send({ kind: 'download', on: options.download });
  send({ kind: 'open', databaseName: options.databaseName, baseUrl: options.baseUrl, storeCode: options.storeCode });
  if (typeof addEventListener === 'function') addEventListener('pagehide', () => target.postMessage('close'));
  const started = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), options.startMs ?? WORKER_START_MS);
    failedToStart = () => {
      clearTimeout(timer);
      resolve(false);
    };
    state$.pipe(filter(Boolean)).subscribe(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!started) {
    console.warn('The catalogue worker did not open the replica in time; the catalogue stays on this page');
    if ('terminate' in target) target.terminate();
    else target.close();
    return null;
  }

  return {
    kind: typeof Worker === 'function' && target instanceof Worker ? 'dedicated' : 'shared',
    async query(entity, query) {
      const value = await ask({ kind: 'query', entity, query });
      if (!isResult(value)) throw new Error('The local catalogue answered something that is not a catalogue result');
      return value;
    },
    async findProductsByCodes(codes) {
      const value = await ask({ kind: 'codes', codes: [...codes] });
      if (!isCodeAnswer(value)) throw new Error('The local catalogue answered something that is not a code lookup');
      return new Map(value);
    },
    count: (entity) => last?.counts[entity] ?? 0,
    changes$: state$.pipe(
      map((s) => s?.changed),
      filter((c): c is CatalogueChange => c !== undefined),
    ),
    state$: state$.pipe(filter((s): s is State => s !== null)),
    errors$: messages$.pipe(
      filter((m) => m.kind === 'error'),
      map((m) => (m.kind === 'error' ? m.message : '')),
    ),
    lead: (on) => send({ kind: 'lead', on }),
    download: (on) => send({ kind: 'download', on }),
    resync: () => send({ kind: 'resync' }),
  };
}
