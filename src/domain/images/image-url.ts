/**
 * Image URLs of the image endpoint (`/img/{width}/{height}/{action}/{path}`), shared by the browser's
 * components and the server (render head tags, preload hints): the server's preload is then exactly
 * the request the page makes.
 */

/** Catalogue sizes (SPEC §9): thumbnails 324x489, cart 210x300, gallery 600x744. */
export const IMAGE_SIZES = {
  thumbnail: [324, 489],
  cart: [210, 300],
  gallery: [600, 744],
} as const;

export type ImageSize = keyof typeof IMAGE_SIZES;

/** Home banners are cropped to fill this box. */
export const BANNER_SIZE = [600, 300] as const;

/** `resize` keeps the whole picture inside the box; `crop` fills the box (banners). */
export function imageUrl(path: string, width: number, height: number, action: 'resize' | 'crop' = 'resize'): string {
  return `/img/${width}/${height}/${action}${path.startsWith('/') ? path : `/${path}`}`;
}

export const bannerImageUrl = (path: string) => imageUrl(path, BANNER_SIZE[0], BANNER_SIZE[1], 'crop');

/**
 * Widths offered besides the catalogue size, and the width each is drawn at (from app.css: tiles in
 * 2 columns less the page and tile padding on a phone, 3 from 700 px, 4 from 900 px; the gallery at
 * most 42vh tall below 900 px).
 * A phone draws a tile at about 171 px wide: it downloads the small picture, not the 324 px one.
 */
const RESPONSIVE: Partial<Record<ImageSize, { widths: readonly number[]; sizes: string }>> = {
  thumbnail: { widths: [171, 324, 648], sizes: '(max-width: 699px) calc(50vw - 2rem), (max-width: 899px) calc(33vw - 1.5rem), 324px' },
  gallery: { widths: [300, 600, 960], sizes: '(max-width: 899px) min(100vw, 34vh), 600px' },
};

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

/** A picture at a catalogue size, with a srcset of the same box scaled (the endpoint keeps sides within 16–1200 px). */
export function responsiveImage(path: string, size: ImageSize): ResponsiveImage {
  const [width, height] = IMAGE_SIZES[size];
  const responsive = RESPONSIVE[size];
  const src = imageUrl(path, width, height);
  if (!responsive) return { src, width, height };
  const srcSet = responsive.widths.map((w) => `${imageUrl(path, w, Math.round((w * height) / width))} ${w}w`).join(', ');
  return { src, srcSet, sizes: responsive.sizes, width, height };
}
