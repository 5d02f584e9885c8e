import type { Doc } from '../../src/domain/catalog-query/types';

/**
 * Catalogue documents in columns, for the start-up snapshot (`catalog-snapshot.ts`): documents with
 * the same keys in the same order (a "shape") are stored as one key list and one column per key. A
 * column whose values repeat (a range's description, its specifications, a shared category path) is
 * a dictionary of its distinct values and a code per document, so each repeated value is written,
 * read and held once: a 50,000-product catalogue decodes with its repeated descriptions shared,
 * where a document-by-document copy would hold one per product. Objects are told apart by identity
 * (the value pool has already made equal ones the same object); everything else by value.
 * Decoded documents are new objects with the encoded ones' keys in the same order, so their JSON is
 * the same text.
 */
export interface EncodedDocs {
  count: number;
  /** Key lists, one per shape. */
  shapes: string[][];
  /** Each document's shape, in document order. */
  shapeOf: Uint32Array;
  /** Per shape, one column per key: the values of that shape's documents, in document order. */
  columns: Column[][];
  /**
   * The distinct strings of the columns that are neither dictionaries nor plain: a product's URL key
   * and image path recur in several of its own fields, and are held once when decoded.
   */
  strings: string[];
}

/**
 * `text`: codes into `EncodedDocs.strings`. `nested`: a column of objects or of lists, as their
 * distinct values (told apart by identity) in columns of their own, and a code per row.
 */
type Column = { plain: unknown[] } | { dict: unknown[]; codes: Uint32Array } | { text: Uint32Array } | { nested: Nested; codes: Uint32Array };

/**
 * Distinct objects in columns as documents are (`shapes`, `shapeOf`, `columns`), or distinct lists as
 * their lengths and every item in one column. Their strings are codes into `EncodedDocs.strings`, so
 * a product's gallery holds the very strings of its image and name fields, and decoding makes each
 * object once, with no copy of a deserialized one.
 */
type Nested = { count: number; shapes: string[][]; shapeOf: Uint32Array; columns: Column[][] } | { lengths: Uint32Array; items: Column };

/** A column becomes a dictionary when its distinct values are at most this share of its rows. */
const DICTIONARY_SHARE = 0.5;

export function encodeDocs(docs: readonly Doc[]): EncodedDocs {
  const strings = new Map<string, number>();
  const objects = encodeObjects(docs, strings);
  return { ...objects, strings: [...strings.keys()] };
}

/** Objects in columns, one key list per shape (the documents, or a nested column's distinct objects). */
function encodeObjects(objects: readonly Record<string, unknown>[], strings: Map<string, number>): { count: number; shapes: string[][]; shapeOf: Uint32Array; columns: Column[][] } {
  const shapeIds = new Map<string, number>();
  const shapes: string[][] = [];
  const members: Record<string, unknown>[][] = [];
  const shapeOf = new Uint32Array(objects.length);
  objects.forEach((object, i) => {
    const keys = Object.keys(object);
    // JSON text of the key list: no separator a key could contain can make two lists collide.
    const signature = JSON.stringify(keys);
    let id = shapeIds.get(signature);
    if (id === undefined) {
      id = shapes.length;
      shapeIds.set(signature, id);
      shapes.push(keys);
      members.push([]);
    }
    shapeOf[i] = id;
    members[id]!.push(object);
  });
  const columns = shapes.map((keys, s) => keys.map((key) => encodeColumn(members[s]!.map((object) => object[key]), strings)));
  return { count: objects.length, shapes, shapeOf, columns };
}

function encodeColumn(values: unknown[], strings: Map<string, number>): Column {
  return dictionaryColumn(values) ?? textColumn(values, strings) ?? nestedColumn(values, strings) ?? { plain: values };
}

/** Plain objects only (not lists, dates or other classes), as documents from JSON hold. */
const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** A column whose values are all plain objects, or all lists: their distinct values nested, a code per row. */
function nestedColumn(values: unknown[], strings: Map<string, number>): Column | undefined {
  const lists = Array.isArray(values[0]);
  if (!values.every((value) => (lists ? Array.isArray(value) : isPlainObject(value)))) return undefined;
  const codeOf = new Map<unknown, number>();
  const distinct: unknown[] = [];
  const codes = new Uint32Array(values.length);
  values.forEach((value, i) => {
    let code = codeOf.get(value);
    if (code === undefined) {
      codeOf.set(value, (code = distinct.length));
      distinct.push(value);
    }
    codes[i] = code;
  });
  if (!lists) return { nested: encodeObjects(distinct as Record<string, unknown>[], strings), codes };
  const arrays = distinct as unknown[][];
  // A list with holes (none from JSON) would come back with undefined in them: kept plain.
  if (arrays.some((list) => Object.keys(list).length !== list.length)) return undefined;
  return { nested: { lengths: Uint32Array.from(arrays, (list) => list.length), items: encodeColumn(arrays.flat(), strings) }, codes };
}

function dictionaryColumn(values: unknown[]): Column | undefined {
  const limit = Math.floor(values.length * DICTIONARY_SHARE);
  const codeOf = new Map<unknown, number>();
  const codes = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    // A Map key treats -0 as 0: a column holding -0 stays plain, so the sign survives.
    if (Object.is(value, -0)) return undefined;
    let code = codeOf.get(value);
    if (code === undefined) {
      code = codeOf.size;
      if (code >= limit) return undefined;
      codeOf.set(value, code);
    }
    codes[i] = code;
  }
  return { dict: [...codeOf.keys()], codes };
}

function textColumn(values: unknown[], strings: Map<string, number>): Column | undefined {
  if (!values.every((value) => typeof value === 'string')) return undefined;
  const codes = new Uint32Array(values.length);
  values.forEach((value, i) => {
    let code = strings.get(value);
    if (code === undefined) strings.set(value, (code = strings.size));
    codes[i] = code;
  });
  return { text: codes };
}

/** The documents `encodeDocs` was given, as new objects (repeated values shared). Throws on malformed input. */
export function decodeDocs(encoded: EncodedDocs): Doc[] {
  const { strings } = encoded;
  if (!Array.isArray(strings)) throw new Error('snapshot documents are malformed');
  // Strings inside the objects of plain columns come out of the payload as copies each; they are
  // replaced by one string per text, the one the document's own fields hold where it has it. The
  // map of every text is made only when a plain column needs it.
  let canonical: Map<string, string> | undefined;
  const shared = () => {
    if (!canonical) {
      canonical = new Map<string, string>();
      for (const text of strings) canonical.set(text, text);
    }
    return canonical;
  };
  return decodeObjects(encoded, strings, shared);
}

type Strings = { strings: readonly string[]; shared: () => Map<string, string> };

/** The objects `encodeObjects` was given, as new objects. Throws on malformed input. */
function decodeObjects(encoded: { count: number; shapes: string[][]; shapeOf: Uint32Array; columns: Column[][] }, strings: readonly string[], shared: () => Map<string, string>): Record<string, unknown>[] {
  const { count, shapes, shapeOf, columns } = encoded;
  if (!Number.isInteger(count) || !(shapeOf instanceof Uint32Array) || shapeOf.length !== count || !Array.isArray(shapes) || !Array.isArray(columns)) {
    throw new Error('snapshot documents are malformed');
  }
  const readers = shapes.map((keys, s) => {
    const shapeColumns = columns[s];
    if (!Array.isArray(keys) || !Array.isArray(shapeColumns) || shapeColumns.length !== keys.length) throw new Error(`snapshot shape ${s} is malformed`);
    // A template from JSON text has the keys as own data properties in order (even "__proto__"),
    // and a spread copy of it takes the template's layout, so each object is one copy and its stores.
    const template = JSON.parse(`{${keys.map((key) => `${JSON.stringify(key)}:null`).join(',')}}`) as Record<string, unknown>;
    const reads = shapeColumns.map((column) => columnReader(column, { strings, shared }));
    return { keys, template, reads, rows: [] as Record<string, unknown>[] };
  });
  // Every object first (a copy of its shape's template), then column by column: one key stored
  // over a shape's rows in a row is a store the engine has seen before, where key after key is not.
  const objects = new Array<Record<string, unknown>>(count);
  for (let i = 0; i < count; i++) {
    const reader = readers[shapeOf[i]!];
    if (!reader) throw new Error('snapshot document of an unknown shape');
    const object = { ...reader.template };
    reader.rows.push(object);
    objects[i] = object;
  }
  for (const { keys, reads, rows } of readers) {
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      const read = reads[k]!;
      for (let row = 0; row < rows.length; row++) rows[row]![key] = read(row);
    }
  }
  return objects;
}

/** The distinct values of a nested column. */
function decodeNested(nested: Nested, context: Strings): unknown[] {
  if ('lengths' in nested && nested.lengths instanceof Uint32Array) {
    const { lengths } = nested;
    const read = columnReader(nested.items, context);
    const lists = new Array<unknown[]>(lengths.length);
    let at = 0;
    for (let i = 0; i < lengths.length; i++) {
      const list = new Array<unknown>(lengths[i]!);
      for (let j = 0; j < list.length; j++) list[j] = read(at++);
      lists[i] = list;
    }
    return lists;
  }
  if ('shapes' in nested) return decodeObjects(nested, context.strings, context.shared);
  throw new Error('snapshot column is malformed');
}

/**
 * Replaces each value of a plain column by a copy whose strings are the ones `canonical` has for
 * their text, and whose objects and lists are new (a deserialized object carries an empty property
 * array of its own; a copy does not). An object several documents share stays one object.
 */
function shareStrings(values: unknown[], canonical: Map<string, string>): void {
  const copies = new Map<object, unknown>();
  const copy = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const known = canonical.get(value);
      if (known !== undefined) return known;
      canonical.set(value, value);
      return value;
    }
    if (value === null || typeof value !== 'object') return value;
    let done = copies.get(value);
    if (done === undefined) {
      if (Array.isArray(value)) done = value.map(copy);
      else {
        const object: Record<string, unknown> = { ...(value as Record<string, unknown>) };
        for (const key of Object.keys(object)) object[key] = copy(object[key]);
        done = object;
      }
      copies.set(value, done);
    }
    return done;
  };
  for (let i = 0; i < values.length; i++) values[i] = copy(values[i]);
}

function columnReader(column: Column, context: Strings): (row: number) => unknown {
  const { strings } = context;
  if ('plain' in column && Array.isArray(column.plain)) {
    const values = column.plain;
    if (values.some((value) => typeof value === 'string' || (value !== null && typeof value === 'object'))) shareStrings(values, context.shared());
    return (row) => {
      if (row >= values.length) throw new Error('snapshot column is short');
      return values[row];
    };
  }
  if ('dict' in column && Array.isArray(column.dict) && column.codes instanceof Uint32Array) {
    const { dict, codes } = column;
    return (row) => {
      const code = codes[row];
      if (code === undefined || code >= dict.length) throw new Error('snapshot column code out of range');
      return dict[code];
    };
  }
  if ('text' in column && column.text instanceof Uint32Array) {
    const codes = column.text;
    return (row) => {
      const code = codes[row];
      if (code === undefined || code >= strings.length) throw new Error('snapshot text code out of range');
      return strings[code];
    };
  }
  if ('nested' in column && column.nested && typeof column.nested === 'object' && column.codes instanceof Uint32Array) {
    const { codes } = column;
    const values = decodeNested(column.nested, context);
    return (row) => {
      const code = codes[row];
      if (code === undefined || code >= values.length) throw new Error('snapshot column code out of range');
      return values[code];
    };
  }
  throw new Error('snapshot column is malformed');
}
