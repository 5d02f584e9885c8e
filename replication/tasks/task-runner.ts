import { expectKnown, isUnknownOutcome, MESSAGES, NetworkError } from '../api/api-errors';
import type { ApiClient } from '../api/api-types';
import type { Notice, SyncTaskRecord, TaskInput, TaskStore } from './task-types';
import { taskIdempotencyKey } from './task-key';
import { fillTaskUrl, missingCartIdMessage, needsCartId } from './task-url';

export interface TaskRunnerDeps {
  api: ApiClient;
  store: TaskStore;
  /** The server cart id for `{{cartId}}`. */
  cartId(): Promise<string | null>;
  notify(notice: Notice): Promise<void>;
  /** A task needed a cart id and there was none: re-create the server cart. */
  onMissingCartId?(): Promise<void>;
  newId?(): string;
  now?(): number;
}

export type TaskListener = (task: SyncTaskRecord) => void;

/** Transmitted: the server answered (any code). Waiting: not sent, try again later. */
export type TaskOutcome = { transmitted: true; task: SyncTaskRecord } | { transmitted: false; task: SyncTaskRecord; error: string; unknown?: boolean };

export const newTaskId = () => `${Date.now()}-${crypto.randomUUID()}`;

/**
 * The generic task runner of SPEC §7. `queue` persists a task and sends it when it can (a profile
 * update or review made offline waits in the database, so it survives a reload); `execute` sends at
 * once without persisting. A task is created, then transmitted with its result and code, then left
 * with `acknowledged: false` for whoever raised it.
 */
export function createTaskRunner(deps: TaskRunnerDeps) {
  const now = () => (deps.now ? deps.now() : Date.now());
  const listeners = new Map<string, Set<TaskListener>>();
  const inFlight = new Set<string>();
  let processing: Promise<void> | null = null;
  let again = false;

  function build(input: TaskInput): SyncTaskRecord {
    const at = now();
    return {
      task_id: deps.newId?.() ?? newTaskId(),
      url: input.url,
      payload: input.payload ?? {},
      callback_event: input.callback_event ?? null,
      silent: input.silent ?? false,
      transmited: false,
      transmited_at: null,
      result: null,
      resultCode: null,
      code: null,
      acknowledged: false,
      meta: input.meta ?? null,
      is_result_cacheable: input.is_result_cacheable ?? false,
      created_at: at,
      updated_at: at,
    };
  }

  async function waiting(task: SyncTaskRecord, error: string, show: boolean, unknown = true): Promise<TaskOutcome> {
    if (show && !task.silent) await deps.notify({ type: 'error', message: error });
    return { transmitted: false, task, error, unknown };
  }

  async function send(task: SyncTaskRecord): Promise<TaskOutcome> {
    let cartId: string | null = null;
    if (needsCartId(task.url)) {
      cartId = await deps.cartId();
      if (!cartId) {
        await deps.onMissingCartId?.();
        return waiting(task, missingCartIdMessage(task.url), false, false);
      }
    }
    const { method, body, headers } = task.payload;
    const verb = (method?.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE' | undefined) ?? (body === undefined ? 'GET' : 'POST');
    try {
      // A retry after a lost reply is answered, not acted on twice (see `taskIdempotencyKey`).
      const idempotencyKey = taskIdempotencyKey(task.task_id, cartId);
      const reply = expectKnown(await deps.api.request(fillTaskUrl(task.url, cartId), { method: verb, body, headers, ...(verb === 'GET' ? {} : { idempotencyKey }) }));
      const at = now();
      const done: SyncTaskRecord = { ...task, transmited: true, transmited_at: at, result: reply.result, resultCode: reply.code, code: reply.code, meta: reply.meta ?? task.meta ?? null, acknowledged: false, updated_at: at };
      // A 401 here means the refresh lock already logged the shopper out; that is not news to show.
      if (reply.code !== 200 && reply.code !== 401 && !task.silent) {
        await deps.notify({ type: 'error', message: typeof reply.result === 'string' ? reply.result : MESSAGES.wrongFormat });
      }
      return { transmitted: true, task: done };
    } catch (error) {
      // Not known to have happened: the task waits and goes again with the same key.
      if (error instanceof NetworkError) return waiting(task, error.message, false);
      if (isUnknownOutcome(error)) return waiting(task, error.message, true);
      return waiting(task, error instanceof Error ? error.message : String(error), true);
    }
  }

  function emit(task: SyncTaskRecord): void {
    if (!task.callback_event) return;
    for (const listener of listeners.get(task.callback_event) ?? []) listener(task);
  }

  async function processPending(): Promise<void> {
    for (const task of await deps.store.pending()) {
      if (inFlight.has(task.task_id)) continue;
      inFlight.add(task.task_id);
      try {
        const outcome = await send(task);
        if (!outcome.transmitted) {
          // Offline or a server that cannot take work now: the rest waits for the next round (the timer retries).
          if (outcome.error === MESSAGES.network || outcome.unknown) return;
          continue;
        }
        await deps.store.update(task.task_id, outcome.task);
        emit(outcome.task);
      } finally {
        inFlight.delete(task.task_id);
      }
    }
  }

  return {
    /** Persists the task, then tries to send everything waiting. Resolves with the queued task. */
    async queue(input: TaskInput): Promise<SyncTaskRecord> {
      const task = build(input);
      await deps.store.insert(task);
      // A send that fails here (storage closed with the page) leaves the task waiting for the next round.
      void this.process().catch(() => undefined);
      return task;
    },
    /** Sends now without persisting; offline the outcome says it was not transmitted. */
    async execute(input: TaskInput): Promise<TaskOutcome> {
      const outcome = await send(build(input));
      if (outcome.transmitted) emit(outcome.task);
      return outcome;
    },
    /** Sends the waiting tasks one after another, oldest first; one run at a time. */
    process(): Promise<void> {
      if (processing) {
        again = true; // a task queued during a run is picked up by one more pass
        return processing;
      }
      processing = (async () => {
        do {
          again = false;
          await processPending();
        } while (again);
      })().finally(() => (processing = null));
      return processing;
    },
    /** The reader of a result marks it seen; results nobody needs later are then dropped. */
    async acknowledge(task: SyncTaskRecord): Promise<void> {
      if (task.is_result_cacheable) await deps.store.update(task.task_id, { acknowledged: true, updated_at: now() });
      else await deps.store.remove(task.task_id);
    },
    on(event: string, listener: TaskListener): () => void {
      const set = listeners.get(event) ?? new Set<TaskListener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}

export type TaskRunner = ReturnType<typeof createTaskRunner>;
