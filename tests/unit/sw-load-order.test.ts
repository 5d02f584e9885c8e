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
  it('starts at the entry script and follows imports, preload lists and worker URLs breadth first', async () => {
    const distDir = await built({
      'index.html': '<script type="module" src="/assets/index-A.js"></script><link rel="stylesheet" href="/assets/style-S.css">',
      'assets/index-A.js': 'import"./react-B.js";const m=()=>import(`./app-C.js`);',
      'assets/react-B.js': 'export{}',
      'assets/app-C.js': 'import{a as b}from"./lib-G.js";m.f||(m.f=["assets/route-D.js","assets/style-S.css"]);',
      'assets/lib-G.js': 'export{}',
      'assets/route-D.js': 'import"./react-B.js"',
      'assets/unreached-F.js': '',
    });
    expect(await loadOrder(distDir)).toEqual(['assets/index-A.js', 'assets/style-S.css', 'assets/react-B.js', 'assets/app-C.js', 'assets/lib-G.js', 'assets/route-D.js']);
  });

  it("puts a worker's script right after the entry, then the files on the way to the code that starts it, each with its static imports", async () => {
    const distDir = await built({
      'index.html': '<script type="module" src="/assets/index-A.js"></script>',
      'assets/index-A.js': 'import"./react-B.js";const m=()=>import(`./app-C.js`);',
      'assets/react-B.js': 'export{}',
      'assets/app-C.js': 'const r=()=>import(`./route-D.js`);const d=()=>import(`./database-H.js`);',
      'assets/route-D.js': 'export{}',
      'assets/database-H.js': 'import{x}from"./rx-I.js";new SharedWorker(new URL(`/assets/worker-E.js`,``+import.meta.url))',
      'assets/rx-I.js': 'export{}',
      'assets/worker-E.js': '',
    });
    expect(await loadOrder(distDir)).toEqual([
      'assets/index-A.js', 'assets/worker-E.js', 'assets/react-B.js', 'assets/app-C.js', 'assets/database-H.js', 'assets/rx-I.js', 'assets/route-D.js',
    ]);
  });

  it('puts the entries it orders first, in its order, and keeps the rest after them as they were', () => {
    const entries = [{ url: '/index.html' }, { url: '/assets/z.js' }, { url: '/assets/b.js' }, { url: '/assets/a.js' }, { url: '/assets/y.js' }];
    expect(inLoadOrder(entries, ['assets/a.js', 'assets/b.js']).map((e) => e.url)).toEqual(['/assets/a.js', '/assets/b.js', '/index.html', '/assets/z.js', '/assets/y.js']);
  });
});
