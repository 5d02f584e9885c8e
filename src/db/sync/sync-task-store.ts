import type { TaskStore } from '../../../replication/tasks/task-types';
import type { ShopDatabase } from '../database-types';

/** The task runner's queue on the `sync_tasks` collection: what is queued survives a reload. */
export function syncTaskStore(db: ShopDatabase): TaskStore {
  return {
    insert: async (task) => void (await db.sync_tasks.insert(task)),
    pending: async () => {
      const docs = await db.sync_tasks.find({ selector: { transmited: false }, sort: [{ created_at: 'asc' }] }).exec();
      return docs.map((d) => d.toMutableJSON());
    },
    update: async (taskId, patch) => {
      const { task_id: _id, ...rest } = patch;
      await db.sync_tasks.findOne(taskId).incrementalPatch(rest);
    },
    remove: async (taskId) => void (await db.sync_tasks.findOne(taskId).remove()),
    clearUntransmitted: async () => (await db.sync_tasks.find({ selector: { transmited: false } }).remove()).length,
  };
}
