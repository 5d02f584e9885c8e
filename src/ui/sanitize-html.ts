/**
 * CMS pages, blocks, blog posts and product descriptions are HTML from the catalogue. Before it is put
 * into the page it goes through this whitelist: known tags keep a few attributes, links keep safe
 * schemes only, scripts and embedded content are dropped, other unknown tags are unwrapped (their text
 * stays). Runs on the browser's DOMParser, which never executes what it parses.
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

function clean(node: Element): void {
  for (const child of Array.from(node.children)) {
    const tag = child.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(tag)) {
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    const allowed = [...(ALLOWED_ATTRIBUTES[tag] ?? []), ...(ALLOWED_ATTRIBUTES['*'] ?? [])];
    for (const attribute of Array.from(child.attributes)) {
      const name = attribute.name.toLowerCase();
      if (!allowed.includes(name) || (URL_ATTRIBUTES.has(name) && !isSafeUrl(attribute.value))) child.removeAttribute(attribute.name);
    }
    if (tag === 'a' && /^https?:/i.test(child.getAttribute('href') ?? '')) child.setAttribute('rel', 'noopener noreferrer');
  }
  // Comments can hide conditional markup; text nodes are always safe.
  for (const child of Array.from(node.childNodes)) if (child.nodeType === 8) child.remove();
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
