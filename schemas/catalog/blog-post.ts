import * as v from 'valibot';
import { idSchema, isoDateSchema, nameSchema } from './fields';

/** A "Latest news" post, opened at /latest-news/{id}/{slug}. `content` is CMS HTML. */
export const blogPostSchema = v.looseObject({
  id: idSchema,
  slug: nameSchema,
  title: nameSchema,
  short_content: v.string(),
  content: v.string(),
  published_at: isoDateSchema,
  author: v.string(),
  image: v.optional(v.string()),
  tags: v.optional(v.array(v.string())),
});

export type BlogPost = v.InferOutput<typeof blogPostSchema>;
