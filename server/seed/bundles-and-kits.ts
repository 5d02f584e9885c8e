import type { Product } from '../../schemas/catalog/product';
import type { BundleOption, ProductLink } from '../../schemas/catalog/product-options';
import { AVAILABLE, ensureCore } from './issues';
import { BUNDLES, KITS } from './kit-and-bundle-defs';
import { GUEST_GROUP, round2, TRADE_GROUP } from './pricing';
import type { FamilyCatalogue } from './product-families';
import type { SeedContext } from './seed-context';
import { shellProduct } from './shell-product';

/**
 * Grouped kits and bundles. Their members are built first (on sale, in stock) so every link points
 * at a real product. Prices follow SPEC §4: a kit costs the sum of its (guest) members at quantity 1;
 * a bundle costs the default link, or else the first link, of each option times its quantity.
 */
export function addKitsAndBundles(ctx: SeedContext, catalogue: FamilyCatalogue): void {
  const member = (sku: string): Product => ensureCore(ctx, catalogue, sku, { traits: AVAILABLE });

  for (const kit of KITS) {
    const retail = kit.retail.map(([sku, qty]) => ({ product: member(sku), qty }));
    const trade = kit.trade.map(([sku, qty]) => ({ product: member(sku), qty }));
    const link = (group: number) => ({ product, qty }: { product: Product; qty: number }, position: number): ProductLink => ({
      sku: kit.sku, link_type: 'associated', linked_product_sku: product.sku, linked_product_type: product.type_id,
      qty, position: position + 1, customer_group_id: group,
    });
    const parent = shellProduct(ctx, {
      sku: kit.sku, name: kit.name, type: 'grouped', family: 'kits', category: 'fixing-kits',
      price: round2(retail.reduce((sum, m) => sum + m.product.price, 0)), keywords: kit.keywords, description: kit.description,
      inStock: retail.every((m) => m.product.stock?.is_in_stock), qty: 0, manageStock: false,
    });
    parent.product_links = [...retail.map(link(GUEST_GROUP)), ...trade.map(link(TRADE_GROUP))];
    ctx.add(parent);
  }

  for (const bundle of BUNDLES) {
    let total = 0;
    const options = bundle.options.map((option, position): BundleOption => {
      const links = option.links.map(([sku, qty, isDefault], i) => ({ product: member(sku), qty, isDefault, position: i + 1 }));
      const counted = links.find((l) => l.isDefault) ?? links[0];
      if (counted) total += counted.product.price * counted.qty;
      return {
        option_id: ctx.nextOptionId(), title: option.title, required: option.required, type: option.type, position: position + 1,
        product_links: links.map((l) => ({ id: ctx.nextOptionId(), sku: l.product.sku, qty: l.qty, is_default: l.isDefault, can_change_quantity: option.type !== 'multi', position: l.position })),
      };
    });
    const parent = shellProduct(ctx, {
      sku: bundle.sku, name: bundle.name, type: 'bundle', family: bundle.family, category: bundle.category,
      price: round2(total), keywords: bundle.keywords, description: bundle.description, inStock: true, qty: 0, manageStock: false,
    });
    parent.bundle_options = options;
    ctx.add(parent);
  }
}
