import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inLoadOrder, loadOrder } from '../../sw/load-order';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function built(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sw-load-order-'));
  await mkdir(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

describe('the precache load order', () => {
  it('starts at the entry script and follows imports, preload lists and worker URLs breadth first, workers right after the entry', async () => {
    const distDir = await built({
      'index.html': '<script type="module" src="/assets/index-A.js"></script><link rel="stylesheet" href="/assets/style-S.css">',
      'assets/index-A.js': 'import"./react-B.js";const m=()=>import(`./app-C.js`);',
      'assets/react-B.js': 'export{}',
      'assets/app-C.js': 'm.f||(m.f=["assets/route-D.js","assets/style-S.css"]);new SharedWorker(new URL(`/assets/worker-E.js`,``+import.meta.url))',
      'assets/route-D.js': 'import"./react-B.js"',
      'assets/worker-E.js': '',
      'assets/unreached-F.js': '',
    });
    expect(await loadOrder(distDir)).toEqual(['assets/index-A.js', 'assets/style-S.css', 'assets/worker-E.js', 'assets/react-B.js', 'assets/app-C.js', 'assets/route-D.js']);
  });

  it('puts the entries it orders first, in its order, and keeps the rest after them as they were', () => {
    const entries = [{ url: '/index.html' }, { url: '/assets/z.js' }, { url: '/assets/b.js' }, { url: '/assets/a.js' }, { url: '/assets/y.js' }];
    expect(inLoadOrder(entries, ['assets/a.js', 'assets/b.js']).map((e) => e.url)).toEqual(['/assets/a.js', '/assets/b.js', '/index.html', '/assets/z.js', '/assets/y.js']);
  });
});
