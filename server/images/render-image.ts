import sharp from 'sharp';
import { drawPicture } from './draw-picture';
import { ORIGINAL_HEIGHT, ORIGINAL_WIDTH, type ImageRequest } from './image-request';

export type ImageFormat = 'webp' | 'jpeg';

export const CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };
const QUALITY = 78;
/** Letterbox colour of `resize` (contain): light, so it blends into the shop's pages. */
const LIGHT_BACKGROUND = { r: 248, g: 248, b: 246, alpha: 1 };

/** VSF's actions: `resize` keeps the whole picture in the box, `crop` fills it, `fit` fits inside. */
const FIT = { resize: 'contain', crop: 'cover', fit: 'inside' } as const;

/** WebP for browsers that say they take it, JPEG for everything else. */
export function formatFor(accept: string | undefined): ImageFormat {
  return accept?.includes('image/webp') ? 'webp' : 'jpeg';
}

/**
 * Draws the picture and rasterises it. The SVG is rendered at the density the target needs
 * (not at 600x744 and then enlarged) so large sizes stay sharp. All work is in libvips threads.
 */
export async function renderImage(request: ImageRequest, format: ImageFormat): Promise<Buffer> {
  const { width, height, action, path } = request;
  const ratios = [width / ORIGINAL_WIDTH, height / ORIGINAL_HEIGHT];
  const scale = action === 'crop' ? Math.max(...ratios) : Math.min(...ratios);
  const density = Math.min(1000, Math.max(8, 72 * scale * 1.05));
  const image = sharp(Buffer.from(drawPicture(path)), { density })
    .resize(width, height, { fit: FIT[action], background: LIGHT_BACKGROUND, position: 'centre' })
    .flatten({ background: LIGHT_BACKGROUND });
  return format === 'webp' ? image.webp({ quality: QUALITY }).toBuffer() : image.jpeg({ quality: QUALITY, progressive: true }).toBuffer();
}
