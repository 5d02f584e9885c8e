/**
 * Turning the url a shopper opened into the candidate lookups SPEC §2 describes: the stored
 * url_path, or the dispatcher-off forms /p/{parentSku}/{slug}[/{childSku}], /c/{slug} and /i/{slug}.
 */

/** Store views defined but not enabled (SPEC §1); with multistore on, paths start with /{storeCode}. */
export const STORE_CODES = ['de', 'it'] as const;

export type UrlLookup =
  | { kind: 'product'; parentSku: string; slug: string; childSku?: string }
  | { kind: 'category'; key: string }
  | { kind: 'cms_page'; identifier: string }
  | { kind: 'path'; path: string };

/** Decodes one segment; a broken escape or an escaped slash (which would split it) stays as sent. */
function safeDecode(segment: string): string {
  try {
    const decoded = decodeURIComponent(segment);
    return decoded.includes('/') ? segment : decoded;
  } catch {
    return segment;
  }
}

/** `https://host/de/c/anchors/?sort=x#top` → `de/c/anchors`: no origin, query, hash or outer slashes. */
export function normaliseUrlPath(url: string): string {
  let rest = url.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  rest = rest.split(/[?#]/, 1)[0] ?? '';
  return rest
    .split('/')
    .filter((segment) => segment !== '')
    .map(safeDecode)
    .join('/');
}

/** The path without a leading store code, or undefined when it has none. */
export function withoutStoreCode(path: string): string | undefined {
  const [first, ...rest] = path.split('/');
  return rest.length > 0 && (STORE_CODES as readonly string[]).includes(first ?? '') ? rest.join('/') : undefined;
}

/** The lookups to try for one path, most specific first; a stored url_path always gets a try. */
export function urlLookups(path: string): UrlLookup[] {
  const parts = path.split('/');
  const lookups: UrlLookup[] = [];
  const [head, a, b, c] = parts;
  if (head === 'p' && a && b && parts.length <= 4) lookups.push({ kind: 'product', parentSku: a, slug: b, ...(c ? { childSku: c } : {}) });
  if (head === 'c' && parts.length >= 2) lookups.push({ kind: 'category', key: parts.slice(1).join('/') });
  if (head === 'i' && a && parts.length === 2) lookups.push({ kind: 'cms_page', identifier: a });
  if (path !== '') lookups.push({ kind: 'path', path });
  return lookups;
}
