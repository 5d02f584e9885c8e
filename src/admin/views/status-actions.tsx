import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { OrderStatus, OrderStatusChange } from '../../../schemas/api/admin';
import type { AdminOrder } from '../orders/admin-order';
import { nextStatuses, statusNow } from '../orders/order-status-now';
import { useAdmin, useDevice } from './admin-context';
import { fieldText } from './format';

const LABELS: Partial<Record<OrderStatus, string>> = { processing: 'Start packing', shipped: 'Shipped…', delivered: 'Delivered', cancelled: 'Cancel order…' };

/**
 * The buttons for the statuses the order may take next (the API's rule) and no others. A change is
 * queued on the tablet first and sent by the sync loop, online or later: it is never lost to a bad
 * connection, and a refusal comes back on the order.
 */
export function StatusActions({ order }: { order: AdminOrder }) {
  const device = useDevice();
  const { sync } = useAdmin();
  const status = statusNow(order, device.changes());
  const shipDialog = useRef<HTMLDialogElement>(null);
  const cancelDialog = useRef<HTMLDialogElement>(null);
  const keepOrder = useRef<HTMLButtonElement>(null);
  const [shipError, setShipError] = useState<string | null>(null);
  const nextSteps = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refocus = useRef(false);
  // The pressed button goes when the status moves on: the focus goes to the first of the next steps
  // (or the status, when it is final), not back to the top of the page.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) (nextSteps.current?.querySelector('button') ?? heading.current)?.focus();
  }, [status]);

  const change = async (body: OrderStatusChange) => {
    refocus.current = true;
    await device.queueChange(order, body);
    sync.kick();
  };
  const ship = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const carrier = fieldText(data, 'carrier');
    const tracking = fieldText(data, 'tracking_number');
    if (!carrier || !tracking) return setShipError('Enter the carrier and the tracking number.');
    setShipError(null);
    shipDialog.current?.close();
    await change({ status: 'shipped', carrier, tracking_number: tracking });
  };
  const cancel = (returnStock: boolean) => {
    cancelDialog.current?.close();
    void change({ status: 'cancelled', return_stock: returnStock });
  };
  const press = (next: OrderStatus) => {
    if (next === 'shipped') shipDialog.current?.showModal();
    else if (next === 'cancelled') {
      cancelDialog.current?.showModal();
      // The harmless answer has the focus: an Enter pressed twice does not cancel the order.
      keepOrder.current?.focus();
    }
    else void change({ status: next });
  };

  const allowed = nextStatuses(status);
  return (
    <section className="actions no-print" aria-labelledby="actions-heading">
      <h2 id="actions-heading" ref={heading} tabIndex={-1}>
        Status: {status}
      </h2>
      {allowed.length === 0 && <p>This status is final.</p>}
      <div className="buttons" ref={nextSteps}>
        {allowed.map((next) => (
          <button key={next} type="button" className={next === 'cancelled' ? 'danger' : 'primary'} onClick={() => press(next)}>
            {LABELS[next] ?? next}
          </button>
        ))}
      </div>
      <dialog ref={shipDialog} aria-labelledby="ship-heading">
        <form onSubmit={(e) => void ship(e)} noValidate>
          <h2 id="ship-heading">Shipped: order {order.increment_id}</h2>
          <label htmlFor="ship-carrier">Carrier</label>
          <input id="ship-carrier" name="carrier" maxLength={100} required />
          <label htmlFor="ship-tracking">Tracking number</label>
          <input id="ship-tracking" name="tracking_number" maxLength={100} required />
          {shipError && <p role="alert" className="refusal">{shipError}</p>}
          <div className="buttons">
            <button type="submit" className="primary">
              Mark as shipped
            </button>
            <button type="button" onClick={() => shipDialog.current?.close()}>
              Back
            </button>
          </div>
        </form>
      </dialog>
      <dialog ref={cancelDialog} aria-labelledby="cancel-heading" aria-describedby="cancel-question">
        <h2 id="cancel-heading">Cancel order {order.increment_id}?</h2>
        <p id="cancel-question">Return the items to stock?</p>
        <p>Yes when the goods go back on the shelf; no when they cannot be sold again (damaged, lost or already sent). The shopper is told either way.</p>
        <div className="buttons">
          <button type="button" className="danger" onClick={() => cancel(true)}>
            Yes, cancel and return to stock
          </button>
          <button type="button" className="danger" onClick={() => cancel(false)}>
            No, cancel without returning stock
          </button>
          <button type="button" ref={keepOrder} onClick={() => cancelDialog.current?.close()}>
            Keep the order
          </button>
        </div>
      </dialog>
    </section>
  );
}
