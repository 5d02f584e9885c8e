import { TableHead } from './table-parts';
import type { AdminOrder } from '../orders/admin-order';
import { useDevice } from './admin-context';
import { lineImage } from './format';

/** The lines to pick, with how many of each are picked on this tablet. */
export function OrderLines({ order }: { order: AdminOrder }) {
  const device = useDevice();
  const units = order.items.reduce((n, l) => n + l.qty_ordered, 0);
  const picked = order.items.reduce((n, l) => n + Math.min(l.qty_ordered, device.picked(order.order_id, l.sku)), 0);
  return (
    <section aria-labelledby="lines-heading">
      <h2 id="lines-heading">
        Lines: {picked} of {units} units picked
      </h2>
      <table className="lines">
        <TableHead columns={['Picture', 'SKU', 'EAN', 'Name', 'Quantity', 'Picked']} />
        <tbody>
          {order.items.map((line) => {
            const done = device.picked(order.order_id, line.sku);
            const image = lineImage(line.image);
            return (
              <tr key={line.sku} data-sku={line.sku} className={done >= line.qty_ordered ? 'picked' : undefined}>
                <td>{image ? <img src={image} alt="" width={70} height={100} loading="lazy" /> : null}</td>
                <td>{line.sku}</td>
                <td>{line.ean ?? ''}</td>
                <td>{line.name ?? ''}</td>
                <td>{line.qty_ordered}</td>
                <td>
                  {done} of {line.qty_ordered}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
