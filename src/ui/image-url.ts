/** Catalogue sizes (SPEC §9): thumbnails 324x489, cart 210x300, gallery 600x744. */
export const IMAGE_SIZES = {
  thumbnail: [324, 489],
  cart: [210, 300],
  gallery: [600, 744],
} as const;

/** Home banners are cropped to fill this box. */
export const BANNER_SIZE = [600, 300] as const;

/**
 * `resize` keeps the whole picture inside the box; `crop` fills the box (banners). The server builds
 * the same URLs for its preload hints, so the browser's early fetch is the one the page then uses.
 */
export function imageUrl(path: string, width: number, height: number, action: 'resize' | 'crop' = 'resize'): string {
  return `/img/${width}/${height}/${action}${path.startsWith('/') ? path : `/${path}`}`;
}

export const bannerImageUrl = (path: string) => imageUrl(path, BANNER_SIZE[0], BANNER_SIZE[1], 'crop');
