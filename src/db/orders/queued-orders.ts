import { ORDER_PUSH_MESSAGES } from '../../../replication/orders/order-push';
import type { OrderOutbox } from '../../../replication/orders/order-outbox';
import type { OrderRecord } from '../../../schemas/rx/orders.schema';
import { formatMoney } from '../../i18n/money';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal } from '../local-state';
import { orderStore } from './order-store';
import { addNotification } from '../sync/notification-center';
import { thankYouPageIsOpen } from './thank-you-presence';

/** Orders the server refused for a changed price, waiting for the shopper to confirm the new total. */
async function repricedOrders(db: ShopDatabase): Promise<OrderRecord[]> {
  return (await db.orders.find({ selector: { state: 'repriced' }, sort: [{ created_at: 'asc' }] }).exec()).map((d) => d.toMutableJSON());
}

/** The question's action: with a repriced order waiting, it names the new total(s) the shopper confirms. */
function questionLabel(repriced: readonly OrderRecord[]): string {
  const totals = repriced.flatMap((o) => (o.repriced ? [formatMoney(o.repriced.grand_total)] : []));
  return totals.length === 0 ? ORDER_PUSH_MESSAGES.waitingBody : ORDER_PUSH_MESSAGES.repricedWaitingBody.replace('{{total}}', totals.join(', '));
}

/**
 * The question's other answer. It has no plain "OK": a question closed unanswered left the orders on
 * the device with nothing on screen to say so, so it stays on every page until confirmed or cancelled.
 */
export const CANCEL_OFFLINE_ORDERS = { label: 'Cancel the orders', action: 'cancelOfflineOrders' } as const;

const questionOpen = async (db: ShopDatabase) => (await db.notifications.find({ selector: { message: ORDER_PUSH_MESSAGES.waitingTitle } }).exec()).length > 0;

/** One "Order waiting!" at a time: a new question replaces an earlier one. */
async function raiseQuestion(db: ShopDatabase): Promise<void> {
  const label = questionLabel(await repricedOrders(db));
  await db.notifications.find({ selector: { message: ORDER_PUSH_MESSAGES.waitingTitle } }).remove();
  await addNotification(db, {
    type: 'warning',
    message: ORDER_PUSH_MESSAGES.waitingTitle,
    action1: CANCEL_OFFLINE_ORDERS,
    action2: { label, action: 'confirmOfflineOrders' },
    hasNoTimeout: true,
  });
}

/**
 * A repriced order is always asked about, whatever the automatic transmission setting (a new price
 * is the shopper's to accept), once per new total: a question the shopper dismissed stays dismissed
 * (the sync panel still offers "Confirm and send"). True while any repriced order waits.
 */
async function askAboutRepriced(db: ShopDatabase): Promise<boolean> {
  const repriced = await repricedOrders(db);
  const unasked = repriced.filter((o) => o.repriced && !o.repriced.asked);
  if (unasked.length > 0) {
    await raiseQuestion(db);
    for (const order of unasked) await db.orders.findOne(order.order_id).incrementalPatch({ repriced: { ...order.repriced!, asked: true } });
  }
  return repriced.length > 0;
}

/**
 * Orders waiting when the connection returns (SPEC §4): sent at once if automatic transmission is on
 * or the thank-you page is open; otherwise the shopper is asked first ("Order waiting!"). An order
 * refused for a changed price is never sent before the shopper confirmed its new total.
 */
export async function handleQueuedOrders(db: ShopDatabase, outbox: OrderOutbox): Promise<'none' | 'sent' | 'confirmation'> {
  const outcome = await sendOrAsk(db, outbox);
  return (await askAboutRepriced(db)) ? 'confirmation' : outcome;
}

async function sendOrAsk(db: ShopDatabase, outbox: OrderOutbox): Promise<'none' | 'sent' | 'confirmation'> {
  if ((await orderStore(db).queued()).length === 0) return 'none';
  const [settings, ui] = await Promise.all([readLocal(db, LOCAL.settings), readLocal(db, LOCAL.ui)]);
  if (settings.automaticTransmission || (await thankYouPageIsOpen(ui.thankYouPageOpen))) {
    // The outbox sends each with its own customer's session only (another's is held for them).
    await outbox.sendQueued();
    // A question asked earlier (before the thank-you page opened) is answered by this.
    if (ui.ordersAwaitingConfirmation.length > 0) await settled(db);
    return 'sent';
  }
  // Asked only about the orders this session may send: another customer's waiting order is not put to
  // this one (nor is a customer's own before their profile says who signed in); it waits for them.
  const queued = await outbox.queuedForSession();
  if (queued.length === 0) return 'none';
  // Retried rounds ask once: the question already open covers these orders. Decided inside the write,
  // so two rounds meeting here (a reload, the timer and the connection returning at once) ask once.
  let ask = false;
  const stored = await modifyLocal(db, LOCAL.ui, (u) => {
    ask = !queued.every((o) => u.ordersAwaitingConfirmation.includes(o.order_id));
    return ask ? { ...u, ordersAwaitingConfirmation: queued.map((o) => o.order_id), orderQuestionUnraised: true } : u;
  });
  // The question open already has its notification, unless the tab that asked it closed before adding it.
  // Asked again when its notification is gone unanswered (cleared storage, an older version's OK).
  if (!ask && !stored.orderQuestionUnraised && (await questionOpen(db))) return 'confirmation';
  // A new question replaces an earlier one (it covered fewer orders).
  await raiseQuestion(db);
  await modifyLocal(db, LOCAL.ui, (u) => ({ ...u, orderQuestionUnraised: false }));
  return 'confirmation';
}

/**
 * Answered in the sync panel or the notification: the question is gone from every tab, unless a
 * repriced order still waits for its answer (the question names its total).
 */
async function settled(db: ShopDatabase): Promise<void> {
  await modifyLocal(db, LOCAL.ui, (u) => ({ ...u, ordersAwaitingConfirmation: [], orderQuestionUnraised: false }));
  if ((await repricedOrders(db)).length > 0) return;
  await db.notifications.find({ selector: { message: ORDER_PUSH_MESSAGES.waitingTitle } }).remove();
}

/**
 * The shopper confirmed the orders made offline. A repriced order goes at the new total it was
 * asked about; one repriced by this very round (or again) is asked about afresh, never sent unseen.
 */
export async function confirmQueuedOrders(db: ShopDatabase, outbox: OrderOutbox) {
  for (const order of await repricedOrders(db)) if (order.repriced?.asked) await outbox.reconfirm(order.order_id, order.repriced.grand_total);
  const counts = await outbox.sendQueued();
  await settled(db);
  await askAboutRepriced(db);
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
