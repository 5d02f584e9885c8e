/**
 * The identity of a cart line's chosen options (vsf1 §1.2): the first non-empty list among the
 * bundle, custom and configurable options, else the whole product_option, else null (also for an
 * option that chooses nothing). Numbers are turned into strings first so `{option_id: 5}` and
 * `{option_id: "5"}` are the same choice, and keys are sorted so key order never matters. Browser
 * and server compute it alike and synchronously.
 */
export function itemChecksum(productOption: unknown): string {
  return fnv1a64(stableJson(optionsBasis(productOption)));
}

function optionsBasis(productOption: unknown): unknown {
  if (!isRecord(productOption)) return null;
  const ext = productOption.extension_attributes;
  if (isRecord(ext)) {
    for (const key of ['bundle_options', 'custom_options', 'configurable_item_options']) {
      const list = ext[key];
      if (Array.isArray(list) && list.length > 0) return list;
    }
  }
  // An option that chooses nothing (`{}`, as an order sends for a simple line) is no option: the
  // order's line and the cart line it came from must get the same checksum.
  return Object.values(productOption).every((v) => v === undefined || v === null) ? null : productOption;
}

/** JSON with sorted keys, numbers as strings and undefined members dropped. */
export function stableJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return JSON.stringify(String(value));
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/** 64-bit FNV-1a over the UTF-8 bytes, as 16 hex digits: an identity, not a secret. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK;
  }
  return hash.toString(16).padStart(16, '0');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
