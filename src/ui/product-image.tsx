import { IMAGE_SIZES, imageUrl } from './image-url';

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
