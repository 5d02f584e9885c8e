import { BehaviorSubject, Subject, distinctUntilChanged, filter, map, mergeMap, scan, type Observable } from 'rxjs';
import { readFromWorker, type FromWorker, type ToWorker } from '../../../schemas/catalog-worker';
import type { CatalogResult, Doc } from '../../domain/catalog-query/types';
import type { CatalogueChange, LocalCatalogSource } from './local-catalog';
import { pageSettled } from '../page-settled';

/** Every part of the replica a screen reads. */
const EVERY_CHANGE: readonly CatalogueChange[] = ['product', 'category', 'attribute', 'content'];

/** How long the worker may take to open the replica before this page falls back to its own thread. */
export const WORKER_START_MS = 10_000;
/** A question the worker has not answered by then fails (the screen falls back to the server or says so), and the worker is replaced. */
const ANSWER_MS = 15_000;
/** After this long without a word from the worker, the page asks whether it is still there. */
export const PING_MS = 2_000;
/** No word this long after asking: the worker is gone (crashed, closed by the browser, or stuck) and a new one starts. */
export const SILENT_MS = 6_000;
/**
 * Restarts of a SharedWorker in a row that never said where the replica stands, before this tab
 * takes a dedicated worker instead: a shared worker that is stuck cannot be replaced (its name
 * connects every tab to it again), and a dedicated one can.
 */
const SHARED_TRIES = 3;

type State = Extract<FromWorker, { kind: 'state' }>;
type Question = Extract<ToWorker, { kind: 'query' } | { kind: 'codes' }>;
type Ask = Omit<Extract<Question, { kind: 'query' }>, 'id'> | Omit<Extract<Question, { kind: 'codes' }>, 'id'>;

export type WorkerKind = 'shared' | 'dedicated';

/** A started worker: the port the page talks on, where its script's failures are told, and how to let it go. */
export interface SpawnedWorker {
  kind: WorkerKind;
  port: MessagePort | Worker;
  /** Fires `error` when the worker's script fails (the SharedWorker object, or the Worker itself). */
  errors: EventTarget;
  /** Terminates a dedicated worker; closes this page's port of a shared one (the other tabs keep theirs). */
  stop(): void;
}

export interface WorkerCatalogue extends LocalCatalogSource {
  /** One worker for every tab (SharedWorker), or this tab's own; may change when a worker is replaced. */
  readonly kind: WorkerKind;
  /** Where the replica stands, as the worker last said. */
  state$: Observable<State>;
  /** A failed pull in the worker (it tries again by itself). */
  errors$: Observable<string>;
  /** The kind of each new worker started because the one before stopped answering. */
  restarted$: Observable<WorkerKind>;
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
  /** Starts a worker of that kind, or of the other where the browser lacks it; null where it has none. Defaults to the shop's worker script. */
  spawn?: (kind: WorkerKind) => SpawnedWorker | null;
  startMs?: number;
  /** Resolves when the worker may start; defaults to `pageSettled` (tests pass their own). */
  startWhen?: () => Promise<void>;
  pingMs?: number;
  silentMs?: number;
  /** How long a worker may take to answer a question (ANSWER_MS; tests pass their own). */
  answerMs?: number;
}

export function spawnCatalogueWorker(kind: WorkerKind): SpawnedWorker | null {
  // Written out in full each time so the bundler finds the worker script.
  if (kind === 'shared' && typeof SharedWorker === 'function') {
    const worker = new SharedWorker(new URL('../../catalog-worker/catalog-worker.ts', import.meta.url), { type: 'module', name: 'catalogue' });
    return { kind: 'shared', port: worker.port, errors: worker, stop: () => worker.port.close() };
  }
  if (typeof Worker === 'function') {
    const worker = new Worker(new URL('../../catalog-worker/catalog-worker.ts', import.meta.url), { type: 'module', name: 'catalogue' });
    return { kind: 'dedicated', port: worker, errors: worker, stop: () => worker.terminate() };
  }
  return null;
}

const isResult = (value: unknown): value is CatalogResult => {
  const r = value as Partial<CatalogResult> | null;
  return Boolean(r) && Array.isArray(r!.items) && typeof r!.total === 'number';
};

const isCodeAnswer = (value: unknown): value is [string, Doc[]][] => Array.isArray(value) && value.every((e) => Array.isArray(e) && typeof e[0] === 'string' && Array.isArray(e[1]));

/** One worker as this page talks to it. */
interface Link {
  worker: SpawnedWorker;
  /** When it last said anything (any message: states, answers, pongs). */
  heardAt: number;
  /** When this page asked whether it is there and has not heard from it since. */
  pingAt: number | null;
}

/**
 * The page's end of the catalogue worker (src/catalog-worker/): the local catalogue source the
 * screens ask (answers come back as plain data), plus the worker's download state. Resolves once the
 * worker has opened the replica and said where it stands; null when there is no worker or it did not
 * answer in time, and the caller then keeps the catalogue on this page's thread.
 *
 * Once started, a worker that dies (it crashed, the browser ended it, or it stopped answering: no word
 * for `silentMs` after a ping, or a question not answered in time) is replaced: a SharedWorker again
 * (which every tab that noticed joins), a dedicated worker where there is none or the shared one
 * stays silent. The new worker hears what the old one knew from this page (the offline choice,
 * whether this tab leads, the questions still waiting) and its download resumes from the checkpoint
 * stored after the last batch. A page restored from the back/forward cache (it said `close` on
 * leaving) tells its worker the same again.
 */
export async function connectCatalogueWorker(options: WorkerCatalogueOptions): Promise<WorkerCatalogue | null> {
  const spawn = options.spawn ?? spawnCatalogueWorker;
  const pingMs = options.pingMs ?? PING_MS;
  const silentMs = options.silentMs ?? SILENT_MS;
  const messages$ = new Subject<FromWorker>();
  const state$ = new BehaviorSubject<State | null>(null);
  const restarted$ = new Subject<WorkerKind>();
  // What the page has told its worker, for a new one.
  let download = options.download;
  let leading = false;
  const waiting = new Map<number, { question: Question; resolve: (value: unknown) => void; reject: (error: Error) => void; timer?: ReturnType<typeof setTimeout> }>();
  let nextId = 0;
  let link: Link | null = null;
  let kind: WorkerKind = typeof SharedWorker === 'function' ? 'shared' : 'dedicated';
  let onError: () => void = () => undefined;
  /** Restarts in a row whose worker has not yet said where the replica stands. */
  let failures = 0;
  let restarting = false;
  /** The first worker answered: from now on a silent one is replaced (before, the page keeps the catalogue itself). */
  let started = false;

  const send = (message: ToWorker | 'close') => link?.worker.port.postMessage(message);

  function attach(worker: SpawnedWorker): Link {
    const current: Link = { worker, heardAt: Date.now(), pingAt: null };
    worker.port.addEventListener('message', (event: Event) => {
      // A replaced worker's late words are not this page's business any more.
      if (link !== current) return;
      current.heardAt = Date.now();
      current.pingAt = null;
      const message = readFromWorker((event as MessageEvent).data);
      if (message && message.kind !== 'pong') messages$.next(message);
    });
    worker.errors.addEventListener('error', () => link === current && onError());
    if ('start' in worker.port) worker.port.start();
    kind = worker.kind;
    return current;
  }

  /** Tells the worker what this page knows: the offline choice, the database to open, the lead, and (to a new worker) the questions waiting. */
  function hello(questions: boolean): void {
    send({ kind: 'download', on: download });
    send({ kind: 'open', databaseName: options.databaseName, baseUrl: options.baseUrl, storeCode: options.storeCode });
    if (leading) send({ kind: 'lead', on: true });
    if (!questions) return;
    // A new worker gets the whole answer time for the questions it inherits: it has yet to open the
    // replica, and a deadline that ran while the old one was silent would replace it before it can answer.
    for (const [id, { question }] of waiting) {
      send({ ...question, id });
      armAnswerTimer(id);
    }
  }

  let last: State | null = null;
  /**
   * A worker started again: what the old one answered while it was dying (a question that failed, an
   * offline search that came back empty) stays on the screens until they read again, so the new
   * worker's first state tells a change of everything the screens read.
   */
  let freshWorker = false;
  messages$.pipe(filter((m): m is State => m.kind === 'state')).subscribe((s) => {
    last = s;
    failures = 0;
    if (freshWorker) s = { ...s, changed: [...new Set([...(s.changed ?? []), ...EVERY_CHANGE])] };
    freshWorker = false;
    state$.next(s);
  });
  messages$.subscribe((m) => {
    if (m.kind !== 'answer' && m.kind !== 'failed') return;
    const pending = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.kind === 'answer') pending?.resolve(m.value);
    else pending?.reject(new Error(m.message));
  });

  /** A question not answered within ANSWER_MS of reaching the current worker fails, and the worker is replaced. */
  function armAnswerTimer(id: number): void {
    const entry = waiting.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      waiting.delete(id);
      entry.reject(new Error('The local catalogue did not answer'));
      restart('did not answer a question in time');
    }, options.answerMs ?? ANSWER_MS);
  }

  function ask(message: Ask): Promise<unknown> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const question = { ...message, id } as Question;
      const entry = {
        question,
        resolve: (value: unknown) => {
          clearTimeout(entry.timer);
          resolve(value);
        },
        reject: (error: Error) => {
          clearTimeout(entry.timer);
          reject(error);
        },
        timer: undefined as ReturnType<typeof setTimeout> | undefined,
      };
      waiting.set(id, entry);
      armAnswerTimer(id);
      send(question);
    });
  }

  /** Lets the silent worker go and starts another: at once the first time, then after 1, 2, 4 … 30 s. */
  function restart(reason: string): void {
    if (restarting || !started) return;
    restarting = true;
    failures += 1;
    link?.worker.stop();
    link = null;
    const next: WorkerKind = kind === 'shared' && failures > SHARED_TRIES && typeof Worker === 'function' ? 'dedicated' : kind;
    console.warn(`The catalogue worker ${reason}; starting a new ${next} worker`);
    setTimeout(
      () => {
        restarting = false;
        let worker: SpawnedWorker | null = null;
        try {
          worker = spawn(next);
        } catch (error) {
          console.warn('The catalogue worker could not start again', error);
        }
        if (!worker) return restart('could not start again');
        link = attach(worker);
        freshWorker = true;
        hello(true);
        restarted$.next(worker.kind);
      },
      failures <= 1 ? 0 : Math.min(30_000, 1000 * 2 ** (failures - 2)),
    );
  }

  await (options.startWhen ?? pageSettled)();
  let first: SpawnedWorker | null;
  try {
    first = spawn(kind);
  } catch (error) {
    console.warn('The catalogue worker could not start; the catalogue stays on this page', error);
    return null;
  }
  if (!first) return null;
  link = attach(first);
  hello(false);
  const answered = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), options.startMs ?? WORKER_START_MS);
    onError = () => {
      clearTimeout(timer);
      resolve(false);
    };
    state$.pipe(filter(Boolean)).subscribe(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!answered) {
    console.warn('The catalogue worker did not open the replica in time; the catalogue stays on this page');
    link.worker.stop();
    link = null;
    return null;
  }
  started = true;
  watch();

  /**
   * Asks a worker that has been quiet for `pingMs` whether it is there, and replaces it after
   * `silentMs` more without a word. A timer that fires late (the page was frozen or busy, and the
   * answer may be queued behind it) asks again instead of judging. Its script's `error` asks at once.
   */
  function watch(): void {
    let tickAt = Date.now();
    const ping = () => {
      if (!link) return;
      link.pingAt = Date.now();
      send({ kind: 'ping', id: nextId++ });
    };
    onError = () => link?.pingAt ?? ping();
    setInterval(() => {
      const now = Date.now();
      const late = now - tickAt > 2 * pingMs;
      tickAt = now;
      if (!link || restarting) return;
      if (late) return ping();
      if (link.pingAt !== null && now - link.pingAt >= silentMs) return restart('stopped answering');
      if (link.pingAt === null && now - link.heardAt >= pingMs) ping();
    }, pingMs);
    if (typeof addEventListener !== 'function') return;
    // Leaving (closing, or into the back/forward cache): the worker stops writing to this page.
    addEventListener('pagehide', () => send('close'));
    // Back from the back/forward cache: the worker hears this page again, and the watch starts afresh.
    addEventListener('pageshow', (event) => {
      if (!(event as PageTransitionEvent).persisted || !link) return;
      tickAt = link.heardAt = Date.now();
      link.pingAt = null;
      hello(false);
    });
  }

  return {
    get kind() {
      return kind;
    },
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
    changes$: state$.pipe(mergeMap((s): readonly CatalogueChange[] => s?.changed ?? [])),
    shopProducts$: state$.pipe(
      filter((s): s is State => s !== null),
      // A new worker (after a restart) has not read it yet: the last one's reading stands meanwhile.
      scan((known: number | null, s) => s.shopProducts ?? known, null),
      distinctUntilChanged(),
    ),
    state$: state$.pipe(filter((s): s is State => s !== null)),
    errors$: messages$.pipe(
      filter((m) => m.kind === 'error'),
      map((m) => (m.kind === 'error' ? m.message : '')),
    ),
    restarted$: restarted$.asObservable(),
    lead: (on) => {
      leading = on;
      send({ kind: 'lead', on });
    },
    download: (on) => {
      download = on;
      send({ kind: 'download', on });
    },
    resync: () => send({ kind: 'resync' }),
  };
}
