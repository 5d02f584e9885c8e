import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startShop, type Shop } from './shop';

export interface Running {
  shop: Shop;
  browser: Browser;
}

/** A shop and a browser for the spec's tests: started before the first, closed after the last. */
export function shopAndBrowser(env: Record<string, string> = {}): Running {
  const running = {} as Running;
  beforeAll(async () => {
    [running.shop, running.browser] = await Promise.all([startShop(env), launchBrowser()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.shop?.close();
  });
  return running;
}
