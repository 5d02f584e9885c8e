import type { SyncTaskRecord, TaskStore } from '../../replication/tasks/task-types';

/** A TaskStore in memory, for tests and for pages without a database. */
export function memoryTaskStore(): TaskStore & { all(): SyncTaskRecord[] } {
  const tasks = new Map<string, SyncTaskRecord>();
  return {
    all: () => [...tasks.values()],
    insert: async (task) => void tasks.set(task.task_id, task),
    pending: async () => [...tasks.values()].filter((t) => !t.transmited).sort((a, b) => a.created_at - b.created_at),
    update: async (id, patch) => {
      const task = tasks.get(id);
      if (task) tasks.set(id, { ...task, ...patch });
    },
    remove: async (id) => void tasks.delete(id),
    clearUntransmitted: async () => {
      const ids = [...tasks.values()].filter((t) => !t.transmited).map((t) => t.task_id);
      ids.forEach((id) => tasks.delete(id));
      return ids.length;
    },
  };
}
