import type { SyncTaskPayload, SyncTaskRecord } from '../../schemas/rx/sync-tasks.schema';

/** What a caller asks the runner to do. */
export interface TaskInput {
  url: string;
  payload?: SyncTaskPayload;
  /** Raised with the finished task (SPEC §7: the task's callback event). */
  callback_event?: string | null;
  /** Do not show the server's error text to the shopper. */
  silent?: boolean;
  is_result_cacheable?: boolean;
  meta?: Record<string, unknown> | null;
}

/** Where tasks wait (the sync_tasks collection); untransmitted ones survive a reload. */
export interface TaskStore {
  insert(task: SyncTaskRecord): Promise<void>;
  /** Untransmitted tasks, oldest first. */
  pending(): Promise<SyncTaskRecord[]>;
  update(taskId: string, patch: Partial<SyncTaskRecord>): Promise<void>;
  remove(taskId: string): Promise<void>;
  /** SPEC §4: a failed token refresh clears what was not sent. */
  clearUntransmitted(): Promise<number>;
}

export interface Notice {
  type: 'success' | 'info' | 'warning' | 'error';
  message: string;
}

export type { SyncTaskRecord };
