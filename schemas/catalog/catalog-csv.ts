import * as v from 'valibot';
import { eanSchema } from './ean';

/**
 * The product columns of a catalogue CSV (one row per product, the first row names the columns) and
 * how each cell is read. Any other column must be an attribute code. An empty cell leaves that field
 * of an existing product as it is. Headings are matched without regard to case, spaces or dashes
 * ("Short description" is `short_description`), and the names Magento's export uses are understood.
 */

/** A plain decimal as spreadsheets write it without formatting: 12.49, 0.5, 3. */
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

const moneyCell = v.pipe(
  v.string(),
  v.regex(DECIMAL, 'must be a number such as 12.49 (no currency sign or thousands separator)'),
  v.transform(Number),
  v.minValue(0, 'must not be negative'),
);

const quantityCell = v.pipe(
  v.string(),
  v.regex(/^-?\d+(\.0*)?$/, 'must be a whole number'),
  v.transform(Number),
  v.minValue(0, 'must not be negative'),
);

const textCell = v.string();

export const CSV_PRODUCT_COLUMNS = {
  sku: textCell,
  name: textCell,
  price: moneyCell,
  special_price: moneyCell,
  qty: quantityCell,
  /** Category paths from the top of the tree, `Anchors & Fixings/Through Bolts`; several separated by `|`. */
  category: textCell,
  description: textCell,
  short_description: textCell,
  ean: eanSchema,
} as const;

export type CsvProductColumn = keyof typeof CSV_PRODUCT_COLUMNS;

/** Other names for the columns above. */
const ALIASES: Record<string, CsvProductColumn> = {
  categories: 'category',
  category_path: 'category',
  quantity: 'qty',
  stock: 'qty',
};

/** A heading as a column key: lower case, runs of spaces and dashes as one underscore. */
export function columnKey(heading: string): string {
  const key = heading
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return ALIASES[key] ?? key;
}

export const isProductColumn = (key: string): key is CsvProductColumn => Object.hasOwn(CSV_PRODUCT_COLUMNS, key);

/** Attribute price cells read like the price column. */
export const attributePriceCell = moneyCell;

/** Several values in one cell (category paths, multiselect options) are separated by this. */
export const CELL_LIST_SEPARATOR = '|';

/** Segments of a category path. */
export const CATEGORY_PATH_SEPARATOR = '/';

/** The value of a cell, or the first problem with it in the words the error report uses. */
export function readCell<S extends v.GenericSchema<string, unknown>>(schema: S, cell: string): { ok: true; value: v.InferOutput<S> } | { ok: false; message: string } {
  const result = v.safeParse(schema, cell);
  return result.success ? { ok: true, value: result.output } : { ok: false, message: result.issues[0].message };
}
