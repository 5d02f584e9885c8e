import { register } from 'node:module';
import type * as RenderPage from './render-page';

/**
 * The server's only way into the web app's React code: the page renderer is imported on first use,
 * so the API modules (and a server without a built app) never load view code. The app's modules
 * import their style sheets for the bundler; in Node those imports load as empty modules.
 */
const CSS_AS_EMPTY_MODULE = `export async function load(url, context, next) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return next(url, context);
}`;

type Renderer = typeof RenderPage;
let loaded: Promise<Renderer> | undefined;

export function loadRenderer(): Promise<Renderer> {
  if (!loaded) {
    // React (and React Router) pick their development or production build from NODE_ENV when first
    // loaded, which is here. A server started without one (`npm start`) renders with the production
    // build, as the browser bundle that hydrates the page does: the development build spends most of a
    // render on checks and on an Error per element for owner stacks. An explicit NODE_ENV is kept
    // (test runs set `test`, and get the development build's warnings).
    process.env.NODE_ENV ??= 'production';
    // Only when running from the TypeScript sources: the built server (`build-server.ts`) has the
    // style sheet imports compiled away, and a registered hook would route every later import through it.
    if (import.meta.url.endsWith('.ts')) register(`data:text/javascript,${encodeURIComponent(CSS_AS_EMPTY_MODULE)}`);
    loaded = import('./render-page');
  }
  return loaded;
}
