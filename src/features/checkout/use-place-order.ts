import { useEffect, useState } from 'react';
import { isOrderedElsewhere } from '../../../replication/orders/ordered-elsewhere';
import type { TotalsReply } from '../../../schemas/api/cart';
import type { CheckoutDraft } from '../../db/orders/checkout-order-body';
import { placeOrder } from '../../db/orders/place-checkout-order';
import type { LocalShop } from '../../db/start-local-database';
import type { PlacedOrder } from './thank-you';

/**
 * Places the order through the database's door (`placeOrder`: stored first, then sent; offline it
 * waits) and keeps what the checkout shows of it. The checkout owns one order id from the moment its
 * review step opens, so a second press, a reload or another tab on this checkout places one order.
 * An account asked for at checkout is created by the server with the order; once the order is
 * through, the shopper is signed in with it. The order carries the grand total the review step
 * showed; when the server refuses it for a changed price, `repriced` holds the new totals to show,
 * and the next press (the same order id) confirms them.
 */
export function usePlaceOrder(shop: LocalShop, reviewOpen: boolean) {
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [orderId, setOrderId] = useState<string | null>(null);
  const [repriced, setRepriced] = useState<TotalsReply | null>(null);

  useEffect(() => {
    if (!reviewOpen) return;
    let live = true;
    void shop.sync.beginCheckout().then((id) => live && setOrderId(id));
    return () => void (live = false);
  }, [shop, reviewOpen]);

  /** `grandTotal`: the total the review step shows as the shopper presses "Place the order". */
  async function place(draft: CheckoutDraft, password: string | undefined, grandTotal: number | undefined): Promise<void> {
    setPlacing(true);
    setFailure(null);
    try {
      const { result, userId, savedOnDevice } = await placeOrder(shop, draft, { password, grandTotal, orderId });
      if (result.outcome === 'rejected') {
        setFailure(result.message ?? null);
        setOrderId(null);
        return;
      }
      // Not placed: the order id stays the checkout's, for the press that confirms the new total.
      if (result.outcome === 'repriced') {
        if (result.repriced) setRepriced(result.repriced.totals);
        else setFailure(result.message ?? null);
        return;
      }
      const email = draft.personal.emailAddress.trim();
      const wantsAccount = !userId && draft.personal.createAccount && Boolean(password);
      let account: PlacedOrder['account'] = null;
      if (wantsAccount && password) account = result.outcome === 'sent' ? ((await shop.sync.signIn(email, password)).ok ? 'created' : null) : 'later';
      const n = result.order.result?.increment_id;
      setPlaced({
        orderId: result.order.order_id,
        outcome: result.outcome === 'sent' ? 'sent' : 'queued',
        number: typeof n === 'string' || typeof n === 'number' ? String(n) : null,
        email,
        account,
        savedOnDevice,
        orderedElsewhere: isOrderedElsewhere(result.order.result),
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setPlacing(false);
    }
  }

  return { placing, failure, placed, place, repriced };
}
