/**
 * The product of `/graphql`, field for field the document POST /api/catalog returns (SPEC §3,
 * schemas/catalog/product.ts). Every field is nullable: sourceInclude / sourceExclude can leave any
 * of them out, and an import may leave out the optional ones. Names are the documents' own, so a
 * selected field and a sourceInclude path are the same word.
 */
export const PRODUCT_SDL = `
"A catalogue product (entity type product). Prices are decimal GBP excluding tax."
type Product {
  id: Int
  sku: String
  name: String
  slug: String
  type_id: ProductType
  "1 enabled; 2 or higher disabled."
  status: Int
  "1 not visible on its own, 2 catalogue only, 3 search only, 4 catalogue and search."
  visibility: Int
  "The configurable parent's SKU, on a variant."
  parentSku: String
  "The configurable parent's id, on a variant."
  parentId: Int
  "EAN-13 of the product's box."
  ean: String
  url_key: String
  url_path: String
  keywords: [String!]
  category_ids: [Int!]
  category: [CategoryRef!]
  "The price of one sell unit."
  price: Float
  original_price: Float
  "The price with a special price applied when its window is open."
  final_price: Float
  special_price: Float
  "ISO 8601 date; null means open-ended."
  special_from_date: String
  "ISO 8601 date; null means open-ended."
  special_to_date: String
  "2 standard-rated (UK VAT 20 %), 5 zero-rated."
  tax_class_id: Int
  tier_prices: [TierPrice!]
  image: String
  thumbnail: String
  media_gallery: [MediaEntry!]
  stock: Stock
  configurable_options: [ConfigurableOption!]
  configurable_children: [ConfigurableChild!]
  "A grouped product's members."
  product_links: [ProductLink!]
  bundle_options: [BundleOption!]
  custom_options: [CustomOption!]
  "What one sell unit is: \\"Box of 100\\", \\"Each\\"."
  sell_unit_description: String
  "The number sell_unit_description states (100 for \\"Box of 100\\")."
  sell_unit_amount: Float
  "How many items one sell unit holds (price / multiplier is the price of one item)."
  product_price_multiplier: Float
  "Fewest sell units per order."
  minimum_order: Int
  lead_time_days: Int
  "HTML."
  description: String
  short_description: String
  technical: String
  specifications: [Specification!]
  video: Video
  downloads: [Download!]
  meta_title: String
  meta_description: String
  "\\"1\\" marks a new product."
  new: String
  "Higher comes first in the Recommended sort."
  position: Float
  created_at: String
  updated_at: String
  """
  The product's other fields, which no field above names: attribute values stored under their
  attribute code (bolt_diameter: "12"), a configurable parent's <code>_options lists, and any field
  an import added. In the document's order; empty when sourceInclude leaves none.
  """
  attribute_values: [AttributeValue!]!
}

"A field of a catalogue document that the schema does not name: an attribute value, mostly."
type AttributeValue {
  "The field's name: an attribute code (see the attributes field), or <code>_options."
  attribute_code: String!
  "The value as the document holds it: a string for an attribute option, a list for <code>_options."
  value: JSON
}

enum ProductType {
  simple
  configurable
  grouped
  bundle
  virtual
  downloadable
}

"Stock of the product; qty counts sell units."
type Stock {
  is_in_stock: Boolean
  qty: Float
  product_id: Int
  product_sku: String
  manage_stock: Boolean
  status: Float
}

"Buying qty or more sell units costs value each for this customer group."
type TierPrice {
  customer_group_id: Int
  qty: Float
  value: Float
}

type MediaEntry {
  image: String
  pos: Int
  typ: MediaType
  lab: String
  "A video's details, as the document holds them."
  vid: JSON
}

enum MediaType {
  image
  video
}

type CategoryRef {
  category_id: Int
  name: String
}

"A row of the specification table (\\"Thread\\" → \\"M10\\")."
type Specification {
  label: String
  value: String
}

type Video {
  url: String
  title: String
}

type Download {
  title: String
  url: String
}

"A configurable axis; value_index matches the value its children hold under attribute_code."
type ConfigurableOption {
  attribute_id: Int
  attribute_code: String
  label: String
  position: Int
  values: [ConfigurableOptionValue!]
}

type ConfigurableOptionValue {
  value_index: String
  label: String
}

"A variant as embedded in its configurable parent."
type ConfigurableChild {
  id: Int
  sku: String
  ean: String
  name: String
  status: Int
  stock: Stock
  price: Float
  final_price: Float
  special_price: Float
  special_from_date: String
  special_to_date: String
  tier_prices: [TierPrice!]
  image: String
  sell_unit_description: String
  product_price_multiplier: Float
  "The variant's option values as the document lists them."
  custom_attributes: [ChildAttribute!]
  "The variant's other fields (its option values under their attribute codes, mostly), in the document's order."
  attribute_values: [AttributeValue!]!
}

type ChildAttribute {
  attribute_code: String
  value: String
}

"A grouped product's member; shoppers see the links of their customer group."
type ProductLink {
  link_type: String
  sku: String
  linked_product_sku: String
  linked_product_type: String
  qty: Float
  position: Int
  customer_group_id: Int
  is_default: Boolean
}

type BundleOption {
  option_id: Int
  title: String
  required: Boolean
  type: BundleOptionType
  position: Int
  product_links: [BundleLink!]
}

enum BundleOptionType {
  select
  radio
  checkbox
  multi
}

type BundleLink {
  id: Int
  sku: String
  qty: Float
  is_default: Boolean
  price: Float
  can_change_quantity: Boolean
  position: Int
}

type CustomOption {
  option_id: Int
  title: String
  type: CustomOptionType
  is_require: Boolean
  sort_order: Int
  "Text options (field, area) carry their price on the option itself."
  price: Float
  price_type: PriceType
  max_characters: Int
  values: [CustomOptionValue!]
}

enum CustomOptionType {
  field
  area
  drop_down
  radio
  checkbox
}

type CustomOptionValue {
  option_type_id: Int
  title: String
  price: Float
  price_type: PriceType
  sort_order: Int
}

"fixed prices are added; percent prices are a percentage of the product price."
enum PriceType {
  fixed
  percent
}
`;
