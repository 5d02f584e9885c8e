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
    register(`data:text/javascript,${encodeURIComponent(CSS_AS_EMPTY_MODULE)}`);
    loaded = import('./render-page');
  }
  return loaded;
}
