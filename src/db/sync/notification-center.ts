import { map, type Observable } from 'rxjs';
import type { NotificationRecord } from '../../../schemas/rx/notifications.schema';
import { buildNotice, isExpired, isRepeatOfLast, type NoticeInput } from '../../domain/notifications/notification-rules';
import type { ShopDatabase } from '../database-types';

/**
 * Notifications live in the database so every tab shows them. Adding one that repeats the newest
 * message still shown does nothing (SPEC §4); expired ones are pruned whenever one is added.
 */
export async function addNotification(db: ShopDatabase, input: NoticeInput, now = Date.now()): Promise<NotificationRecord | null> {
  const shown = (await db.notifications.find().exec()).map((d) => d.toJSON() as NotificationRecord);
  const expired = shown.filter((n) => isExpired(n, now)).map((n) => n.id);
  if (expired.length > 0) await db.notifications.bulkRemove(expired);
  if (isRepeatOfLast(shown, input, now)) return null;
  const notice = buildNotice(input, `${now}-${crypto.randomUUID()}`, now) as NotificationRecord;
  await db.notifications.insert(notice);
  return notice;
}

export async function dismissNotification(db: ShopDatabase, id: string): Promise<void> {
  await db.notifications.findOne(id).remove();
}

/** Removes, in every tab, the notifications raised since `since` that say one of `messages`. */
export async function dismissNotificationsSince(db: ShopDatabase, since: number, messages: ReadonlySet<string>): Promise<void> {
  const raised = await db.notifications.find({ selector: { created_at: { $gte: since } } }).exec();
  await Promise.all(raised.filter((n) => messages.has(n.message)).map((n) => n.remove()));
}

/** The notifications to show now, newest last, in any tab. Views hide each one after its lifetime. */
export function watchNotifications(db: ShopDatabase): Observable<NotificationRecord[]> {
  return db.notifications.find({ sort: [{ created_at: 'asc' }] }).$.pipe(
    map((docs) => docs.map((d) => d.toJSON() as NotificationRecord).filter((n) => !isExpired(n, Date.now()))),
  );
}
