import { parse, type Options } from 'csv-parse/sync';
import * as v from 'valibot';
import {
  CATEGORY_PATH_SEPARATOR,
  CELL_LIST_SEPARATOR,
  CSV_PRODUCT_COLUMNS,
  attributePriceCell,
  columnKey,
  isProductColumn,
  readCell,
  type CsvProductColumn,
} from '../../schemas/catalog/catalog-csv';
import { importProductSchema } from '../../schemas/catalog/catalog-import';
import { TAX_CLASS, PRODUCT_STATUS } from '../../schemas/catalog/product';
import { activeSpecialPricePence } from '../../src/domain/pricing/special-price';
import { fromPence } from '../../src/domain/pricing/money';
import { slugify } from '../seed/image-paths';
import type { CatalogDoc } from './catalog-store';
import type { Doc } from '../../src/domain/catalog-query/types';

/**
 * A catalogue CSV as a shop owner keeps it (one row per product) turned into product documents.
 * Rows are numbered as a spreadsheet shows them (the heading row is row 1) and every problem names
 * its row and column, so the owner can fix the sheet; the caller writes nothing while any remain.
 */


/** What the rows are read against: the catalogue's categories and attributes, and the products the file's SKUs already name. */
export interface CsvCatalogue {
  categories: readonly Doc[];
  attributes: readonly Doc[];
  existingBySku: ReadonlyMap<string, CatalogDoc>;
  now: Date;
}

/** A product read from a row: a new SKU has no `id` yet. */
export interface CsvProduct {
  row: number;
  doc: Doc & { sku: string; id?: number };
  isNew: boolean;
}

export class CsvProblems extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'CsvProblems';
  }
}

interface Column {
  index: number;
  heading: string;
  /** A product column, an attribute, or nothing (an empty heading over empty cells). */
  kind: { type: 'product'; key: CsvProductColumn } | { type: 'attribute'; attribute: Doc } | { type: 'none' };
}

interface Table {
  columns: Column[];
  rows: { row: number; cells: string[] }[];
}

const at = (row: number, column?: Column | string) =>
  column === undefined ? `row ${row}` : `row ${row}, column ${typeof column === 'string' ? column : column.heading || String(column.index + 1)}`;

/** Excel writes `;` where the decimal separator is a comma, and tab-separated files are common: the heading row tells. */
function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The rows of the file, parsed by csv-parse; a file that is not CSV at all is one problem with its line. */
export function parseCsv(text: string): string[][] {
  if (text.trim() === '') throw new CsvProblems(['The file is empty: the first row must name the columns, starting with sku']);
  try {
    const options: Options = { bom: true, delimiter: detectDelimiter(text.replace(/^\ufeff/, '')), relax_column_count: true, skip_empty_lines: false };
    return parse(text, options);
  } catch (error) {
    const records = (error as { records?: unknown }).records;
    const row = typeof records === 'number' ? records + 1 : undefined;
    throw new CsvProblems([`${row === undefined ? 'The file' : at(row)}: ${(error as Error).message}`]);
  }
}

function readTable(records: string[][], attributesByCode: ReadonlyMap<string, Doc>): Table {
  const [headings = [], ...rest] = records;
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const columns = headings.map((heading, index): Column => {
    const key = columnKey(heading);
    const column: Column = { index, heading: heading.trim(), kind: { type: 'none' } };
    if (key === '') return column;
    const earlier = seen.get(key);
    if (earlier !== undefined) problems.push(`${at(1, column)}: the same column as column ${earlier + 1}`);
    seen.set(key, index);
    const attribute = attributesByCode.get(key);
    if (isProductColumn(key)) column.kind = { type: 'product', key };
    else if (attribute) column.kind = { type: 'attribute', attribute };
    else problems.push(`${at(1, column)}: not a product column (${Object.keys(CSV_PRODUCT_COLUMNS).join(', ')}) nor an attribute code`);
    return column;
  });
  if (!columns.some((c) => c.kind.type === 'product' && c.kind.key === 'sku')) problems.push('row 1: a sku column is required (the first row names the columns)');
  const rows: Table['rows'] = [];
  rest.forEach((cells, i) => {
    const row = i + 2;
    const trimmed = cells.map((c) => c.trim());
    if (trimmed.every((c) => c === '')) return;
    trimmed.forEach((cell, index) => {
      const column = columns[index];
      if (cell === '' || (column && column.heading !== '')) return;
      problems.push(`${at(row, column ?? String(index + 1))}: has a value but no heading`);
    });
    const nul = trimmed.findIndex((c) => c.includes('\u0000'));
    if (nul >= 0) problems.push(`${at(row, columns[nul] ?? String(nul + 1))}: contains a NUL character`);
    rows.push({ row, cells: trimmed });
  });
  if (problems.length > 0) throw new CsvProblems(problems);
  return { columns, rows };
}

/** Category paths by the names (or url keys) of their segments, from the top of the tree. */
class CategoryTree {
  private readonly children = new Map<number, Doc[]>();
  private readonly roots: Doc[];

  constructor(categories: readonly Doc[]) {
    for (const category of categories) {
      const parent = Number(category.parent_id);
      this.children.set(parent, [...(this.children.get(parent) ?? []), category]);
    }
    // The tree's root ("Default Category", level 1) holds the top-level categories; paths start below it.
    this.roots = categories.filter((c) => Number(c.level) <= 1);
  }

  private static matches(category: Doc, segment: string): boolean {
    const wanted = segment.toLowerCase();
    const urlKey = typeof category.url_key === 'string' ? category.url_key.toLowerCase() : undefined;
    return String(category.name).replace(/\s+/g, ' ').trim().toLowerCase() === wanted || urlKey === wanted;
  }

  /** The categories of a path, top-level first, or why it names none. */
  resolve(path: string): { ok: true; chain: Doc[] } | { ok: false; message: string } {
    const segments = path.split(CATEGORY_PATH_SEPARATOR).map((s) => s.replace(/\s+/g, ' ').trim());
    if (segments.some((s) => s === '')) return { ok: false, message: `"${path}" has an empty step; write paths like Anchors & Fixings/Through Bolts` };
    const root = this.roots.find((r) => CategoryTree.matches(r, segments[0]!));
    if (root && segments.length > 1) segments.shift();
    let level: Doc[] = this.roots.flatMap((r) => this.children.get(Number(r.id)) ?? []);
    let parent: Doc | undefined;
    const chain: Doc[] = [];
    for (const segment of segments) {
      const found = level.find((c) => CategoryTree.matches(c, segment));
      if (!found) {
        const names = level.map((c) => String(c.name));
        const shown = names.length > 12 ? `${names.slice(0, 12).join(', ')}, …` : names.join(', ');
        const where = parent ? `"${String(parent.name)}" has no subcategory "${segment}"` : `there is no top-level category "${segment}"`;
        return { ok: false, message: `no category "${path}": ${where}${names.length > 0 ? ` (there are ${shown})` : ''}` };
      }
      chain.push(found);
      parent = found;
      level = this.children.get(Number(found.id)) ?? [];
    }
    return { ok: true, chain };
  }
}

const listed = (labels: string[]) => (labels.length > 20 ? `${labels.slice(0, 20).join(', ')}, …` : labels.join(', '));

/** An attribute cell as the value products store: the option value of a label, a list of them, a number or text. */
function attributeValue(attribute: Doc, cell: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const options = (Array.isArray(attribute.options) ? attribute.options : []) as { label: string; value: string }[];
  const input = typeof attribute.frontend_input === 'string' ? attribute.frontend_input : options.length > 0 ? 'select' : 'text';
  if (input === 'text') return { ok: true, value: cell };
  if (input === 'price') return readCell(attributePriceCell, cell);
  const option = (label: string) => {
    const wanted = label.trim().toLowerCase();
    const found = options.find((o) => o.label.trim().toLowerCase() === wanted);
    if (found || input !== 'boolean') return found;
    const yes = /^(1|true|yes|y)$/.test(wanted) ? '1' : /^(0|false|no|n)$/.test(wanted) ? '0' : undefined;
    return options.find((o) => o.value === yes);
  };
  const labels = input === 'multiselect' ? cell.split(CELL_LIST_SEPARATOR).map((l) => l.trim()).filter(Boolean) : [cell];
  const values: string[] = [];
  for (const label of labels) {
    const found = option(label);
    if (!found) return { ok: false, message: `no option "${label}" (options: ${listed(options.map((o) => o.label))})` };
    values.push(found.value);
  }
  return { ok: true, value: input === 'multiselect' ? values : values[0] };
}

/** The fields a product added by CSV starts with: a simple product, enabled, visible in catalogue and search. */
function newProduct(sku: string, name: string, now: Date): Doc & { sku: string } {
  const slug = slugify(`${name} ${sku}`);
  return {
    sku,
    name,
    slug,
    url_key: slug,
    url_path: slug,
    type_id: 'simple',
    status: PRODUCT_STATUS.enabled,
    visibility: 4,
    tax_class_id: TAX_CLASS.standard,
    category_ids: [],
    category: [],
    stock: { is_in_stock: false, qty: 0, manage_stock: true },
    created_at: now.toISOString(),
  };
}

/** Applies one product-column cell; returns a problem, if any. */
function applyProductCell(doc: Doc, key: CsvProductColumn, cell: string, tree: CategoryTree): string | undefined {
  if (key === 'category') {
    const chains: Doc[] = [];
    for (const path of cell.split(CELL_LIST_SEPARATOR).map((p) => p.trim()).filter(Boolean)) {
      const found = tree.resolve(path);
      if (!found.ok) return found.message;
      for (const category of found.chain) if (!chains.includes(category)) chains.push(category);
    }
    doc.category_ids = chains.map((c) => Number(c.id));
    doc.category = chains.map((c) => ({ category_id: Number(c.id), name: String(c.name) }));
    return undefined;
  }
  const read = readCell<v.GenericSchema<string, unknown>>(CSV_PRODUCT_COLUMNS[key], cell);
  if (!read.ok) return read.message;
  if (key === 'qty') {
    const qty = read.value as number;
    const stock = (typeof doc.stock === 'object' && doc.stock !== null ? doc.stock : { manage_stock: true }) as Doc;
    // Stock that is not counted keeps its own in-stock flag; counted stock is in stock while there is some.
    doc.stock = { ...stock, qty, is_in_stock: stock.manage_stock === false ? Boolean(stock.is_in_stock) : qty > 0 };
  } else doc[key] = read.value;
  return undefined;
}

/** When a row sets a price, `original_price` and `final_price` follow it and the special price (a configurable's come from its children). */
function settlePrices(doc: Doc, now: Date): void {
  if (doc.type_id === 'configurable' || typeof doc.price !== 'number') return;
  doc.original_price = doc.price;
  const special = activeSpecialPricePence(doc, now);
  doc.final_price = special === null ? doc.price : fromPence(special);
}

/** The column a schema problem belongs to, by the first step of its path. */
function columnOfIssue(issue: v.BaseIssue<unknown>, columns: readonly Column[]): Column | string | undefined {
  const first = issue.path?.[0]?.key;
  if (typeof first !== 'string') return undefined;
  const key = first === 'stock' ? 'qty' : first === 'category_ids' || first === 'category' ? 'category' : first;
  return columns.find((c) => (c.kind.type === 'product' && c.kind.key === key) || (c.kind.type === 'attribute' && c.kind.attribute.attribute_code === key)) ?? v.getDotPath(issue) ?? first;
}

/** One row as a product document (a copy of the existing one with the filled-in cells applied), and its problems. */
function readRow(row: number, cells: readonly string[], columns: readonly Column[], existing: CatalogDoc | undefined, tree: CategoryTree, now: Date) {
  const cellOf = (key: CsvProductColumn) => {
    const column = columns.find((c) => c.kind.type === 'product' && c.kind.key === key);
    return { column, cell: column ? (cells[column.index] ?? '') : '' };
  };
  const sku = cellOf('sku').cell;
  const problems: string[] = [];
  if (!existing) {
    for (const key of ['name', 'price'] as const) {
      const { column, cell } = cellOf(key);
      if (cell === '') problems.push(`${at(row, column ?? key)}: is required for a new product (no product has SKU ${sku} yet)`);
    }
  }
  const doc: Doc & { sku: string; id?: number } = existing ? { ...structuredClone(existing), sku } : newProduct(sku, cellOf('name').cell, now);
  for (const column of columns) {
    const cell = cells[column.index] ?? '';
    if (cell === '' || column.kind.type === 'none' || (column.kind.type === 'product' && column.kind.key === 'sku')) continue;
    if (column.kind.type === 'product') {
      const problem = applyProductCell(doc, column.kind.key, cell, tree);
      if (problem) problems.push(`${at(row, column)}: ${problem}`);
    } else {
      const value = attributeValue(column.kind.attribute, cell);
      if (value.ok) doc[String(column.kind.attribute.attribute_code)] = value.value;
      else problems.push(`${at(row, column)}: ${value.message}`);
    }
  }
  if (problems.length > 0) return { doc, problems };
  if (cellOf('price').cell !== '' || cellOf('special_price').cell !== '') settlePrices(doc, now);
  // The finished document must be one the catalogue can hold, like a product in a JSON import.
  const checked = v.safeParse(importProductSchema, doc);
  if (!checked.success) {
    const issue = checked.issues[0];
    const column = columnOfIssue(issue, columns);
    problems.push(`${column === undefined ? at(row) : at(row, column)}: ${issue.message}`);
  }
  return { doc, problems };
}

/** Reads every row; throws `CsvProblems` listing every problem found, so one round of fixes is enough. */
export function productsFromCsv(records: string[][], catalogue: CsvCatalogue): CsvProduct[] {
  const attributesByCode = new Map(catalogue.attributes.map((a) => [String(a.attribute_code), a]));
  const { columns, rows } = readTable(records, attributesByCode);
  const tree = new CategoryTree(catalogue.categories);
  const skuColumn = columns.find((c) => c.kind.type === 'product' && c.kind.key === 'sku')!;
  const problems: string[] = [];
  const rowOfSku = new Map<string, number>();
  const products: CsvProduct[] = [];
  for (const { row, cells } of rows) {
    const sku = cells[skuColumn.index] ?? '';
    const earlier = rowOfSku.get(sku);
    if (sku === '') problems.push(`${at(row, skuColumn)}: is empty; every row needs the product's SKU`);
    else if (earlier !== undefined) problems.push(`${at(row, skuColumn)}: ${sku} is already on row ${earlier}`);
    else {
      rowOfSku.set(sku, row);
      const existing = catalogue.existingBySku.get(sku);
      const read = readRow(row, cells, columns, existing, tree, catalogue.now);
      problems.push(...read.problems);
      products.push({ row, doc: read.doc, isNew: !existing });
    }
  }
  if (rows.length === 0 && problems.length === 0) problems.push('The file has no product rows below the heading row');
  if (problems.length > 0) throw new CsvProblems(problems);
  return products;
}
