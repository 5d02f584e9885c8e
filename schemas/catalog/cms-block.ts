import * as v from 'valibot';
import { idSchema, nameSchema } from './fields';

/** A CMS block: a named piece of HTML a page places somewhere (home hero, footer text). */
export const cmsBlockSchema = v.looseObject({
  id: idSchema,
  identifier: v.pipe(nameSchema, v.regex(/^[a-z0-9-]+$/, 'Identifiers are lower-case words joined by dashes')),
  title: nameSchema,
  content: v.string(),
  active: v.boolean(),
});

export type CmsBlock = v.InferOutput<typeof cmsBlockSchema>;
