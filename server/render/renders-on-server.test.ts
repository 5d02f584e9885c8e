import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/app/routes';
import { rendersOnServer } from './render-page';

/** What the route table itself says: the matched screen has a loader. */
const byTheTable = (pathname: string) => {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Boolean(matches[matches.length - 1]?.route.loader);
};

const PATHS = [
  '/', '/pwa.html', '/pwa.html/', '/c/anchors', '/c/', '/c', '/c/a/b', '/C/anchors', '/p', '/p/KIT/x', '/P/KIT/x', '/p/KIT/x/y', '/p/KIT/x/y/z',
  '/i/about-us', '/i/', '/about-us', '/about-us/x', '/contact', '/delivery', '/compare', '/quick-order', '/quote-request', '/catalogue-request',
  '/forgotten-password', '/create-password', '/order-tracking', '/trade-account', '/checkout', '/checkout/', '/Checkout', '/%63heckout', '//checkout',
  '/error', '/error/x', '/500', '/500/', '/my-account', '/MY-ACCOUNT', '/my-account/orders', '/my-account/orders/5', '/my-account/shipping-details',
  '/order-success/1/2/3', '/order-success/1/2', '/latest-news', '/latest-news/', '/latest-news/1', '/latest-news/1/x', '/some/thing/else',
];

describe('rendersOnServer', () => {
  it('decides as the whole route table does, for screens with and without a loader and unknown paths', () => {
    const decided = PATHS.map((path) => [path, rendersOnServer(path)]);
    expect(decided).toEqual(PATHS.map((path) => [path, byTheTable(path)]));
    // Both kinds are among them: pages the server renders and the app's own screens.
    expect(decided.filter(([, rendered]) => rendered).length).toBeGreaterThan(10);
    expect(decided.filter(([, rendered]) => !rendered).length).toBeGreaterThan(10);
  });
});
