import * as v from 'valibot';

/** Field schemas shared by the catalogue entities, so every entity reads ids, money and dates alike. */

/** Database ids: positive whole numbers. */
export const idSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** Counts, positions and levels: whole numbers from 0. */
export const countSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** Customer group ids (0 guest, 1 trade, ...) and tax class ids. */
export const groupIdSchema = countSchema;

/** Money in the API documents: a decimal amount in GBP excluding tax, e.g. 12.49. Never negative. */
export const moneySchema = v.pipe(v.number(), v.finite(), v.minValue(0));

/** A percentage such as a tax rate (20 for 20 %). */
export const percentSchema = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100));

/**
 * Timestamps travel as ISO 8601 strings ("2025-03-01T09:30:00.000Z"). Imports from older systems
 * often write "2025-03-01 09:30:00", so anything Date can read is accepted.
 */
export const isoDateSchema = v.pipe(
  v.string(),
  v.check((value) => !Number.isNaN(Date.parse(value)), 'Invalid date: Expected an ISO 8601 date'),
);

/** An optional date bound of a window: absent or null means open-ended. */
export const windowBoundSchema = v.nullish(isoDateSchema);

/** Non-empty text for names, codes and identifiers. */
export const nameSchema = v.pipe(v.string(), v.trim(), v.nonEmpty());

/**
 * Attribute option values are strings without dots: SPEC §5 skips filter values that contain
 * a dot, so a dotted value could never be filtered on.
 */
export const optionValueSchema = v.pipe(
  v.string(),
  v.nonEmpty(),
  v.check((value) => !value.includes('.'), 'Option values must not contain a dot'),
);

/** A site-relative link or image path ("/product/anchors/tb-m10-100-z-1.jpg") or an absolute URL. */
export const urlSchema = v.pipe(v.string(), v.nonEmpty());

/** Active flags: SPEC uses 1 for active (banners) and 0 for inactive. */
export const flagSchema = v.picklist([0, 1]);
