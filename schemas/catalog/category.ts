import * as v from 'valibot';
import { countSchema, groupIdSchema, idSchema, nameSchema } from './fields';

/** A node of the nested `children_data` tree: ids and names only, as the menu needs them. */
export interface CategoryChild {
  id: number;
  name: string;
  children_data?: CategoryChild[];
}

const categoryChildSchema: v.GenericSchema<CategoryChild> = v.object({
  id: idSchema,
  name: v.string(),
  children_data: v.optional(v.array(v.lazy(() => categoryChildSchema))),
});

/**
 * A category (SPEC §3). The root is id 2 ("Default Category", level 1); breadcrumbs leave out ids
 * from 809 up (SPEC §9). `restricted_customer_groups` lists the groups that must NOT see it
 * (0 = guests). `path` is the id chain from the tree root, e.g. "1/2/20/101".
 */
export const categorySchema = v.object({
  id: idSchema,
  name: nameSchema,
  slug: nameSchema,
  parent_id: countSchema,
  parent_ids: v.optional(v.array(countSchema)),
  path: v.optional(v.string()),
  level: countSchema,
  position: v.optional(countSchema),
  product_count: v.optional(countSchema),
  is_active: v.boolean(),
  include_in_menu: v.optional(v.boolean()),
  url_key: nameSchema,
  url_path: nameSchema,
  image: v.nullish(v.string()),
  children_data: v.optional(v.array(categoryChildSchema)),
  restricted_customer_groups: v.optional(v.array(groupIdSchema)),
  description: v.optional(v.string()),
  meta_title: v.optional(v.string()),
  meta_description: v.optional(v.string()),
});

export type Category = v.InferOutput<typeof categorySchema>;
