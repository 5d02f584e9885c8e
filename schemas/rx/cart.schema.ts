import { EPOCH_MS, NULLABLE_EPOCH_MS, OPEN_OBJECT, type CollectionDefinition, type JsonSchemaProperty } from './json-schema';

const nullableInt: JsonSchemaProperty = { type: ['integer', 'null'] };
const nullableString: JsonSchemaProperty = { type: ['string', 'null'] };

/**
 * The shopper's cart lines (SPEC §3 Cart item). One document per line, keyed by `${sku}|${checksum}`
 * where the checksum is taken from the chosen options, so the same product with other options is
 * another line. The cart state (server token, items hash, sync dates, totals, coupon, methods) is the
 * local document `cart-state`. Every tab reads and writes here; the leader tab syncs it.
 *
 * Prices are whole pence: `price_pence` excludes tax, `price_incl_tax_pence` includes it.
 * `prev_qty` is the quantity the server last confirmed, restored when a server update fails.
 *
 * Price state (v1, SPEC §3 "price_is_current"): a line's price follows the catalogue replica and the
 * server cart. `price_is_current` is true with `price_refreshed_at` once the server confirmed the
 * price (its cart totals, or the render-list price sync); false with null while it has not (a price
 * just taken from the replica, or offline). `price_seen_incl_tax_pence` is the price the shopper
 * last saw for the line (when adding it, or when they dismissed a price notice): while the price
 * differs from it, the screens say the price changed from that one to the new one.
 *
 * `taken_by` (v2): the placements (order id and the time it was stored) that took from this line, the
 * newest last, at most `MAX_TAKEN_BY`. The take and its mark are one write, so an order whose page
 * died before recording that its lines were taken is not taken from the same line a second time by
 * the tab that finishes it (see `takeOrderedLines`).
 *
 * `last_op_id` (v2): the id of the shopper's last change (`CartState.pendingOps`) written to this
 * line, in the same write as its quantity. A change is recorded before its line is written, so a
 * sync round that reads the lines between the two can tell which recorded changes the lines it read
 * hold (`changesInLines`). Absent: no change was written to the line (the server's). A line kept from
 * v1 holds `CHANGES_BEFORE_V2`: every change recorded before the upgrade was written to it.
 */
export const CHANGES_BEFORE_V2 = 'before-v2';
export const MAX_TAKEN_BY = 20;

export const cartCollection: CollectionDefinition = {
  schema: {
    title: 'cart',
    version: 2,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 400 },
      sku: { type: 'string', maxLength: 128 },
      parentSku: nullableString,
      name: { type: 'string' },
      type_id: { type: 'string', maxLength: 16 },
      qty: { type: 'integer', minimum: 1 },
      prev_qty: nullableInt,
      checksum: { type: 'string', maxLength: 128 },
      product_option: OPEN_OBJECT,
      price_pence: { type: 'integer', minimum: 0 },
      price_incl_tax_pence: { type: 'integer', minimum: 0 },
      price_is_current: { type: 'boolean' },
      price_refreshed_at: NULLABLE_EPOCH_MS,
      price_seen_incl_tax_pence: nullableInt,
      thumbnail: nullableString,
      item_id: nullableInt,
      server_item_id: nullableInt,
      server_cart_id: nullableString,
      quote_id: nullableString,
      errors: OPEN_OBJECT,
      info: OPEN_OBJECT,
      /** Order of lines on screen: when the line was first added. */
      added_at: EPOCH_MS,
      updated_at: EPOCH_MS,
      taken_by: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: MAX_TAKEN_BY },
      last_op_id: nullableString,
    },
    required: ['id', 'sku', 'name', 'type_id', 'qty', 'checksum', 'product_option', 'price_pence', 'price_incl_tax_pence', 'errors', 'info', 'added_at', 'updated_at'],
    indexes: ['added_at'],
  },
  migrationStrategies: {
    // Prices kept from v0 were never confirmed as lines; the shopper saw them as they are.
    1: (doc) => ({ ...doc, price_is_current: false, price_refreshed_at: null, price_seen_incl_tax_pence: doc.price_incl_tax_pence ?? null }),
    // No line kept from v1 was taken from by an order still being finished: nothing to mark. Its
    // changes still to send were all written to it before the upgrade (the page that recorded them is gone).
    2: (doc) => ({ ...doc, last_op_id: CHANGES_BEFORE_V2 }),
  },
};

export interface CartLine {
  id: string;
  sku: string;
  parentSku?: string | null;
  name: string;
  type_id: string;
  qty: number;
  prev_qty?: number | null;
  checksum: string;
  product_option: Record<string, unknown>;
  price_pence: number;
  price_incl_tax_pence: number;
  /** Absent on lines written before v1 or by code that does not know the price state: not current. */
  price_is_current?: boolean;
  price_refreshed_at?: number | null;
  /** Absent or null: no price change to tell (the shopper has seen nothing else). */
  price_seen_incl_tax_pence?: number | null;
  thumbnail?: string | null;
  item_id?: number | null;
  server_item_id?: number | null;
  server_cart_id?: string | null;
  quote_id?: string | null;
  errors: Record<string, string>;
  info: Record<string, string>;
  added_at: number;
  updated_at: number;
  /** Absent: no order took from this line. */
  taken_by?: string[];
  /** Absent or null: no change of the shopper's was written to this line (see `CHANGES_BEFORE_V2`). */
  last_op_id?: string | null;
}
