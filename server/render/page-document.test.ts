import { describe, expect, it } from 'vitest';
import { HYDRATION_DATA_ID } from '../../src/app/hydration-data';
import { headHtml } from './head-tags';
import { etagOf } from './output-cache';
import { pageBytes } from './render-page';

const SHELL = '<!doctype html><html><head><title>Shell</title>\n<meta name="description" content="shell">\n</head><body><div id="root"></div><script type="module" crossorigin src="/assets/main.js"></script></body></html>';
/** As the build writes it: indented, the entry script in the head, a second module script, the stylesheet after it. */
const BUILT_SHELL = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Fixings Direct: anchors, screws, bolts &amp; more." />
    <title>Fixings Direct | Fixings and tools for the trade</title>
    <script type="module" crossorigin src="/assets/index-Cf1VCIkU.js"></script>
    <script type="module" crossorigin src="/assets/extra-AbC.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-BHzqaS29.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

type Outcome = Parameters<typeof pageBytes>[1];
/** The page as the text the browser reads (the server sends only the bytes). */
const pageDocument = (shell: string, outcome: Outcome) => pageBytes(shell, outcome).toString('utf8');
const page = (html: string, title: string, hydration: string | null = null): Outcome => ({
  kind: 'page' as const,
  status: 200,
  html,
  head: { title, description: 'd', openGraph: [], jsonLd: [] },
  hydration,
  shows: { kind: 'product' as const, skus: [] },
  timings: { data: 0, html: 0, head: 0 },
});

/** The document as it was made by replacing in the whole shell on each request (functions as replacements). */
function byReplacing(shell: string, outcome: Outcome): string {
  const head = headHtml(outcome.head);
  const data = outcome.hydration === null ? '' : `<script type="application/json" id="${HYDRATION_DATA_ID}">${outcome.hydration}</script>`;
  return shell
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" fetchpriority="low" crossorigin src=')
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${outcome.html}</div>${data}`);
}

describe('the page document', () => {
  it('puts text holding replacement patterns ($&, $\', $`, $$) into the page as it is', () => {
    const text = "Bolt $& washer $' nut $` anchor $$";
    const title = "Bolt $' nut $` anchor $$";
    const doc = pageDocument(SHELL, page(`<h1>${text}</h1>`, title));
    expect(doc).toContain(`<div id="root"><h1>${text}</h1></div>`);
    expect(doc).toContain(`<title>${title}</title>`);
    expect(doc.match(/<\/html>/g)).toHaveLength(1);
    expect(doc).not.toContain('<title>Shell</title>');
    expect(doc).toContain('fetchpriority="low"');
  });

  it('is the shell with the page replaced in, byte for byte, as text and as the bytes sent', () => {
    const outcomes = [
      page('<main><h1>Wall plug ☰ £1.20 …</h1></main>', 'Wall plug & anchor', '{"loaderData":{"0":{"name":"M8 \\u003c10 mm"}},"actionData":null}'),
      page("<p>$' and $&</p>", '$`', null),
      page('', 'Empty', '{}'),
    ];
    const shells = [SHELL, BUILT_SHELL, '<html><body><div id="root"></div></body></html>', '<html><head></head><body></body></html>', BUILT_SHELL.replace('<div id="root"></div>', '<div id="root"></div><div id="root"></div>')];
    for (const shell of shells) {
      for (const outcome of outcomes) {
        const expected = byReplacing(shell, outcome);
        expect(pageDocument(shell, outcome)).toBe(expected);
        expect(pageBytes(shell, outcome).equals(Buffer.from(expected, 'utf8'))).toBe(true);
        // The ETag of the bytes is the one the text had.
        expect(etagOf(pageBytes(shell, outcome))).toBe(etagOf(expected));
      }
    }
  });

  it('follows a new shell (a rebuild) at once', () => {
    const outcome = page('<p>x</p>', 'T');
    expect(pageDocument(SHELL, outcome)).toContain('/assets/main.js');
    const rebuilt = SHELL.replace('/assets/main.js', '/assets/main-2.js');
    expect(pageDocument(rebuilt, outcome)).toBe(byReplacing(rebuilt, outcome));
    expect(pageBytes(rebuilt, outcome).toString('utf8')).toContain('/assets/main-2.js');
  });
});
