import { describe, expect, it } from 'vitest';
import { headHtml, headTags, serverStoreConfig, storeAlternates, type PageFacts } from '../../server/render/head-tags';
import { STORE_VIEWS, type StoreConfig } from '../../src/i18n/store-views';

const ORIGIN = 'https://shop.example';
const cms: PageFacts = { kind: 'cms', title: 'About us', metaTitle: undefined, description: 'Who we are.' };
/** The shipped views with German switched on (multistore on, the view no longer disabled). */
const withGerman: StoreConfig = { multistore: true, views: STORE_VIEWS.map((view) => (view.storeCode === 'de' ? { ...view, disabled: false } : view)) };
const hreflangLinks = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]);

describe('hreflang in the head', () => {
  it('is left out in the shipped configuration: multistore off, one store view enabled', () => {
    expect(serverStoreConfig({}).multistore).toBe(false);
    for (const stores of [serverStoreConfig({}), { multistore: false, views: withGerman.views }]) {
      const tags = headTags(ORIGIN, '/about-us', cms, stores);
      expect(tags.alternates).toBeUndefined();
      expect(headHtml(tags)).not.toContain('hreflang');
    }
    expect(headHtml(headTags(ORIGIN, '/', { kind: 'home' }))).not.toContain('hreflang');
  });

  it('is left out with multistore on while the other views stay disabled (SPEC §1)', () => {
    const tags = headTags(ORIGIN, '/about-us', cms, serverStoreConfig({ VITE_MULTISTORE: 'true' }));
    expect(tags.alternates).toBeUndefined();
    expect(headHtml(tags)).not.toContain('hreflang');
  });

  it('names every enabled store view at its own prefix, and x-default, once a second view is enabled', () => {
    const html = headHtml(headTags(ORIGIN, '/about-us', cms, withGerman));
    expect(hreflangLinks(html)).toEqual([
      ['en-GB', `${ORIGIN}/about-us`],
      ['de-DE', `${ORIGIN}/de/about-us`],
      ['x-default', `${ORIGIN}/about-us`],
    ]);
    // Italian is still disabled: not named.
    expect(html).not.toContain('it-IT');
    expect(hreflangLinks(headHtml(headTags(ORIGIN, '/', { kind: 'home' }, withGerman)))).toEqual([
      ['en-GB', `${ORIGIN}/`],
      ['de-DE', `${ORIGIN}/de`],
      ['x-default', `${ORIGIN}/`],
    ]);
  });

  it('reads a prefixed path as the same page, and gives pages without a canonical URL none', () => {
    expect(storeAlternates(ORIGIN, '/de/c/anchors', withGerman)).toEqual(storeAlternates(ORIGIN, '/c/anchors', withGerman));
    expect(storeAlternates(ORIGIN, '/c/anchors', withGerman).map((a) => a.href)).toEqual([`${ORIGIN}/c/anchors`, `${ORIGIN}/de/c/anchors`, `${ORIGIN}/c/anchors`]);
    for (const facts of [{ kind: 'not-found', title: '404 Page Not Found' }, { kind: 'error', title: 'Error' }] as PageFacts[]) {
      expect(headTags(ORIGIN, '/no/such', facts, withGerman).alternates).toBeUndefined();
    }
  });
});
