import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { scaled } from '../../tests/helpers/time-limits';

/**
 * Waits until the shop's service worker controls the page (its install, which precaches the app,
 * can take a minute on a busy machine). When it does not, says where the registration stood (what
 * is installing, waiting or active, and in which state), which says more than the time-out.
 */
export async function waitForServiceWorker(page: Page, timeout = scaled(90_000)): Promise<void> {
  try {
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout, interval: 500 }).toBe(true);
  } catch (error) {
    const where = await page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        if (!registration) return 'no registration';
        const state = (worker: ServiceWorker | null) => (worker ? worker.state : 'none');
        return `installing ${state(registration.installing)}, waiting ${state(registration.waiting)}, active ${state(registration.active)}`;
      })
      .catch((reason: unknown) => `unreadable (${String(reason)})`);
    console.log(`no service worker controls ${page.url()}: ${where}`);
    throw error;
  }
}
