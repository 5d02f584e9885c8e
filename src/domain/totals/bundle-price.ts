import { readAmount, toPence } from '../pricing/money';
import { unitPricesPence } from '../pricing/final-price';
import { recordsOf, textOf, type Doc } from '../cart/doc-fields';
import type { OptionLabel } from './custom-option-price';

export interface BundlePrice {
  unitPence: number;
  labels: OptionLabel[];
  /** The member skus and quantities one bundle holds. */
  members: { sku: string; qty: number }[];
}

export interface BundleContext {
  now: Date;
  customerGroupId: number;
  /** Member products by sku, for links without a price of their own. */
  products: ReadonlyMap<string, Doc>;
}

/**
 * A bundle's unit price (SPEC §4): for each option the chosen links (`bundle_options`
 * [{option_id, option_qty, option_selections}]), else the default link, else the first link,
 * each at its price times its quantity. Null when a choice names an unknown option or link, or a
 * link's price cannot be found.
 */
export function priceBundle(product: Doc, chosen: readonly Doc[], context: BundleContext): BundlePrice | null {
  const options = recordsOf(product.bundle_options);
  if (chosen.some((c) => !options.some((o) => textOf(o.option_id) === textOf(c.option_id)))) return null;
  let unitPence = 0;
  const labels: OptionLabel[] = [];
  const members: { sku: string; qty: number }[] = [];
  for (const option of options) {
    const links = recordsOf(option.product_links);
    const choice = chosen.find((c) => textOf(c.option_id) === textOf(option.option_id));
    const selections = Array.isArray(choice?.option_selections) ? choice.option_selections.map((id) => textOf(id)) : [];
    let picked: Doc[];
    if (selections.length > 0) {
      picked = selections.map((id) => links.find((l) => textOf(l.id) === id)).filter((l): l is Doc => l !== undefined);
      if (picked.length !== selections.length) return null;
    } else {
      const fallback = links.find((l) => l.is_default === true) ?? links[0];
      picked = fallback ? [fallback] : [];
    }
    for (const link of picked) {
      const requested = readAmount(choice?.option_qty);
      const linkQty = link.can_change_quantity === true && requested !== undefined && requested >= 1 ? Math.floor(requested) : Math.max(1, readAmount(link.qty) ?? 1);
      const own = readAmount(link.price);
      const sku = textOf(link.sku);
      const member = context.products.get(sku);
      const price = own !== undefined && own > 0 ? toPence(own) : member ? unitPricesPence(member, { now: context.now, qty: linkQty, customerGroupId: context.customerGroupId }).final : undefined;
      if (price === undefined) return null;
      unitPence += price * linkQty;
      members.push({ sku, qty: linkQty });
      labels.push({ label: textOf(option.title, textOf(option.option_id)), value: `${linkQty} x ${textOf(member?.name, sku)}` });
    }
  }
  return { unitPence, labels, members };
}
