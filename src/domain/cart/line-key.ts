/**
 * The key of a cart line, `sku|checksum`: the same product with other options is another line. The
 * device keys its local collection with it and the server matches a cart's lines with it, so both
 * must build it alike.
 */
export function lineKey(sku: string, checksum: string): string {
  return `${sku}|${checksum}`;
}
