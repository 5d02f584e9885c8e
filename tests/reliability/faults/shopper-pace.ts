import { formatLines, type Lines } from './shopper-model';
import { localCart, type Browser, type Tab } from './shop-tab';
import { sleep } from './step-context';

/**
 * A person acts at human speed: by the time they act in a tab, what another tab did shows there, and
 * a cart merged at sign-in shows its lines. The steps run at machine speed, so before a step that
 * reads the cart they wait (briefly) for the page to show what it would show a person; otherwise the
 * model would record a stale view as the shopper's intent.
 */
export async function tabsAgree(browser: Browser, maxMs = 1000): Promise<boolean> {
  if (browser.tabs.length < 2) return true;
  const until = Date.now() + maxMs;
  for (;;) {
    const views = await Promise.all(browser.tabs.map(async (t) => formatLines(await localCart(t.db))));
    if (views.every((v) => v === views[0])) return true;
    if (Date.now() > until) return false;
    await sleep(20);
  }
}

/** Waits until the tab's cart shows these lines (a login merge, say); false if it has not after `maxMs`. */
export async function cartShows(tab: Tab, expected: Readonly<Lines>, maxMs: number): Promise<boolean> {
  const until = Date.now() + maxMs;
  const wanted = formatLines(expected);
  for (;;) {
    if (formatLines(await localCart(tab.db)) === wanted) return true;
    if (Date.now() > until) return false;
    await sleep(25);
  }
}
