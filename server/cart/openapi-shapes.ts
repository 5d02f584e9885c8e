/** Reply shapes for the OpenAPI document (the TypeScript types live in schemas/api/cart.ts). */
type JsonSchema = Record<string, unknown>;

const typed = (fields: Record<string, string>): Record<string, JsonSchema> => {
  const out: Record<string, JsonSchema> = {};
  for (const [name, type] of Object.entries(fields)) out[name] = { type };
  return out;
};

export const CART_ITEM_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    ...typed({ item_id: 'integer', sku: 'string', qty: 'integer', name: 'string', product_type: 'string', quote_id: 'string' }),
    price: { type: 'number', description: 'Unit price excluding tax, GBP' },
    product_option: { type: ['object', 'null'] },
  },
};

const segment: JsonSchema = { type: 'object', properties: typed({ code: 'string', title: 'string', value: 'number' }) };

export const TOTALS_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Magento-like cart totals; decimals in GBP; discount_amount is negative',
  properties: {
    ...typed({
      grand_total: 'number', subtotal: 'number', discount_amount: 'number', subtotal_with_discount: 'number', shipping_amount: 'number',
      shipping_incl_tax: 'number', shipping_tax_amount: 'number', tax_amount: 'number', subtotal_incl_tax: 'number', items_qty: 'number',
      base_currency_code: 'string', quote_currency_code: 'string', coupon_code: 'string',
    }),
    coupon_rule: {
      type: 'object',
      description: "With coupon_code: the coupon's rule (the coupon document's field names), so a device works out the same totals offline",
      properties: {
        ...typed({ code: 'string', discount_amount: 'number', minimum_subtotal: 'number' }),
        discount_type: { type: 'string', enum: ['percent', 'fixed'] },
        from_date: { type: ['string', 'null'] },
        to_date: { type: ['string', 'null'] },
      },
    },
    free_delivery_from: { type: 'number', description: "The shop's free-delivery threshold excl. VAT (config FREE_DELIVERY_FROM), when it has one" },
    items: { type: 'array', items: { type: 'object' } },
    total_segments: { type: 'array', items: segment },
  },
};

export const SHIPPING_METHOD_SCHEMA: JsonSchema = {
  type: 'object',
  properties: typed({
    carrier_code: 'string', method_code: 'string', carrier_title: 'string', method_title: 'string', amount: 'number',
    price_incl_tax: 'number', available: 'boolean', default: 'boolean', offline: 'boolean', is_server_method: 'boolean',
  }),
};

export const PAYMENT_METHOD_SCHEMA: JsonSchema = {
  type: 'object',
  properties: typed({
    code: 'string', title: 'string', cost: 'number', costInclTax: 'number', cost_incl_tax: 'number',
    default: 'boolean', offline: 'boolean', is_server_method: 'boolean',
  }),
};

export const CART_APPLY_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    cart_id: { type: 'string' },
    items: { type: 'array', items: CART_ITEM_SCHEMA },
    results: {
      type: 'array',
      items: { type: 'object', properties: { op_id: { type: 'string' }, status: { type: 'string', enum: ['applied', 'duplicate', 'refused'] }, message: { type: 'string' }, code: { type: 'integer' } } },
    },
  },
};
