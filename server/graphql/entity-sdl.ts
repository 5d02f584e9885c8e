/**
 * Categories, attributes, tax rules and CMS documents of `/graphql`, field for field as POST
 * /api/catalog returns them (schemas/catalog/*). Nullable for the reason the product's fields are:
 * sourceInclude / sourceExclude can leave any field out.
 */
export const ENTITY_SDL = `
"A category (entity type category). The root is id 2, level 1."
type Category {
  id: Int
  name: String
  slug: String
  parent_id: Int
  parent_ids: [Int!]
  "The id chain from the tree root: \\"1/2/20/101\\"."
  path: String
  level: Int
  position: Int
  product_count: Int
  is_active: Boolean
  include_in_menu: Boolean
  url_key: String
  url_path: String
  image: String
  "The subtree below, ids and names only."
  children_data: [CategoryChild!]
  "Customer groups that must not see the category (0 = guests)."
  restricted_customer_groups: [Int!]
  description: String
  meta_title: String
  meta_description: String
}

"A node of a category's subtree."
type CategoryChild {
  id: Int
  name: String
  children_data: [CategoryChild!]
}

"A product attribute (entity type attribute): products hold an option's value under attribute_code."
type Attribute {
  attribute_id: Int
  attribute_code: String
  frontend_label: String
  frontend_input: AttributeInput
  options: [AttributeOption!]
  """The four flags may be stored as "1" / "0" (SPEC §3): read as true / false."""
  is_user_defined: Boolean
  is_visible: Boolean
  is_comparable: Boolean
  is_filterable: Boolean
  position: Int
}

enum AttributeInput {
  select
  multiselect
  boolean
  text
  price
}

type AttributeOption {
  label: String
  value: String
}

"A tax rule (entity type taxrule): the rates for these product and customer tax classes."
type TaxRule {
  id: Int
  code: String
  priority: Int
  product_tax_class_ids: [Int!]
  customer_tax_class_ids: [Int!]
  rates: [TaxRate!]
}

"""A rate for one destination; tax_region_id 0 and tax_postcode "*" cover the whole country."""
type TaxRate {
  id: Int
  code: String
  tax_country_id: String
  tax_region_id: Int
  tax_postcode: String
  "A percentage: 20 for 20 %."
  rate: Float
  region_name: String
}

"A CMS page (entity type cms_page), opened at /i/{identifier}."
type CmsPage {
  id: Int
  identifier: String
  title: String
  "HTML."
  content: String
  content_heading: String
  meta_title: String
  meta_description: String
  active: Boolean
}

"A CMS block (entity type cms_block): a named piece of HTML a page places."
type CmsBlock {
  id: Int
  identifier: String
  title: String
  "HTML."
  content: String
  active: Boolean
}
`;
