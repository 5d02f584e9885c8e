import { TableHead } from './table-parts';
import type { AdminOrder } from '../orders/admin-order';
import { useDevice } from './admin-context';
import { lineImage } from './format';

/** The lines to pick, with how many of each are picked on this tablet. */
export function OrderLines({ order }: { order: AdminOrder }) {
  const device = useDevice();
  const units = order.items.reduce((n, l) => n + l.qty_ordered, 0);
  // Picks are counted per SKU (a SKU on two lines shares one count), so the heading caps each SKU's picks at its units.
  const unitsOf = new Map<string, number>();
  for (const l of order.items) unitsOf.set(l.sku, (unitsOf.get(l.sku) ?? 0) + l.qty_ordered);
  const picked = [...unitsOf].reduce((n, [sku, of]) => n + Math.min(of, device.picked(order.order_id, sku)), 0);
  return (
    <section aria-labelledby="lines-heading">
      <h2 id="lines-heading">
        Lines: {picked} of {units} units picked
      </h2>
      <table className="lines">
        <TableHead columns={['Picture', 'SKU', 'EAN', 'Name', 'Quantity', 'Picked']} />
        <tbody>
          {order.items.map((line, i) => {
            const done = device.picked(order.order_id, line.sku);
            const image = lineImage(line.image);
            return (
              <tr key={`${i}-${line.sku}`} data-sku={line.sku} className={done >= (unitsOf.get(line.sku) ?? 0) ? 'picked' : undefined}>
                <td>{image ? <img src={image} alt="" width={70} height={100} loading="lazy" /> : null}</td>
                <td>{line.sku}</td>
                <td>{line.ean ?? ''}</td>
                <td>{line.name ?? ''}</td>
                <td>{line.qty_ordered}</td>
                <td>
                  {done} of {unitsOf.get(line.sku) ?? line.qty_ordered}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
