import type { Product } from '../../schemas/catalog/product';
import type { CategoryRef, Specification } from '../../schemas/catalog/product-parts';
import { attributeDef, optionLabel } from './attributes';
import { customOptions } from './custom-options';
import { productImage, slugify } from './image-paths';
import { finalPrice, makeSpecial, tierPrices } from './pricing';
import type { Rng } from './rng';
import type { SeedContext } from './seed-context';
import type { Traits } from './traits';
import type { Brand, VariantSpec } from './variant-spec';

const DAY = 86_400_000;
/** Products created in the last 5 % of the year are flagged new=1 (SPEC §9). */
const NEW_WITHIN_DAYS = 365 * 0.05;
const CLEARANCE = 'clearance';
/** Boxes of this many items or more go to Trade Only > Bulk Buy, smaller trade packs to Trade Packs. */
const BULK_ITEMS = 1000;

export interface Issue {
  sku: string;
  name: string;
  price: number;
  brand: Brand;
}

/** Name with the sell unit, as shoppers see it: "Through Bolt M10 x 100mm Bright Zinc Plated (Box of 50)". */
export function displayName(spec: VariantSpec, brandName: string): string {
  const base = brandName ? `${brandName} ${spec.name}` : spec.name;
  return spec.pack.items > 1 || spec.pack.description.startsWith('Tub') ? `${base} (${spec.pack.description})` : base;
}

/**
 * Parts that are the same for every issue of a line (specification table, keywords, category links)
 * are built once and shared, frozen so that a change meant for one product fails loudly instead of
 * changing thousands. At 100,000 products this cuts the heap by about a third (330 to 215 MB).
 */
type LineParts = { specifications: readonly Specification[]; keywords: readonly string[] };
type Placement = { ids: readonly number[]; refs: readonly CategoryRef[] };
/** Per catalogue being generated, so the measures of every catalogue are collected. */
const caches = new WeakMap<SeedContext, { lines: WeakMap<VariantSpec, LineParts>; placements: Map<string, Placement> }>();

function cacheOf(ctx: SeedContext) {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = { lines: new WeakMap(), placements: new Map() }));
  return cache;
}

function lineParts(ctx: SeedContext, spec: VariantSpec): LineParts {
  const shared = cacheOf(ctx).lines;
  let parts = shared.get(spec);
  if (!parts) {
    const specifications = Object.entries(spec.attrs).map(([code, value]) => {
      ctx.measures.add(code, value);
      return Object.freeze({ label: attributeDef(code).label, value: optionLabel(code, value) });
    });
    for (const [label, value] of spec.specs ?? []) specifications.push(Object.freeze({ label, value }));
    specifications.push(Object.freeze({ label: 'Sold as', value: spec.pack.description }));
    parts = { specifications: Object.freeze(specifications), keywords: Object.freeze([...spec.keywords]) };
    shared.set(spec, parts);
  }
  return parts;
}

function placement(ctx: SeedContext, spec: VariantSpec, clearance: boolean): Placement {
  const placements = cacheOf(ctx).placements;
  // Trade packs live only under Trade Only, which guests cannot see (restricted_customer_groups [0]).
  const home = spec.trade ? (spec.pack.items >= BULK_ITEMS ? 'bulk-buy' : 'trade-packs') : spec.category;
  const key = `${home}|${clearance}`;
  let found = placements.get(key);
  if (!found) {
    const ids: number[] = [];
    const refs: CategoryRef[] = [];
    for (const k of [home, ...(clearance ? [CLEARANCE] : [])]) {
      const p = ctx.categories.placement(k);
      p.ids.forEach((id, i) => {
        if (ids.includes(id)) return;
        ids.push(id);
        refs.push(Object.freeze({ category_id: id, name: p.refs[i]?.name ?? '' }));
      });
    }
    found = { ids: Object.freeze(ids), refs: Object.freeze(refs) };
    placements.set(key, found);
  }
  return found;
}

/** Builds one simple, virtual or downloadable product from a size of a product line. */
export function buildProduct(ctx: SeedContext, spec: VariantSpec, issue: Issue, traits: Traits, rng: Rng): Product {
  const id = ctx.nextProductId();
  const { sku, price } = issue;
  const slug = slugify(`${issue.name.replace(/ \([^)]*\)$/, '')} ${sku}`);
  const special = makeSpecial(traits.special, price, ctx.nowMs, rng);
  const createdMs = ctx.nowMs - traits.createdDaysAgo * DAY;
  const updatedMs = createdMs + (ctx.nowMs - createdMs) * traits.updatedFraction;
  const where = placement(ctx, spec, traits.clearance);
  const images = Array.from({ length: traits.images }, (_, i) => productImage(spec.family, sku, i + 1));
  const parts = lineParts(ctx, spec);

  const product: Product = {
    id, sku, name: issue.name, slug, type_id: spec.type ?? 'simple', status: traits.status, visibility: traits.visibility,
    url_key: slug, url_path: slug, keywords: parts.keywords as string[], category_ids: where.ids as number[], category: where.refs as CategoryRef[],
    price, original_price: price, final_price: finalPrice(price, special, ctx.nowMs),
    special_price: special?.special_price ?? null, special_from_date: special?.special_from_date ?? null, special_to_date: special?.special_to_date ?? null,
    tax_class_id: spec.taxClass ?? 2, tier_prices: traits.tiers ? tierPrices(price, traits.tradeTiers) : [],
    image: images[0], thumbnail: images[0],
    media_gallery: images.map((image, i) => ({ image, pos: i + 1, typ: 'image' as const, lab: i === 0 ? issue.name : `${issue.name} view ${i + 1}` })),
    stock: { is_in_stock: traits.inStock, qty: traits.qty, product_id: id, manage_stock: traits.manageStock },
    sell_unit_description: spec.pack.description, sell_unit_amount: spec.pack.amount, product_price_multiplier: spec.pack.items,
    minimum_order: spec.trade ? 5 : 1, lead_time_days: traits.leadTimeDays,
    description: spec.description, technical: spec.technical ?? '', specifications: parts.specifications as Specification[],
    video: traits.video ? { url: `/media/video/${sku.toLowerCase()}.mp4`, title: `${issue.name} in use` } : null,
    new: traits.createdDaysAgo < NEW_WITHIN_DAYS ? '1' : '0', position: traits.position,
    created_at: new Date(createdMs).toISOString(), updated_at: new Date(updatedMs).toISOString(),
    ...spec.attrs,
  };
  if (spec.customOptions?.length) product.custom_options = customOptions(spec.customOptions, ctx.nextOptionId);
  return product;
}
