/** Catalogue sizes (SPEC §9): thumbnails 324x489, cart 210x300, gallery 600x744. */
export const IMAGE_SIZES = {
  thumbnail: [324, 489],
  cart: [210, 300],
  gallery: [600, 744],
} as const;

/** `resize` keeps the whole picture inside the box; `crop` fills the box (banners). */
export function imageUrl(path: string, width: number, height: number, action: 'resize' | 'crop' = 'resize'): string {
  return `/img/${width}/${height}/${action}${path.startsWith('/') ? path : `/${path}`}`;
}

interface Props {
  path: string | undefined;
  size: keyof typeof IMAGE_SIZES;
  alt: string;
  eager?: boolean;
  className?: string;
}

/** An image at a catalogue size, always with width and height so the page does not shift while it loads. */
export function ProductImage({ path, size, alt, eager, className }: Props) {
  const [width, height] = IMAGE_SIZES[size];
  if (!path) return <span className={`image-placeholder ${className ?? ''}`} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />;
  return <img className={className} src={imageUrl(path, width, height)} alt={alt} width={width} height={height} loading={eager ? 'eager' : 'lazy'} decoding="async" />;
}
