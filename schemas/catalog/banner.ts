import * as v from 'valibot';
import { countSchema, flagSchema, idSchema, nameSchema, urlSchema } from './fields';

/** A home page banner; only banners with status 1 are shown (SPEC §2, §7). */
export const bannerSchema = v.looseObject({
  id: idSchema,
  title: nameSchema,
  subtitle: v.optional(v.string()),
  image: urlSchema,
  link: v.string(),
  status: flagSchema,
  position: countSchema,
});

export type Banner = v.InferOutput<typeof bannerSchema>;
