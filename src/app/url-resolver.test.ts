import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetResolver, resolvePath } from './url-resolver';

afterEach(() => {
  vi.unstubAllGlobals();
  resetResolver();
});

describe('url resolution', () => {
  it('runs one mapping at a time and shares the answer for the same path', async () => {
    let running = 0;
    let most = 0;
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: { body: string }) => {
      running++;
      most = Math.max(most, running);
      calls.push((JSON.parse(init.body) as { url: string }).url);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return new Response(JSON.stringify({ code: 200, result: { _type: 'category', _source: { id: 1 } } }), { headers: { 'content-type': 'application/json' } });
    });
    const results = await Promise.all([resolvePath('/a'), resolvePath('/b'), resolvePath('/a')]);
    expect(most).toBe(1);
    expect(calls).toEqual(['/a', '/b']);
    expect(results.map((r) => r?._type)).toEqual(['category', 'category', 'category']);
  });

  it('answers null (page not found) and logs when nothing is mapped', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 404, result: 'No mapping found for path' }), { status: 404, headers: { 'content-type': 'application/json' } }));
    expect(await resolvePath('/nothing-here')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
