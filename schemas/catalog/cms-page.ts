import * as v from 'valibot';
import { idSchema, nameSchema } from './fields';

/**
 * A CMS page, opened at /i/{identifier} (SPEC §2). `content` is HTML written in the CMS; the page
 * renders it as trusted markup, so imports must only carry safe tags.
 */
export const cmsPageSchema = v.looseObject({
  id: idSchema,
  identifier: v.pipe(nameSchema, v.regex(/^[a-z0-9-]+$/, 'Identifiers are lower-case words joined by dashes')),
  title: nameSchema,
  content: v.string(),
  content_heading: v.optional(v.string()),
  meta_title: v.optional(v.string()),
  meta_description: v.optional(v.string()),
  active: v.boolean(),
});

export type CmsPage = v.InferOutput<typeof cmsPageSchema>;
