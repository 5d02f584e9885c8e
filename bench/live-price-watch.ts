/**
 * Watches one product's shown price inside a page, for the live-prices bench: a MutationObserver
 * notes every new price text the moment React writes it, stamped on the wall clock
 * (`performance.timeOrigin + performance.now()`), so the time is the DOM's own and comparable with
 * Node's `Date.now()`, not that of whoever polls for it afterwards.
 */
import { errors, type Page } from 'playwright-core';

/** Where the price is read: the product page's price block, or the product's tile on a listing. */
export type WatchedPage = 'product' | 'listing';

/** What the page shows, excluding and including VAT, as "£4.20|£5.04" (null where nothing is shown). */
export interface ShownPriceText {
  excl: string | null;
  incl: string | null;
}

export const priceKey = (shown: ShownPriceText) => `${shown.excl ?? ''}|${shown.incl ?? ''}`;

/**
 * The page-side reader, as source text: tsx would wrap a named function passed to `evaluate` in a
 * helper the page does not have. The product page's price is the first price block on the page (the
 * product's own, above any list); a tile is the one whose link opens the product. Only the "£…"
 * amount of each element is kept ("£4.20 excl. VAT" reads "£4.20").
 */
const readerSource = (kind: WatchedPage, sku: string) => `(() => {
  const amount = (el) => { const m = el && /-?£[\\d,]+\\.\\d\\d/.exec(el.textContent || ''); return m ? m[0] : null; };
  ${
    kind === 'product'
      ? `return () => ({ excl: amount(document.querySelector('[data-testid="price-excl"]')), incl: amount(document.querySelector('[data-testid="price-incl"]')) });`
      : `const prefix = ${JSON.stringify(`/p/${encodeURIComponent(sku)}/`)};
  return () => {
    const link = [...document.querySelectorAll('article.tile a.tile-link')].find((a) => (a.getAttribute('href') || '').startsWith(prefix));
    const tile = link && link.closest('article.tile');
    return { excl: amount(tile && tile.querySelector('.tile-excl')), incl: amount(tile && tile.querySelector('.tile-price .price')) };
  };`
  }
})()`;

/** What the page shows now (for choosing the product and checking the watcher reads it). */
export const readShownPrice = (page: Page, kind: WatchedPage, sku: string) => page.evaluate<ShownPriceText>(`(${readerSource(kind, sku)})()`);

/**
 * Starts the watcher: `window.__livePrice.seen` lists each distinct price text in the order shown,
 * with the wall-clock time it was first written. Observes the whole document, since a re-render may
 * replace the elements themselves (a tile re-keyed, a block re-mounted) rather than their text.
 */
export async function watchPrice(page: Page, kind: WatchedPage, sku: string): Promise<void> {
  await page.evaluate(`(() => {
    const read = ${readerSource(kind, sku)};
    const stamp = () => performance.timeOrigin + performance.now();
    const key = (s) => (s.excl || '') + '|' + (s.incl || '');
    const state = { seen: [], last: key(read()) };
    state.seen.push({ key: state.last, at: stamp() });
    Object.defineProperty(window, '__livePrice', { value: state, configurable: true });
    new MutationObserver(() => {
      const now = key(read());
      if (now === state.last) return;
      state.last = now;
      state.seen.push({ key: now, at: stamp() });
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: false });
  })()`);
}

interface Seen {
  key: string;
  at: number;
}

/**
 * The wall-clock time (ms) the page first showed `expected`, waiting until `deadline` (Node's
 * `Date.now()`); undefined when it never did. The polling only decides when we look: the time read
 * is the observer's. The predicate is a function, not source text: the shop's CSP forbids the eval
 * a text predicate needs.
 */
export async function shownAt(page: Page, expected: string, deadline: number): Promise<number | undefined> {
  const firstShown = (key: string) => (window as unknown as { __livePrice: { seen: Seen[] } }).__livePrice.seen.find((s) => s.key === key)?.at;
  const remaining = deadline - Date.now();
  if (remaining > 0) {
    // Only the time-out is an answer ("never shown"); anything else would silently read as one.
    await page.waitForFunction(firstShown, expected, { polling: 20, timeout: remaining }).catch((error: unknown) => {
      if (!(error instanceof errors.TimeoutError)) throw error;
    });
  }
  return page.evaluate(firstShown, expected);
}

/** Every price text the page has shown since the watcher started, with when. */
export const shownSoFar = (page: Page) => page.evaluate(() => (window as unknown as { __livePrice: { seen: Seen[] } }).__livePrice.seen);

/** The page's wall clock against its `Date.now()`, ms: how far the stamps may stand from Node's clock. */
export const clockSkewMs = (page: Page) => page.evaluate<number>('Date.now() - (performance.timeOrigin + performance.now())');
