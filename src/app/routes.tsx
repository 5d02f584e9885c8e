import type { RouteObject } from 'react-router';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { MinimalLayout } from './layouts/minimal-layout';
import { RootShell } from './layouts/root-shell';
import { ServerErrorPage } from './pages/server-error-page';
import { importUntilLoaded } from '../db/import-until-loaded';
import { blogListLoader, blogPostLoader, categoryLoader, cmsLoader, homeLoader, productLoader, resolvedLoader, serverErrorLoader } from './page-loaders';

/**
 * The route table of SPEC §2. Screens load lazily (route modules), so the home page's first load
 * carries only the shell; layouts are the default, empty and minimal ones. The pages with a loader
 * are the ones the server renders (server/render); the loaders fill the reads their pages make. A
 * screen's code that does not arrive is fetched again until it does (the navigation, or hydration,
 * waits for it) rather than showing the error page for a dropped connection.
 */
const page = <T,>(load: () => Promise<T>, pick: (m: T) => React.ComponentType) => async () => ({ Component: pick(await importUntilLoaded(load)) });

const home = page(() => import('../features/catalog/home-page'), (m) => m.HomePage);
const cms = (identifier: string) => page(() => import('../features/content/cms-page'), (m) => () => <m.CmsPage identifier={identifier} />);
const product = page(() => import('../features/product/product-page'), (m) => m.ProductPage);
// /contact keeps its CMS text and adds the contact form under it.
const contact = page(
  () => Promise.all([import('../features/content/cms-page'), import('../features/forms/form-pages')]),
  ([cmsModule, formsModule]) => () => <formsModule.ContactPage intro={<cmsModule.CmsPage identifier="contact" />} />,
);
const account = page(() => import('../features/account/account-page'), (m) => m.AccountPage);

const STATIC_PAGES = ['about-us', 'delivery', 'sustainability', 'contact', 'meet-the-team'];
const ACCOUNT_PATHS = ['my-account', 'my-account/shipping-details', 'my-account/newsletter', 'my-account/orders', 'my-account/orders/:orderId', 'my-account/recently-viewed'];

export const routes: RouteObject[] = [
  {
    Component: RootShell,
    ErrorBoundary: ServerErrorPage,
    HydrateFallback: () => <p className="loading">Loading…</p>,
    children: [
      {
        Component: DefaultLayout,
        children: [
          { index: true, loader: homeLoader, lazy: home },
          { path: 'pwa.html', loader: homeLoader, lazy: home },
          ...STATIC_PAGES.map((slug) => ({ path: slug, loader: cmsLoader(slug), lazy: slug === 'contact' ? contact : cms(slug) })),
          { path: 'compare', lazy: page(() => import('../features/compare/compare-page'), (m) => m.ComparePage) },
          { path: 'quick-order', lazy: page(() => import('../features/quick-order/quick-order-page'), (m) => m.QuickOrderPage) },
          { path: 'quote-request', lazy: page(() => import('../features/forms/form-pages'), (m) => m.QuoteRequestPage) },
          { path: 'catalogue-request', lazy: page(() => import('../features/forms/form-pages'), (m) => m.CatalogueRequestPage) },
          { path: 'forgotten-password', lazy: page(() => import('../features/account/forgotten-password-page'), (m) => m.ForgottenPasswordPage) },
          { path: 'create-password', lazy: page(() => import('../features/account/create-password-page'), (m) => m.CreatePasswordPage) },
          { path: 'order-tracking', lazy: page(() => import('../features/account/order-tracking-page'), (m) => m.OrderTrackingPage) },
          { path: 'trade-account', lazy: page(() => import('../features/forms/form-pages'), (m) => m.TradeAccountPage) },
          ...ACCOUNT_PATHS.map((path) => ({ path, lazy: account })),
          { path: 'p/:parentSku/:slug', loader: productLoader, lazy: product },
          { path: 'p/:parentSku/:slug/:childSku', loader: productLoader, lazy: product },
          { path: 'c/:slug', loader: categoryLoader, lazy: page(() => import('../features/catalog/category-page'), (m) => m.CategoryPage) },
          { path: 'i/:slug', loader: cmsLoader(), lazy: page(() => import('../features/content/cms-page'), (m) => m.CmsPage) },
          { path: 'latest-news', loader: blogListLoader, lazy: page(() => import('../features/content/blog-list-page'), (m) => m.BlogListPage) },
          { path: 'latest-news/:id/:slug', loader: blogPostLoader, lazy: page(() => import('../features/content/blog-post-page'), (m) => m.BlogPostPage) },
          { path: 'order-success/:orderid/:email/:data', lazy: page(() => import('../features/checkout/order-success-page'), (m) => m.OrderSuccessPage) },
          { path: '*', loader: resolvedLoader, lazy: page(() => import('./pages/resolved-page'), (m) => m.ResolvedPage) },
        ],
      },
      {
        Component: MinimalLayout,
        children: [
          { path: 'error', lazy: page(() => import('./pages/error-page'), (m) => m.ErrorPage) },
          { path: 'checkout', lazy: page(() => import('../features/checkout/checkout-page'), (m) => m.CheckoutPage) },
        ],
      },
      { Component: EmptyLayout, children: [{ path: '500', loader: serverErrorLoader, Component: ServerErrorPage }] },
    ],
  },
];
