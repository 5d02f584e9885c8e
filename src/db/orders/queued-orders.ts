import { ORDER_PUSH_MESSAGES } from '../../../replication/orders/order-push';
import type { OrderOutbox } from '../../../replication/orders/order-outbox';
import { OK_ACTION } from '../../domain/notifications/notification-rules';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal } from '../local-state';
import { addNotification } from '../sync/notification-center';
import { orderStore } from './order-store';
import { thankYouPageIsOpen } from './thank-you-presence';

/**
 * Orders waiting when the connection returns (SPEC §4): sent at once if automatic transmission is on
 * or the thank-you page is open; otherwise the shopper is asked first ("Order waiting!").
 */
export async function handleQueuedOrders(db: ShopDatabase, outbox: OrderOutbox): Promise<'none' | 'sent' | 'confirmation'> {
  const queued = await orderStore(db).queued();
  if (queued.length === 0) return 'none';
  const [settings, ui] = await Promise.all([readLocal(db, LOCAL.settings), readLocal(db, LOCAL.ui)]);
  if (settings.automaticTransmission || (await thankYouPageIsOpen(ui.thankYouPageOpen))) {
    await outbox.sendQueued();
    // A question asked earlier (before the thank-you page opened) is answered by this.
    if (ui.ordersAwaitingConfirmation.length > 0) await settled(db);
    return 'sent';
  }
  // Retried rounds ask once: the question already open covers these orders. Decided inside the write,
  // so two rounds meeting here (a reload, the timer and the connection returning at once) ask once.
  let ask = false;
  const stored = await modifyLocal(db, LOCAL.ui, (u) => {
    ask = !queued.every((o) => u.ordersAwaitingConfirmation.includes(o.order_id));
    return ask ? { ...u, ordersAwaitingConfirmation: queued.map((o) => o.order_id), orderQuestionUnraised: true } : u;
  });
  // The question open already has its notification, unless the tab that asked it closed before adding it.
  if (!ask && !stored.orderQuestionUnraised) return 'confirmation';
  // A new question replaces an earlier one (it covered fewer orders): one "Order waiting!" at a time.
  await db.notifications.find({ selector: { message: ORDER_PUSH_MESSAGES.waitingTitle } }).remove();
  await addNotification(db, {
    type: 'warning',
    message: ORDER_PUSH_MESSAGES.waitingTitle,
    action1: OK_ACTION,
    action2: { label: ORDER_PUSH_MESSAGES.waitingBody, action: 'confirmOfflineOrders' },
    hasNoTimeout: true,
  });
  await modifyLocal(db, LOCAL.ui, (u) => ({ ...u, orderQuestionUnraised: false }));
  return 'confirmation';
}

/** Answered in the sync panel or the notification: the question is gone from every tab. */
async function settled(db: ShopDatabase): Promise<void> {
  await modifyLocal(db, LOCAL.ui, (u) => ({ ...u, ordersAwaitingConfirmation: [], orderQuestionUnraised: false }));
  await db.notifications.find({ selector: { message: ORDER_PUSH_MESSAGES.waitingTitle } }).remove();
}

/** The shopper confirmed the orders made offline. */
export async function confirmQueuedOrders(db: ShopDatabase, outbox: OrderOutbox) {
  const counts = await outbox.sendQueued();
  await settled(db);
  return counts;
}

/**
 * The shopper cancelled them: each is deleted unless the server already has it (then it is shown
 * as placed) or cannot be asked (then it waits, and the shopper is told).
 */
export async function cancelQueuedOrders(db: ShopDatabase, outbox: OrderOutbox): Promise<{ removed: number; placed: number; unknown: number }> {
  const counts = await outbox.cancelQueued();
  await settled(db);
  if (counts.placed > 0) await addNotification(db, { type: 'info', message: ORDER_PUSH_MESSAGES.cancelTooLate });
  if (counts.unknown > 0) await addNotification(db, { type: 'warning', message: ORDER_PUSH_MESSAGES.cancelUnknown });
  return counts;
}
