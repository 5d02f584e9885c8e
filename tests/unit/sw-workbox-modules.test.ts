import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { workboxModulesSource } from '../../sw/workbox-modules';

describe("the service worker's inline Workbox", () => {
  it('defines every module the worker uses, each after those it needs, without loading any script', async () => {
    const source = await workboxModulesSource();
    expect(source).not.toMatch(/sourceMappingURL|importScripts/);
    // Enough of a worker's global scope for the modules to define themselves.
    const scope: Record<string, unknown> = { registration: { scope: 'http://shop.test/' }, location: new URL('http://shop.test/sw.js') };
    scope.self = scope;
    runInNewContext(`(function () { ${source} }).call(self)`, scope);
    const workbox = scope.workbox as Record<string, Record<string, unknown>>;
    expect(Object.keys(workbox).sort()).toEqual(['cacheableResponse', 'core', 'expiration', 'precaching', 'routing', 'strategies']);
    expect(typeof workbox.precaching!.precacheAndRoute).toBe('function');
    expect(typeof workbox.routing!.NavigationRoute).toBe('function');
    expect(typeof workbox.expiration!.ExpirationPlugin).toBe('function');
  });
});
