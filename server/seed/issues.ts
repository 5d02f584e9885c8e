import { brandIssue } from './brands';
import type { FamilyCatalogue } from './product-families';
import { buildProduct, displayName, type Issue } from './products';
import { rngFor, type Rng } from './rng';
import type { SeedContext } from './seed-context';
import { drawTraits, type Traits } from './traits';
import { retail, type Brand, type VariantSpec } from './variant-spec';

/**
 * An "issue" is one brand selling one size. Issue 0 is the line as written (house brand, or the
 * first tool platform); later issues go round the family's brands, then numbered series.
 */
export function issueBrand(brands: readonly Brand[], n: number) {
  const { brand, series } = brandIssue(brands, n);
  const code = series === 0 ? brand.code : `${brand.code || 'TR'}${series + 1}`;
  const name = series === 0 ? brand.name : `${brand.name || 'Trade'} Series ${series + 1}`;
  return { brand, series, code, name };
}

/** The SKU issue n of a line sells under: the brand code (and series) before the line's SKU. */
export function issueSku(brands: readonly Brand[], sku: string, n: number): string {
  const { code } = issueBrand(brands, n);
  return code ? `${code}-${sku}` : sku;
}

export function issueOf(spec: VariantSpec, brands: readonly Brand[], n: number, rng: Rng): Issue {
  const { brand, series, name: brandName } = issueBrand(brands, n);
  const sku = issueSku(brands, spec.sku, n);
  // Issue 0 keeps the written price exactly, so tests and docs can quote it.
  const price = n === 0 ? spec.price : retail(spec.price * brand.priceFactor * (1 + 0.02 * series) * rng.float(0.96, 1.04));
  return { sku, name: displayName(spec, brandName), price: spec.price === 0 ? 0 : price, brand };
}

export interface MakeOptions {
  /** Fix traits the rule under test depends on; the rest stay random. */
  traits?: Partial<Traits>;
  keywords?: readonly string[];
  description?: string;
}

/** Builds issue n of a line, with its own random stream (seed + SKU). */
export function makeIssue(ctx: SeedContext, spec: VariantSpec, brands: readonly Brand[], n: number, options: MakeOptions = {}) {
  const probe = issueOf(spec, brands, n, rngFor(ctx.seed, `${spec.sku}#${n}`));
  const rng = rngFor(ctx.seed, probe.sku);
  const traits = { ...drawTraits(spec, rng), ...options.traits };
  const product = buildProduct(ctx, spec, probe, traits, rng);
  if (options.keywords) product.keywords = [...(product.keywords ?? []), ...options.keywords];
  if (options.description !== undefined) product.description = options.description;
  return ctx.add(product);
}

/** Traits for a product another product depends on (kit member, bundle choice): on sale and in stock. */
export const AVAILABLE: Partial<Traits> = { status: 1, visibility: 4, inStock: true, qty: 250, leadTimeDays: 0 };

/** The product for a core SKU (issue 0 of its line), building it on first use. */
export function ensureCore(ctx: SeedContext, catalogue: FamilyCatalogue, sku: string, options: MakeOptions = {}) {
  const existing = ctx.bySku.get(sku);
  if (existing) return existing;
  const line = catalogue.core.get(sku);
  if (!line) throw new Error(`No product line has SKU ${sku}`);
  return makeIssue(ctx, line.spec, [line.brand], 0, options);
}
