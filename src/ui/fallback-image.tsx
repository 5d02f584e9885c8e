import { useEffect, useRef, useState, type CSSProperties, type ImgHTMLAttributes } from 'react';
import { Icon } from './icons';

type Phase = 'loading' | 'loaded' | 'failed';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'width' | 'height' | 'alt' | 'src'> & { src: string; alt: string; width: number; height: number };

/**
 * An image that shows the drawn placeholder while it loads (as its background) and in its place when
 * it cannot load (offline and not on the device, or gone): never the browser's broken-image icon.
 * Width and height always given, so nothing shifts either way.
 */
export function FallbackImage(props: Props) {
  // Another picture (a gallery thumbnail chosen) starts loading afresh.
  return <ImageOrPlaceholder key={props.src} {...props} />;
}

function ImageOrPlaceholder({ className, alt, width, height, ...img }: Props) {
  const [phase, setPhase] = useState<Phase>('loading');
  const ref = useRef<HTMLImageElement>(null);
  // The server-rendered image may have loaded or failed before React attached its handlers.
  useEffect(() => {
    const element = ref.current;
    if (!element?.complete || !element.currentSrc) return;
    setPhase(element.naturalWidth > 0 ? 'loaded' : 'failed');
  }, []);
  if (phase === 'failed') return <ImagePlaceholder className={className} alt={alt} width={width} height={height} />;
  return <img ref={ref} {...img} className={`shop-image is-${phase} ${className ?? ''}`} alt={alt} width={width} height={height} onLoad={() => setPhase('loaded')} onError={() => setPhase('failed')} />;
}

/** The drawn stand-in for a picture: a frame of the picture's proportions with a picture icon. */
export function ImagePlaceholder({ className, alt, width, height }: { className?: string | undefined; alt: string; width: number; height: number }) {
  return (
    <span className={`image-placeholder ${className ?? ''}`} style={{ '--ratio': `${width} / ${height}` } as CSSProperties} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true} data-image-missing="">
      <Icon name="image" />
    </span>
  );
}
