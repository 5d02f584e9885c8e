// The catalogue's HTML in these renders is cleaned by DOMPurify over jsdom (html-purifier.ts).
import './html-purifier';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from 'react-router';
import { Providers } from '../../src/app/providers';
import { setApiFetch } from '../../src/features/catalog/catalog-api';
import { createShopQueryClient } from '../../src/app/query-client';
import type { ServerRenderContext } from '../../src/app/page-loaders';
import { routes } from '../../src/app/routes';
import { initI18n } from '../../src/i18n/i18n';
import { HYDRATION_DATA_ID } from '../../src/app/hydration-data';
import { headHtml, headTags, scriptJson, type HeadTags, type PageFacts } from './head-tags';
import { pageFacts } from './page-facts';
import type { RememberedAnswers } from './remembered-answers';

/**
 * The server side of the shop's pages: React Router's static handler runs the matched routes' loaders
 * (the same route table and loaders the browser uses; here they wait for the server's answers), then
 * the same components render to HTML. The loaders' data goes with the page for hydration.
 */
export type RenderOutcome =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The #root element's content. */
      html: string;
      head: HeadTags;
      /** The router's loader data as JSON (escaped for a script element), or null: not hydrated. */
      hydration: string | null;
      /** The products and categories the page shows, for purging it when they change. */
      shows: PageSubjects;
      /** Milliseconds in the route loaders (the reads), in React's render, and in the head and data block. */
      timings: { data: number; html: number; head: number };
    };

export interface PageSubjects {
  kind: PageFacts['kind'];
  skus: string[];
}

const handler = createStaticHandler(routes);

/** How the app's reads reach this server during a render (in-process; see in-process-api.ts). */
export const answerReadsWith = setApiFetch;
// The server renders in the store's language; the browser re-renders in a shopper's own choice.
const ready = initI18n('en');
/**
 * The i18next instance as the components see it during a server render: an object with no own
 * properties whose prototype chain leads to the shop's instance, so every read (t, language, options)
 * reaches the instance. react-i18next's useTranslation copies the own property descriptors of the
 * instance it is given into a wrapper on a component's first render; on the server every render is a
 * first render, and copying the instance's 42 properties took ~55 µs a call, 10-12 % of a category
 * page's render. Between the two sits a getFixedT whose translate functions remember their strings
 * (react-i18next asks for one on every component's render).
 */
const i18nView = ready.then((i18n) => {
  const layer = Object.create(i18n) as typeof i18n;
  type AnyFunction = (...args: unknown[]) => unknown;
  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as AnyFunction;
  const fixed = new Map<string, AnyFunction>();
  const remembering: AnyFunction = (lng, ns, keyPrefix, options) => {
    if (typeof keyPrefix === 'function') return getFixedT(lng, ns, keyPrefix, options);
    const args = [lng, ns, keyPrefix, (options as { scopeNs?: unknown } | undefined)?.scopeNs];
    const key = plainKey(args) ?? `J${JSON.stringify(args.map((arg) => arg ?? null))}`;
    let t = fixed.get(key);
    if (!t) fixed.set(key, (t = rememberingT(getFixedT(lng, ns, keyPrefix, options) as AnyFunction)));
    return t;
  };
  layer.getFixedT = remembering as unknown as typeof i18n.getFixedT;
  return Object.create(layer) as typeof i18n;
});

/**
 * A key for getFixedT's arguments when each is nothing, a string or a list of strings (what
 * react-i18next passes on every component's render), without JSON: each string with its length.
 */
function plainKey(args: unknown[]): string | undefined {
  let key = '';
  for (const arg of args) {
    if (arg === undefined || arg === null) key += '-';
    else if (typeof arg === 'string') key += `${arg.length}:${arg}`;
    else if (Array.isArray(arg) && arg.every((item) => typeof item === 'string')) key += `[${arg.map((item: string) => `${item.length}:${item}`).join('')}]`;
    else return undefined;
  }
  return key;
}

/** Beyond this many remembered wordings, they are forgotten and remembered afresh. */
const MAX_WORDINGS = 20_000;
const plainValue = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * A translate function that remembers its strings: the server's language and wording never change
 * (no language switch, no bundle added after start), so a key with the same plain options (numbers,
 * strings, booleans) always gives the same text. i18next's own lookup took ~3 µs a call, and a
 * category page's tiles make ~200 calls. Anything else (other option values, a key list, a result
 * that is not a string) goes to i18next each time.
 */
function rememberingT(call: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  const said = new Map<string, string>();
  const remembering = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    let id: string | undefined;
    if (typeof key === 'string' && rest.length === 0) {
      if (options === undefined) id = key;
      else if (typeof options === 'object' && options !== null && Object.values(options).every(plainValue)) id = `${key}\u0000${JSON.stringify(options)}`;
    }
    if (id === undefined) return call(key, options, ...rest);
    let text = said.get(id);
    if (text === undefined) {
      const result = call(key, options);
      if (typeof result !== 'string') return result;
      if (said.size >= MAX_WORDINGS) said.clear();
      said.set(id, (text = result));
    }
    return text;
  };
  // i18next's fixed t carries its language, namespace and key prefix as properties; react-i18next reads them.
  return Object.assign(remembering, call);
}

/**
 * Renders the page at `url` (absolute; its origin goes into canonical and Open Graph URLs). With
 * `remembered`, the route loaders start from the answers earlier renders' loaders kept there.
 */
export async function renderPage(url: URL, remembered?: RememberedAnswers): Promise<RenderOutcome> {
  const i18n = await i18nView;
  const queryClient = createShopQueryClient();
  const loading = remembered?.answer(queryClient);
  const requestContext: ServerRenderContext = { queryClient };
  const started = performance.now();
  const context = await handler.query(new Request(url), { requestContext }).finally(() => loading?.done());
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location && context.status >= 300 && context.status < 400) return { kind: 'redirect', status: context.status, location };
    throw new Error(`unexpected ${context.status} response from the route handler`);
  }
  loading?.keep();
  const loaded = performance.now();
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Providers client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </I18nextProvider>
    </StrictMode>,
  );
  const rendered = performance.now();
  const status = statusOf(context);
  const facts = pageFacts(context, queryClient, status);
  const hydration = hydrationOf(context);
  queryClient.clear();
  const head = headTags(url.origin, url.pathname, facts);
  const data = hydration ? scriptJson(hydration) : null;
  return {
    kind: 'page',
    status,
    html,
    head,
    hydration: data,
    shows: { kind: facts.kind, skus: facts.kind === 'product' ? skusOf(facts.product) : [] },
    timings: { data: loaded - started, html: rendered - loaded, head: performance.now() - rendered },
  };
}

/** A product page shows the product and its children (a child's change changes the page). */
function skusOf(product: Record<string, unknown>): string[] {
  const children = Array.isArray(product.configurable_children) ? (product.configurable_children as { sku?: unknown }[]) : [];
  return [String(product.sku), ...children.map((c) => String(c.sku))];
}

/**
 * The route table's screens as one flat list (full path, whether it has a loader), in the table's
 * order, grouped by the first segment of their path. React Router ranks a flat list's branches as it
 * ranks the nested table's (a branch's score comes from its full path; ties keep the table's order),
 * and a screen whose path starts with a fixed segment matches no path that starts otherwise. So a
 * path is matched against the screens of its own first segment and those that start with a
 * parameter, a splat or nothing: matchRoutes flattens and compiles the list it is given on every call,
 * ~100 path patterns for the whole table (0.3-0.7 ms), a handful for these.
 */
const screens: RouteObject[] = [];
(function flatten(list: RouteObject[], parentPath: string) {
  for (const route of list) {
    const path = route.path === undefined ? parentPath : route.path.startsWith('/') ? route.path : `${parentPath}/${route.path}`.replace(/\/+/g, '/');
    if (route.children?.length) flatten(route.children, path);
    else if (route.index) screens.push({ index: true, ...(path ? { path } : {}), ...(route.loader ? { loader: route.loader } : {}) });
    else if (route.path !== undefined) screens.push({ path, ...(route.loader ? { loader: route.loader } : {}) });
  }
})(routes, '');
/** A path's first segment, as React Router reads it (decoded), lower-cased: routes match regardless of case unless told. */
function firstSegment(path: string): string {
  const segment = path.split('/')[1] ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}
const fixedStart = (screen: RouteObject): string | undefined => {
  const segment = screen.path === undefined ? '' : firstSegment(screen.path.startsWith('/') ? screen.path : `/${screen.path}`);
  return segment === '' || segment.startsWith(':') || segment.includes('*') || segment.includes('?') ? undefined : segment;
};
const anyStart = screens.filter((screen) => fixedStart(screen) === undefined);
const screensByStart = new Map<string, RouteObject[]>();
for (const segment of new Set(screens.map(fixedStart))) {
  if (segment !== undefined) screensByStart.set(segment, screens.filter((screen) => fixedStart(screen) === undefined || fixedStart(screen) === segment));
}

/** Whether the server renders this path (its screen has a loader); others get the app shell. */
export function rendersOnServer(pathname: string): boolean {
  const matches = matchRoutes(screensByStart.get(firstSegment(pathname)) ?? anyStart, pathname) ?? [];
  return Boolean(matches[matches.length - 1]?.route.loader);
}

/** A loader error is the 500 page (the root's error boundary); else the page loader's own status. */
const statusOf = (context: StaticHandlerContext) => (context.errors ? 500 : context.statusCode);

/** What the browser's router starts from; an error page is not hydrated (the browser renders afresh). */
const hydrationOf = (context: StaticHandlerContext) => (context.errors ? null : { loaderData: context.loaderData, actionData: context.actionData });

/**
 * The shell as fixed text and the places a page's parts go: its own title and description give way
 * to the page's head (put before `</head>`), the page's HTML goes in #root with its data block after.
 * Worked out once per shell (the built index.html changes only with a rebuild), so a page is the
 * fixed parts and its own parts joined: no pass over the shell per request, and a page's text is
 * never read as a replacement pattern (a product's `$&`, `$'` or `` $` `` goes into the page as it is).
 * A fixed part carries its UTF-8 bytes.
 */
type Slot = 'head' | 'html' | 'data';
type Part = { bytes: Buffer } | { slot: Slot };
const ROOT = '<div id="root"></div>';
const fixedPart = (text: string): Part => ({ bytes: Buffer.from(text, 'utf8') });

function splitShell(shell: string): Part[] {
  const fixed = shell
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    // The page paints without its script (src/main.tsx starts the app after load): at low priority it
    // never competes with the stylesheet or the largest picture.
    .replaceAll('<script type="module" crossorigin src=', '<script type="module" fetchpriority="low" crossorigin src=');
  // Each marker's first occurrence is replaced, as String.replace with a string pattern did.
  const markers = [
    { at: fixed.indexOf('</head>'), marker: '</head>', parts: [fixedPart('  '), { slot: 'head' }, fixedPart('\n  </head>')] as Part[] },
    { at: fixed.indexOf(ROOT), marker: ROOT, parts: [fixedPart('<div id="root">'), { slot: 'html' }, fixedPart('</div>'), { slot: 'data' }] as Part[] },
  ]
    .filter((m) => m.at >= 0)
    .sort((a, b) => a.at - b.at);
  const parts: Part[] = [];
  let from = 0;
  for (const { at, marker, parts: replacement } of markers) {
    parts.push(fixedPart(fixed.slice(from, at)), ...replacement);
    from = at + marker.length;
  }
  parts.push(fixedPart(fixed.slice(from)));
  return parts;
}

let lastShell: { shell: string; split: Part[] } | undefined;
function shellParts(shell: string): Part[] {
  if (lastShell?.shell !== shell) lastShell = { shell, split: splitShell(shell) };
  return lastShell.split;
}

/** The page's own parts: its head tags, its HTML and its data block (none for a page not hydrated). */
function slotsOf(outcome: Extract<RenderOutcome, { kind: 'page' }>): Record<Slot, string> {
  return {
    head: headHtml(outcome.head),
    html: outcome.html,
    data: outcome.hydration === null ? '' : `<script type="application/json" id="${HYDRATION_DATA_ID}">${outcome.hydration}</script>`,
  };
}

/**
 * The page as the UTF-8 bytes sent: each part encoded once, straight into one buffer (the page as one
 * joined string is mostly two-byte text, as React's HTML holds a few characters past Latin-1, and was
 * encoded twice: for its ETag and again for the socket or gzip).
 */
export function pageBytes(shell: string, outcome: Extract<RenderOutcome, { kind: 'page' }>): Buffer {
  const slots = slotsOf(outcome);
  const parts = shellParts(shell);
  let size = 0;
  for (const part of parts) size += 'slot' in part ? Buffer.byteLength(slots[part.slot], 'utf8') : part.bytes.length;
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) at += 'slot' in part ? bytes.write(slots[part.slot], at, 'utf8') : part.bytes.copy(bytes, at);
  return bytes;
}
