import * as v from 'valibot';
import { countSchema, idSchema, nameSchema, optionValueSchema } from './fields';

export const attributeOptionSchema = v.object({
  label: v.string(),
  value: optionValueSchema,
});
export type AttributeOption = v.InferOutput<typeof attributeOptionSchema>;

/** SPEC §3 allows "1" as well as true for comparable attributes. */
const flag = v.optional(v.union([v.boolean(), v.picklist(['0', '1'])]));

/**
 * A product attribute with its options (SPEC §3). Products store the option `value` in a field named
 * by `attribute_code`; values never contain a dot because filters skip dotted values (SPEC §5).
 */
export const attributeSchema = v.object({
  attribute_id: idSchema,
  attribute_code: v.pipe(nameSchema, v.regex(/^[a-z][a-z0-9_]*$/, 'Attribute codes are lower_snake_case')),
  frontend_label: v.string(),
  frontend_input: v.optional(v.picklist(['select', 'multiselect', 'boolean', 'text', 'price'])),
  options: v.array(attributeOptionSchema),
  is_user_defined: flag,
  is_visible: flag,
  is_comparable: flag,
  is_filterable: flag,
  position: v.optional(countSchema),
});

export type Attribute = v.InferOutput<typeof attributeSchema>;
