/**
 * Reads the part of an image URL after `/img/`: either `{width}/{height}/{action}/{path...}`
 * or just `{path...}` for the original. Pure, so every rejection rule sits in one place.
 */

export const IMAGE_ACTIONS = ['resize', 'crop', 'fit'] as const;
export type ImageAction = (typeof IMAGE_ACTIONS)[number];

/** Size of the "original" picture; every drawing is made on this canvas. */
export const ORIGINAL_WIDTH = 600;
export const ORIGINAL_HEIGHT = 744;
export const MIN_SIDE = 16;
export const MAX_SIDE = 1200;
const MAX_PATH_LENGTH = 200;

export interface ImageRequest {
  width: number;
  height: number;
  action: ImageAction;
  /** The image path without its leading slash, e.g. `product/bolts/blt-m8-1.jpg`. */
  path: string;
}

export type ParsedImageRequest = { ok: true; value: ImageRequest } | { ok: false; message: string };

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** `rest` is the decoded wildcard after `/img/`. */
export function parseImageRequest(rest: string): ParsedImageRequest {
  const parts = rest.split('/');
  const sized = parts.length >= 4 && /^\d+$/.test(parts[0] ?? '') && /^\d+$/.test(parts[1] ?? '');
  if (!sized) {
    const path = checkPath(rest);
    if (typeof path !== 'string') return path;
    return { ok: true, value: { width: ORIGINAL_WIDTH, height: ORIGINAL_HEIGHT, action: 'resize', path } };
  }
  const width = checkSide('width', parts[0] ?? '');
  if (typeof width !== 'number') return width;
  const height = checkSide('height', parts[1] ?? '');
  if (typeof height !== 'number') return height;
  const action = parts[2] ?? '';
  if (!(IMAGE_ACTIONS as readonly string[]).includes(action)) {
    return { ok: false, message: `action: must be one of ${IMAGE_ACTIONS.join(', ')}` };
  }
  const path = checkPath(parts.slice(3).join('/'));
  if (typeof path !== 'string') return path;
  return { ok: true, value: { width, height, action: action as ImageAction, path } };
}

function checkSide(name: string, raw: string): number | { ok: false; message: string } {
  const value = raw.length <= 5 ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < MIN_SIDE || value > MAX_SIDE) {
    return { ok: false, message: `${name}: must be a whole number of pixels between ${MIN_SIDE} and ${MAX_SIDE}` };
  }
  return value;
}

/** Only plain relative paths of letters, digits, dot, dash and underscore: no way out of the tree. */
function checkPath(path: string): string | { ok: false; message: string } {
  if (path === '') return { ok: false, message: 'path: an image path is required' };
  if (path.length > MAX_PATH_LENGTH) return { ok: false, message: `path: must be at most ${MAX_PATH_LENGTH} characters` };
  if (path.startsWith('/') || path.includes('\\') || /^[A-Za-z]:/.test(path)) {
    return { ok: false, message: 'path: must be relative, not absolute' };
  }
  const segments = path.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return { ok: false, message: 'path: must not contain "." or ".." segments' };
  if (!segments.every((s) => SEGMENT.test(s))) {
    return { ok: false, message: 'path: may only contain letters, digits, ".", "-", "_" and "/"' };
  }
  return path;
}
