import { MAX_SIDE } from './image-request';

/**
 * The picture sizes the shop draws. Any asked-for box is answered with the nearest of a few shapes
 * (height over width) at the next width up from a short list, so one image has a bounded number of
 * renderings however many sizes a client invents. The shapes and widths are those the pages ask
 * for (src/domain/images/image-url: tiles 171/324/648 x 1.509, cart 210x300, gallery 300/600/960 x
 * 1.24, banners 600x300; blog pages 480x270 and 960x540), which therefore come out unchanged.
 */
const SHAPES = [489 / 324, 300 / 210, 744 / 600, 300 / 600, 270 / 480] as const;
export const SNAP_WIDTHS = [171, 210, 300, 324, 480, 600, 648, 960] as const;

export interface Box {
  width: number;
  height: number;
}

const nearestShape = (ratio: number) =>
  SHAPES.reduce((best, shape) => (Math.abs(Math.log(shape / ratio)) < Math.abs(Math.log(best / ratio)) ? shape : best));

/** The drawn box for an asked-for one: the nearest shape, at the smallest listed width at least as wide that fits MAX_SIDE. */
export function snapBox(asked: Box): Box {
  const shape = nearestShape(asked.height / asked.width);
  const fitting = SNAP_WIDTHS.filter((width) => Math.round(width * shape) <= MAX_SIDE);
  const width = fitting.find((w) => w >= asked.width) ?? fitting[fitting.length - 1] ?? SNAP_WIDTHS[0];
  // Rounded as the pages round their srcset heights, so their boxes snap to themselves.
  return { width, height: Math.round(width * shape) };
}
