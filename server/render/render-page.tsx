import { DOMParser as LinkedomParser } from 'linkedom';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { Providers } from '../../src/app/providers';
import { setApiFetch } from '../../src/features/catalog/catalog-api';
import { createShopQueryClient } from '../../src/app/query-client';
import type { ServerRenderContext } from '../../src/app/page-loaders';
import { routes } from '../../src/app/routes';
import { initI18n } from '../../src/i18n/i18n';
import { HYDRATION_DATA_ID } from '../../src/app/hydration-data';
import { headHtml, headTags, scriptJson, type HeadTags, type PageFacts } from './head-tags';
import { pageFacts } from './page-facts';

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
    };

export interface PageSubjects {
  kind: PageFacts['kind'];
  skus: string[];
}

const handler = createStaticHandler(routes);
/**
 * The catalogue's HTML is sanitised by the same code as in the browser (ui/sanitize-html), which
 * parses `<body>…</body>` with DOMParser; linkedom reads a fragment only inside a whole document.
 */
class FragmentParser {
  parseFromString(html: string, type: DOMParserSupportedType) {
    return new LinkedomParser().parseFromString(`<!doctype html><html>${html}</html>`, type as 'text/html');
  }
}
globalThis.DOMParser ??= FragmentParser as unknown as typeof DOMParser;

/** How the app's reads reach this server during a render (in-process; see in-process-api.ts). */
export const answerReadsWith = setApiFetch;
// The server renders in the store's language; the browser re-renders in a shopper's own choice.
const ready = initI18n('en');
/**
 * The i18next instance as the components see it during a server render: an object with no own
 * properties whose prototype is the shop's instance, so every read (t, language, options) reaches the
 * instance. react-i18next's useTranslation copies the own property descriptors of the instance it is
 * given into a wrapper on a component's first render; on the server every render is a first render,
 * and copying the instance's 42 properties took ~55 µs a call, 10-12 % of a category page's render.
 */
const i18nView = ready.then((i18n) => Object.create(i18n) as typeof i18n);

/** Renders the page at `url` (absolute; its origin goes into canonical and Open Graph URLs). */
export async function renderPage(url: URL): Promise<RenderOutcome> {
  const i18n = await i18nView;
  const queryClient = createShopQueryClient();
  const requestContext: ServerRenderContext = { queryClient };
  const context = await handler.query(new Request(url), { requestContext });
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location && context.status >= 300 && context.status < 400) return { kind: 'redirect', status: context.status, location };
    throw new Error(`unexpected ${context.status} response from the route handler`);
  }
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
  const status = statusOf(context);
  const facts = pageFacts(context, queryClient, status);
  const hydration = hydrationOf(context);
  queryClient.clear();
  return {
    kind: 'page',
    status,
    html,
    head: headTags(url.origin, url.pathname, facts),
    hydration: hydration ? scriptJson(hydration) : null,
    shows: { kind: facts.kind, skus: facts.kind === 'product' ? skusOf(facts.product) : [] },
  };
}

/** A product page shows the product and its children (a child's change changes the page). */
function skusOf(product: Record<string, unknown>): string[] {
  const children = Array.isArray(product.configurable_children) ? (product.configurable_children as { sku?: unknown }[]) : [];
  return [String(product.sku), ...children.map((c) => String(c.sku))];
}

/** Whether the server renders this path (its screen has a loader); others get the app shell. */
export function rendersOnServer(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Boolean(matches[matches.length - 1]?.route.loader);
}

/** A loader error is the 500 page (the root's error boundary); else the page loader's own status. */
const statusOf = (context: StaticHandlerContext) => (context.errors ? 500 : context.statusCode);

/** What the browser's router starts from; an error page is not hydrated (the browser renders afresh). */
const hydrationOf = (context: StaticHandlerContext) => (context.errors ? null : { loaderData: context.loaderData, actionData: context.actionData });

/** The page: the shell's own title and description give way to the page's head; its HTML goes in #root. */
export function pageDocument(shell: string, outcome: Extract<RenderOutcome, { kind: 'page' }>): string {
  const head = headHtml(outcome.head);
  const data = outcome.hydration === null ? '' : `<script type="application/json" id="${HYDRATION_DATA_ID}">${outcome.hydration}</script>`;
  return shell
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    // The page paints without its script (src/main.tsx starts the app after load): at low priority it
    // never competes with the stylesheet or the largest picture.
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" fetchpriority="low" crossorigin src=')
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${outcome.html}</div>${data}`);
}
