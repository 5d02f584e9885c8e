/**
 * Lines pasted from a spreadsheet or an e-mail, or read from a CSV file, as pad entries: one line
 * is `SKU<TAB|,|;|space>QTY`. A line's separator is the first of tab, semicolon, comma and space it
 * holds, so "TB-M10;2,5" keeps "2,5" whole (and refuses it as a quantity) instead of reading 2.
 * Double quotes around a field are dropped (spreadsheets quote cells); a header line is skipped.
 */

export interface PadEntry {
  /** A SKU, a configurable child's SKU or an EAN, as typed. */
  code: string;
  /** The quantity as typed; empty means the product's default (its minimum order). */
  qty: string;
}

/** More lines than a pad holds are left out, and the shopper is told how many were read. */
export const MAX_PAD_LINES = 500;

const HEADER_CODE = /^(sku|ean|code|product|item|part|part ?(no|number)|product ?code)$/i;

function separatorOf(line: string): string | RegExp {
  if (line.includes('\t')) return '\t';
  if (line.includes(';')) return ';';
  if (line.includes(',')) return ',';
  return /\s+/;
}

/** Splits one line on its separator; a quoted field may hold the separator ("A,1" stays one field). */
function fieldsOf(line: string): string[] {
  const separator = separatorOf(line);
  if (!line.includes('"')) return line.split(separator).map((f) => f.trim());
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"' && quoted && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && (typeof separator === 'string' ? c === separator : /\s/.test(c))) {
      fields.push(field.trim());
      field = '';
      if (typeof separator !== 'string') while (/\s/.test(line[i + 1] ?? '')) i++;
    } else field += c;
  }
  fields.push(field.trim());
  return fields;
}

export interface ParsedLines {
  entries: PadEntry[];
  /** Lines with text that were left out because the pad was full. */
  leftOut: number;
}

/** The entries of a pasted block or a CSV file, blank lines and a header line skipped. */
export function parsePadLines(text: string, room = MAX_PAD_LINES): ParsedLines {
  const entries: PadEntry[] = [];
  let leftOut = 0;
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const [code = '', qty = ''] = fieldsOf(line.trim());
    if (code === '' || (i === firstFilled(lines) && HEADER_CODE.test(code) && !/^\d+$/.test(qty))) return;
    if (entries.length < room) entries.push({ code, qty });
    else leftOut++;
  });
  return { entries, leftOut };
}

function firstFilled(lines: readonly string[]): number {
  return lines.findIndex((l) => l.trim() !== '');
}
