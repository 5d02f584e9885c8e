import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { scaled } from '../../tests/helpers/time-limits';

/** The system Chromium (CHROMIUM_PATH overrides); the binary starts faster than Debian's wrapper script. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const candidate of ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH');
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // No background traffic: this machine has no internet, and offline tests must see only our requests.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // A click or a fill waits for its element as long as the polls do on this machine's load now, not
  // Playwright's fixed 30 s: a lazily loaded screen on a busy machine took longer (the search box).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(scaled(30_000));
    return context;
  };
  return browser;
}
