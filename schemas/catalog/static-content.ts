import * as v from 'valibot';
import { nameSchema, urlSchema } from './fields';

/** A linked picture with a title, used by the promoted offers. */
export const promoSchema = v.looseObject({
  title: nameSchema,
  subtitle: v.optional(v.string()),
  image: urlSchema,
  link: v.string(),
});

/**
 * The static JSON the home page and footer read (SPEC §3 "Other"): promoted offers, the trade
 * accreditations strip and the footer's information links. Stored one document per key.
 */
export const staticContentSchema = v.looseObject({
  promoted_offers: v.looseObject({
    mainBanner: promoSchema,
    smallBanners: v.array(promoSchema),
  }),
  accreditations: v.array(v.object({ name: nameSchema, image: urlSchema, link: v.string() })),
  info_links: v.array(v.object({ title: nameSchema, link: v.string() })),
});

export type StaticContent = v.InferOutput<typeof staticContentSchema>;
