import * as v from 'valibot';

/**
 * Bodies, queries and path params of the content and catalogue-lookup endpoints (SPEC §7 "Content"
 * and "Catalogue"): url mapping, the price render list, CMS, blog, banners and static content.
 * Query values arrive as strings, so numbers are read from digit strings here.
 */

/** SPEC §7: the token may travel in the query, and in multistore a storeCode is appended. */
const sessionParams = {
  token: v.optional(v.pipe(v.string('must be a string'), v.maxLength(4000, 'must be at most 4000 characters'))),
  storeCode: v.optional(v.pipe(v.string('must be a string'), v.maxLength(20, 'must be at most 20 characters'))),
};

const digits = (max: number, min = 0) =>
  v.pipe(
    v.string('must be a whole number'),
    v.regex(/^\d{1,9}$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

const text = (max: number) => v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty'), v.maxLength(max, `must be at most ${max} characters`));

/** A document field by dot path; `__proto__` and friends can never name a field. */
const fieldPath = v.pipe(
  v.string('must be a string'),
  v.maxLength(200, 'must be at most 200 characters'),
  v.regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'must be a field name or dot path (letters, digits, _ and .)'),
  v.check((path) => !path.split('.').some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype'), 'is not an allowed field name'),
);
const fieldList = v.nullish(v.pipe(v.array(fieldPath, 'must be a list of field names'), v.maxLength(500, 'must list at most 500 fields')));

export const MAX_URL_LENGTH = 2000;

/** valibot reads a list as an object with missing fields; say what is really wrong. */
const notAList = v.check((input: unknown) => !Array.isArray(input), 'must be an object');

/** POST /api/url and /api/url/map. `options` is the client's open bag of hints (prefetch, configure). */
const urlMapFields = v.strictObject(
  {
    url: v.pipe(v.string('must be a string'), v.maxLength(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)),
    includeFields: fieldList,
    excludeFields: fieldList,
    options: v.nullish(v.record(v.string(), v.unknown(), 'must be an object')),
    filters: v.nullish(v.strictObject({ sku: v.nullish(text(200)) }, 'must be an object with an optional sku')),
    groupId: v.nullish(v.pipe(v.number('must be a whole number'), v.integer('must be a whole number'), v.minValue(0, 'must be at least 0'))),
    groupToken: v.nullish(v.pipe(v.string('must be a string'), v.maxLength(4000, 'must be at most 4000 characters'))),
  },
  'must be an object',
);
export const urlMapBodySchema = v.pipe(v.unknown(), notAList, urlMapFields);
export type UrlMapBody = v.InferOutput<typeof urlMapBodySchema>;

/** The render list prices at most this many SKUs per call; the client syncs prices in batches. */
export const MAX_RENDER_LIST_SKUS = 200;
/** Room for 200 SKUs of up to 63 characters; Node refuses request lines over 16 KB anyway (431). */
const MAX_SKUS_LENGTH = MAX_RENDER_LIST_SKUS * 64;

/** GET /api/product/render-list. `skus` is checked in the handler so its message is the spec's. */
export const renderListQuerySchema = v.strictObject({
  skus: v.optional(
    v.pipe(
      v.string('must be a comma separated list'),
      v.maxLength(MAX_SKUS_LENGTH, `must be at most ${MAX_SKUS_LENGTH} characters`),
      v.description(`Required: comma separated skus, at most ${MAX_RENDER_LIST_SKUS} (a missing list answers 400 "skus parameter is required")`),
    ),
  ),
  currencyCode: v.optional(v.picklist(['GBP'], 'must be GBP, the only currency of the store')),
  storeId: v.optional(digits(1_000_000)),
  userGroupId: v.optional(digits(1_000_000)),
  ...sessionParams,
});

/** Queries that only carry the session parameters. */
export const sessionQuerySchema = v.strictObject(sessionParams);

export const cmsIdParamsSchema = v.strictObject({ id: digits(2_000_000_000, 1) });
export const cmsIdentifierParamsSchema = v.strictObject({
  identifier: v.pipe(text(200), v.regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - and _')),
  storeId: digits(1_000_000),
});

export const DEFAULT_BLOG_PAGE_SIZE = 10;
export const MAX_BLOG_PAGE_SIZE = 100;

export const blogListQuerySchema = v.strictObject({
  pageSize: v.optional(digits(MAX_BLOG_PAGE_SIZE, 1), String(DEFAULT_BLOG_PAGE_SIZE)),
  currentPage: v.optional(digits(100_000, 1), '1'),
  ...sessionParams,
});

export const blogIdParamsSchema = v.strictObject({ id: digits(2_000_000_000, 1) });
export const blogSlugParamsSchema = v.strictObject({ slug: v.pipe(text(200), v.regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - and _')) });

/** SPEC §3: promoted offers, accreditations and info links come from static JSON. */
export const STATIC_CONTENT_NAMES = ['promoted_offers', 'accreditations', 'info_links'] as const;
export const staticContentParamsSchema = v.strictObject({ name: text(100) });
