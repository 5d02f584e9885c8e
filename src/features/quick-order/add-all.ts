import { addProductToCart } from '../../db/cart/cart-add';
import type { ShopDatabase } from '../../db/database-types';
import type { LocalShop } from '../../db/start-local-database';
import { addNotification, dismissNotificationsSince } from '../../db/sync/notification-center';
import { cartNotice } from '../../domain/notifications/notification-rules';
import type { AddAllNotice } from './add-all-message';
import type { AddLine } from './pad-row';

export interface AddAllOutcome {
  /** Rows now in the cart: they leave the pad. */
  added: Set<string>;
  /** Rows the cart refused (the live stock check, what another tab added meanwhile), with the message. */
  refused: Map<string, string>;
  /** What the cart said about the lines it took, once each (added, quantity updated, volatile stock). */
  notices: string[];
  /** When the batch began: the cart's per-line notices from then on give way to one merged notice. */
  since: number;
}

/**
 * "Add all to cart": each ready row goes through the product page's add (live stock check online, a
 * volatile pre-reservation offline, the minimum order and stock limit on the line), one after another
 * so the cart's notices and line writes stay in order.
 */
export async function addRowsToCart(shop: LocalShop, rows: readonly { id: string; line: AddLine }[], customerGroupId: number): Promise<AddAllOutcome> {
  const outcome: AddAllOutcome = { added: new Set(), refused: new Map(), notices: [], since: Date.now() };
  for (const { id, line } of rows) {
    const result = await addProductToCart(shop, { ...line, customerGroupId });
    if (!result.added) outcome.refused.set(id, result.messages[0] ?? '');
    else {
      outcome.added.add(id);
      for (const message of result.messages) if (!outcome.notices.includes(message)) outcome.notices.push(message);
    }
  }
  return outcome;
}

/**
 * One toast for the whole batch: the notices the cart raised line by line (added, updated, refused:
 * the pad shows each refusal on its row) are removed, in every tab, and the merged one takes their place.
 */
export async function mergeBatchNotices(db: ShopDatabase, outcome: AddAllOutcome, notice: AddAllNotice): Promise<void> {
  const said = new Set([...outcome.notices, ...outcome.refused.values()]);
  await dismissNotificationsSince(db, outcome.since, said);
  if (notice.sentences.length > 0) await addNotification(db, cartNotice(notice.type, notice.sentences.join(' ')));
}
