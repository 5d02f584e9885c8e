/**
 * Product images are drawn by the server's image endpoint from the path alone, so the path carries
 * what it needs: `/product/{family}/{sku-lowercase}-{n}.jpg`. The family picks the picture.
 */
export const IMAGE_FAMILIES = [
  'anchors', 'chemical', 'cavity', 'screws', 'bolts', 'nails', 'drill-bits', 'power-tools',
  'hand-tools', 'adhesives', 'safety', 'kits', 'services', 'guides',
] as const;

export type ImageFamily = (typeof IMAGE_FAMILIES)[number];

export function productImage(family: ImageFamily, sku: string, n: number): string {
  return `/product/${family}/${sku.toLowerCase()}-${n}.jpg`;
}

/** Content pictures (banners, blog, CMS) follow the same idea under their own folder. */
export function contentImage(kind: 'banners' | 'blog' | 'cms' | 'accreditations', name: string): string {
  return `/content/${kind}/${name}.jpg`;
}

/** Lower-case words joined by dashes, for slugs and url keys ("M10 x 100mm" → "m10-x-100mm"). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/(\d)\.(\d)/g, '$1-$2')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
