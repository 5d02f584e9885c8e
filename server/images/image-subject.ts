/**
 * What an image path shows. Product paths are `product/{family}/{sku}-{n}.jpg` (the demo
 * catalogue gives categories `product/{family}/category-{key}-1.jpg`); `category/`, `banner/`,
 * `blog/` and `content/{banners|blog|cms|accreditations}/` paths name a slug or id.
 * Anything else is drawn as a neutral tile.
 */

export const PRODUCT_FAMILIES = [
  'anchors',
  'chemical',
  'cavity',
  'screws',
  'bolts',
  'nails',
  'drill-bits',
  'power-tools',
  'hand-tools',
  'adhesives',
  'safety',
  'kits',
  'services',
  'guides',
] as const;
export type ProductFamily = (typeof PRODUCT_FAMILIES)[number];

export type ImageSubject =
  | { kind: 'product'; family: ProductFamily; sku: string; view: number }
  | { kind: 'category'; slug: string; family: ProductFamily | undefined }
  | { kind: 'banner'; id: string; family: ProductFamily | undefined }
  | { kind: 'blog'; slug: string }
  | { kind: 'badge'; name: string }
  | { kind: 'unknown'; name: string };

export function isProductFamily(value: string): value is ProductFamily {
  return (PRODUCT_FAMILIES as readonly string[]).includes(value);
}

const stripExtension = (name: string) => name.replace(/\.[A-Za-z0-9]+$/, '');

/** `path` has no leading slash (see image-request). */
export function describeImagePath(path: string): ImageSubject {
  const segments = path.split('/').filter((s) => s !== '');
  const [area, ...rest] = segments;
  const last = stripExtension(segments[segments.length - 1] ?? '');
  if (area === 'product' && rest.length === 2 && isProductFamily(rest[0] ?? '')) {
    // The view number is the trailing `-{n}`; the SKU itself may contain dashes.
    const match = /^(.+)-(\d{1,3})$/.exec(last);
    const sku = match?.[1] ?? last;
    const view = match ? Math.max(1, Number(match[2])) : 1;
    const family = rest[0] as ProductFamily;
    if (sku.startsWith('category-')) return { kind: 'category', slug: sku.slice('category-'.length), family };
    return { kind: 'product', family, sku: sku.toUpperCase(), view };
  }
  const folder = area === 'content' ? rest[0] : area;
  if (rest.length < (area === 'content' ? 2 : 1)) return { kind: 'unknown', name: last };
  if (folder === 'category') return { kind: 'category', slug: last, family: familyOfSlug(last) };
  if (folder === 'banner' || folder === 'banners' || folder === 'cms') return { kind: 'banner', id: last, family: familyOfSlug(last) };
  if (folder === 'blog') return { kind: 'blog', slug: last };
  if (folder === 'accreditations') return { kind: 'badge', name: last };
  return { kind: 'unknown', name: last };
}

/** A category or banner named after a family (`drill-bits`, `main-anchors`...) gets that family's look. */
function familyOfSlug(slug: string): ProductFamily | undefined {
  const lower = slug.toLowerCase();
  return PRODUCT_FAMILIES.find((f) => lower === f || lower.startsWith(`${f}-`) || lower.endsWith(`-${f}`));
}
