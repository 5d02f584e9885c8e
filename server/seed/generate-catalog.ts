import type { Attribute } from '../../schemas/catalog/attribute';
import type { Banner } from '../../schemas/catalog/banner';
import type { BlogPost } from '../../schemas/catalog/blog-post';
import type { Category } from '../../schemas/catalog/category';
import type { CmsBlock } from '../../schemas/catalog/cms-block';
import type { CmsPage } from '../../schemas/catalog/cms-page';
import type { Coupon } from '../../schemas/catalog/coupon';
import type { Product } from '../../schemas/catalog/product';
import type { StaticContent } from '../../schemas/catalog/static-content';
import type { TaxRule } from '../../schemas/catalog/tax-rule';
import { buildAttributes } from './attributes';
import { buildBanners } from './banners';
import { buildBlogPosts } from './blog-posts';
import { addKitsAndBundles } from './bundles-and-kits';
import { fillBulk } from './bulk';
import { fillProductCounts } from './categories';
import { buildCmsBlocks } from './cms-blocks';
import { buildCmsPages } from './cms-pages';
import { addConfigurables } from './configurables';
import { buildCoupons } from './coupons';
import { addEans } from './eans';
import { loadFamilies } from './product-families';
import { addRuleDemos } from './rule-demos';
import { createSeedContext } from './seed-context';
import { addServicesAndGuides } from './services-and-guides';
import { buildStaticContent } from './static-content';
import { buildTaxRules } from './tax-rules';

export interface DemoCatalog {
  categories: Category[];
  attributes: Attribute[];
  products: Product[];
  taxrules: TaxRule[];
  cms_pages: CmsPage[];
  cms_blocks: CmsBlock[];
  blog_posts: BlogPost[];
  banners: Banner[];
  static_content: StaticContent;
  coupons: Coupon[];
}

export interface GenerateOptions {
  /** Approximate number of products; the fixed rule products, kits and configurables count towards it. */
  products: number;
  seed?: number;
  /**
   * Anchors special-price windows, "new" flags and created/updated dates. Defaults to the start of
   * the current UTC day, so a server started twice on one day generates the same catalogue.
   */
  now?: Date;
}

export const DEFAULT_SEED = 20_240_601;

/** Products per repeat of the configurable templates: large catalogues get proportionally more. */
const PRODUCTS_PER_CONFIGURABLE_ROUND = 2000;

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/**
 * Generates the demo catalogue. Deterministic: the same options give byte-identical JSON. Order of
 * building matters only for ids: rule products first (fixed SKUs), then configurables, kits and
 * bundles, services and guides, then the bulk of the range up to the requested size.
 */
export function generateCatalog(options: GenerateOptions): DemoCatalog {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? startOfUtcDay(new Date());
  const ctx = createSeedContext(seed, now);
  const catalogue = loadFamilies();

  addRuleDemos(ctx, catalogue);
  addConfigurables(ctx, catalogue, Math.max(1, Math.round(options.products / PRODUCTS_PER_CONFIGURABLE_ROUND)));
  addKitsAndBundles(ctx, catalogue);
  addServicesAndGuides(ctx);
  fillBulk(ctx, catalogue, options.products - ctx.products.length);
  addEans(ctx.products);

  const { categories } = ctx.categories;
  fillProductCounts(categories, ctx.products);
  return {
    categories,
    attributes: buildAttributes(ctx.measures),
    products: ctx.products,
    taxrules: buildTaxRules(),
    cms_pages: buildCmsPages(),
    cms_blocks: buildCmsBlocks(),
    blog_posts: buildBlogPosts(ctx.nowMs),
    banners: buildBanners(),
    static_content: buildStaticContent(),
    coupons: buildCoupons(ctx.nowMs),
  };
}
