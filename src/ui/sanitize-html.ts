import DOMPurify, { type Config } from 'dompurify';

/**
 * CMS pages, blocks, blog posts and product descriptions are HTML from the catalogue. Before it is put
 * into the page it goes through DOMPurify with this whitelist: known tags keep a few attributes, links
 * keep safe schemes only, scripts and embedded content are dropped with what is inside them, other
 * unknown tags are unwrapped (their text stays), comments go. The same code runs in the browser (on its
 * own DOM) and in the server's renders (on jsdom's, given through `setHtmlPurifier`), so both parse and
 * clean alike.
 */
const ALLOWED_TAGS = new Set([
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'code', 'dd', 'del', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure',
  'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]);
/** Dropped with everything inside them. */
const DROPPED_TAGS = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'svg', 'math', 'frame', 'frameset']);
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height', 'title'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  '*': ['class'],
};
const URL_ATTRIBUTES = new Set(['href', 'src']);

/** Relative urls, http(s), mailto and tel; `javascript:`, `data:` and the rest are not links. */
export function isSafeUrl(value: string): boolean {
  // Browsers ignore tabs, newlines and leading control characters inside a scheme ("java\tscript:").
  const compact = [...value]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  return scheme === null || ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!);
}

type Purifier = typeof DOMPurify;

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())],
  ADD_FORBID_CONTENTS: [...DROPPED_TAGS],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
};

/** DOMPurify's attribute list is one for all tags: these hooks narrow it per tag and check urls with `isSafeUrl`. */
function configure(purifier: Purifier): Purifier {
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const allowed = [...(ALLOWED_ATTRIBUTES[tag] ?? []), ...(ALLOWED_ATTRIBUTES['*'] ?? [])];
    if (!allowed.includes(data.attrName) || (URL_ATTRIBUTES.has(data.attrName) && !isSafeUrl(data.attrValue))) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

let purifier: Purifier | undefined;

/** For a place without a browser window (the server's renders): DOMPurify over another DOM, such as jsdom's. */
export function setHtmlPurifier(instance: Purifier): void {
  purifier = configure(instance);
}

export function sanitizeHtml(html: string): string {
  if (!purifier) {
    if (!DOMPurify.isSupported) throw new Error('sanitizeHtml needs a DOM: give it one with setHtmlPurifier');
    purifier = configure(DOMPurify);
  }
  return purifier.sanitize(html, CONFIG);
}
