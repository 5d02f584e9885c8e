import type { Product, ProductType } from '../../schemas/catalog/product';
import { productImage, slugify, type ImageFamily } from './image-paths';
import { rngFor } from './rng';
import type { SeedContext } from './seed-context';

const DAY = 86_400_000;

export interface ShellInput {
  sku: string;
  name: string;
  type: ProductType;
  family: ImageFamily;
  /** url_key of the category; ancestors are added. */
  category: string;
  price: number;
  keywords: readonly string[];
  description: string;
  inStock: boolean;
  qty: number;
  manageStock: boolean;
  taxClass?: number;
  leadTimeDays?: number;
}

/**
 * The common body of products that are not one size of a product line: configurable parents,
 * kits, bundles, services and guides. Always enabled and visible; dates and rank from its own stream.
 */
export function shellProduct(ctx: SeedContext, input: ShellInput): Product {
  const id = ctx.nextProductId();
  const rng = rngFor(ctx.seed, input.sku);
  const slug = slugify(`${input.name} ${input.sku}`);
  const where = ctx.categories.placement(input.category);
  const image = productImage(input.family, input.sku, 1);
  const createdMs = ctx.nowMs - rng.float(20, 365) * DAY;
  return {
    id, sku: input.sku, name: input.name, slug, type_id: input.type, status: 1, visibility: 4, url_key: slug, url_path: slug,
    keywords: [...input.keywords], category_ids: [...where.ids], category: where.refs.map((r) => ({ ...r })),
    price: input.price, original_price: input.price, final_price: input.price,
    special_price: null, special_from_date: null, special_to_date: null, tax_class_id: input.taxClass ?? 2, tier_prices: [],
    image, thumbnail: image, media_gallery: [{ image, pos: 1, typ: 'image', lab: input.name }],
    stock: { is_in_stock: input.inStock, qty: input.qty, product_id: id, manage_stock: input.manageStock },
    sell_unit_description: 'Each', sell_unit_amount: 1, product_price_multiplier: 1, minimum_order: 1, lead_time_days: input.leadTimeDays ?? 0,
    description: input.description, technical: '', specifications: [], video: null, new: '0', position: rng.int(500, 1000),
    created_at: new Date(createdMs).toISOString(), updated_at: new Date(createdMs + (ctx.nowMs - createdMs) * rng.next()).toISOString(),
  };
}
