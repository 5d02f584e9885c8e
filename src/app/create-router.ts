import { createBrowserRouter } from 'react-router';
import { basenameFor, setCurrentStore, storeViewForPath } from '../i18n/store-views';
import { routes } from './routes';

/** The data router; with multistore on, a store view's `/{storeCode}` becomes the basename. */
export function createShopRouter() {
  const store = storeViewForPath(window.location.pathname);
  setCurrentStore(store);
  const basename = basenameFor(store);
  return createBrowserRouter(routes, basename ? { basename } : {});
}
