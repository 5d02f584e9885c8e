import { IMAGE_SIZES, responsiveImage, type ImageSize } from '../domain/images/image-url';

interface Props {
  path: string | undefined;
  size: ImageSize;
  alt: string;
  eager?: boolean;
  className?: string;
}

/**
 * An image at a catalogue size, always with width and height so the page does not shift while it
 * loads, and with a srcset where the size has one (a phone fetches the picture it draws).
 */
export function ProductImage({ path, size, alt, eager, className }: Props) {
  const [width, height] = IMAGE_SIZES[size];
  if (!path) return <span className={`image-placeholder ${className ?? ''}`} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />;
  const image = responsiveImage(path, size);
  return <img className={className} src={image.src} srcSet={image.srcSet} sizes={image.sizes} alt={alt} width={width} height={height} loading={eager ? 'eager' : 'lazy'} decoding="async" />;
}
