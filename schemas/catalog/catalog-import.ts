import * as v from 'valibot';
import { attributeSchema } from './attribute';
import { bannerSchema } from './banner';
import { blogPostSchema } from './blog-post';
import { categorySchema } from './category';
import { cmsBlockSchema } from './cms-block';
import { cmsPageSchema } from './cms-page';
import { idSchema } from './fields';
import { productSchema } from './product';
import { taxRuleSchema } from './tax-rule';

/**
 * A product in an import: the stored shape, but `id` may be left out. Shop owners key their
 * products by SKU; the import gives an existing SKU its id and a new SKU the next free one.
 */
export const importProductSchema = v.looseObject({ ...productSchema.entries, id: v.optional(idSchema) });
export type ImportProduct = v.InferOutput<typeof importProductSchema>;

/**
 * A catalogue file for `npm run catalog:import -- FILE.json`. Every section is optional; an unknown
 * section is an error rather than silently ignored, so a typo ("product") cannot import nothing.
 */
export const catalogImportSchema = v.strictObject({
  products: v.optional(v.array(importProductSchema)),
  categories: v.optional(v.array(categorySchema)),
  attributes: v.optional(v.array(attributeSchema)),
  taxrules: v.optional(v.array(taxRuleSchema)),
  cms_pages: v.optional(v.array(cmsPageSchema)),
  cms_blocks: v.optional(v.array(cmsBlockSchema)),
  blog_posts: v.optional(v.array(blogPostSchema)),
  banners: v.optional(v.array(bannerSchema)),
});

export type CatalogImport = v.InferOutput<typeof catalogImportSchema>;

export type CatalogImportResult = { ok: true; value: CatalogImport } | { ok: false; message: string };

export const CATALOG_SECTIONS = Object.keys(catalogImportSchema.entries) as (keyof CatalogImport)[];

/** Writes an issue path the way a person reads JSON: `products[3].sku`. */
export function formatIssuePath(path: readonly { key: unknown; type: string }[] | undefined): string {
  let out = '';
  for (const item of path ?? []) {
    if (item.type === 'array' || typeof item.key === 'number') out += `[${String(item.key)}]`;
    else out += out ? `.${String(item.key)}` : String(item.key);
  }
  return out;
}

/** Validates a parsed catalogue file; the message names the first problem and where it is. */
export function parseCatalogImport(input: unknown): CatalogImportResult {
  // valibot treats arrays as objects; a file that is a bare list of products is a common slip.
  if (Array.isArray(input)) return { ok: false, message: 'Invalid type: Expected Object but received Array' };
  // abortEarly: a 100,000-product file with a systematic mistake would otherwise collect 100,000 issues.
  const result = v.safeParse(catalogImportSchema, input, { abortEarly: true });
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const where = formatIssuePath(issue.path);
  if (issue.type === 'strict_object' && where && !where.includes('.') && !where.includes('[')) {
    return { ok: false, message: `${where}: Unknown section; expected one of ${CATALOG_SECTIONS.join(', ')}` };
  }
  const message = issue.input === undefined && issue.kind === 'schema' ? 'Required field is missing' : issue.message;
  return { ok: false, message: where ? `${where}: ${message}` : message };
}
