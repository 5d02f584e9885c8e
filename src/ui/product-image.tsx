import { IMAGE_SIZES, responsiveImage, type ImageSize } from '../domain/images/image-url';
import { FallbackImage, ImagePlaceholder } from './fallback-image';

interface Props {
  path: string | undefined;
  size: ImageSize;
  alt: string;
  eager?: boolean;
  className?: string;
}

/**
 * An image at a catalogue size, always with width and height so the page does not shift while it
 * loads, and with a srcset where the size has one (a phone fetches the picture it draws). A product
 * without a picture, or whose picture cannot load, shows the drawn placeholder.
 */
export function ProductImage({ path, size, alt, eager, className }: Props) {
  const [width, height] = IMAGE_SIZES[size];
  if (!path) return <ImagePlaceholder className={className} alt={alt} width={width} height={height} />;
  const image = responsiveImage(path, size);
  return <FallbackImage className={`product-image ${className ?? ''}`} src={image.src} srcSet={image.srcSet} sizes={image.sizes} alt={alt} width={width} height={height} loading={eager ? 'eager' : 'lazy'} decoding="async" />;
}
