import { EPOCH_MS, NULLABLE_EPOCH_MS, OPEN_OBJECT, type CollectionDefinition } from './json-schema';

/**
 * Queued network tasks (SPEC §3 Sync task, §7 generic task runner): a profile update or a review made
 * offline waits here, so it survives a reload. A task is created, then transmitted with its result
 * and code, then left with `acknowledged: false` for whoever raised it to read.
 */
export const syncTasksCollection: CollectionDefinition = {
  schema: {
    title: 'sync_tasks',
    version: 0,
    primaryKey: 'task_id',
    type: 'object',
    properties: {
      task_id: { type: 'string', maxLength: 80 },
      url: { type: 'string' },
      /** The fetch options: method, headers, body. */
      payload: OPEN_OBJECT,
      callback_event: { type: ['string', 'null'] },
      silent: { type: 'boolean' },
      transmited: { type: 'boolean' },
      transmited_at: NULLABLE_EPOCH_MS,
      result: { type: ['object', 'array', 'string', 'number', 'boolean', 'null'] },
      resultCode: { type: ['integer', 'null'] },
      code: { type: ['integer', 'null'] },
      acknowledged: { type: 'boolean' },
      meta: { type: ['object', 'null'] },
      /** Kept after transmission so a later screen can read the result (stock checks). */
      is_result_cacheable: { type: 'boolean' },
      created_at: EPOCH_MS,
      updated_at: EPOCH_MS,
    },
    required: ['task_id', 'url', 'payload', 'silent', 'transmited', 'acknowledged', 'is_result_cacheable', 'created_at', 'updated_at'],
    indexes: ['created_at'],
  },
  migrationStrategies: {},
};

export interface SyncTaskPayload {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface SyncTaskRecord {
  task_id: string;
  url: string;
  payload: SyncTaskPayload;
  callback_event?: string | null;
  silent: boolean;
  transmited: boolean;
  transmited_at?: number | null;
  result?: unknown;
  resultCode?: number | null;
  code?: number | null;
  acknowledged: boolean;
  meta?: Record<string, unknown> | null;
  is_result_cacheable: boolean;
  created_at: number;
  updated_at: number;
}
