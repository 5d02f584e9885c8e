import { mkdir, mkdtemp, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TMP_ROOT } from '../helpers/test-config';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * A server-rendered page is answered once. The page responder used to hand back the reply, which is
 * thenable: awaiting it waited for the response to end and gave undefined, so the shell file was sent
 * after the page. Fastify logged "Reply was already sent" and the shell's read stream was never
 * consumed, leaving `index.html` open once per page request (a descriptor leak that ends in EMFILE).
 */
let server: TestServer;
let distDir: string;
const SHELL = '<!doctype html><html><head><title>shell</title><meta name="description" content="shell" /></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  await mkdir(TMP_ROOT, { recursive: true });
  distDir = await mkdtemp(path.join(TMP_ROOT, 'ssr-dist-'));
  await writeFile(path.join(distDir, 'index.html'), SHELL);
  server = await startTestServer({ distDir });
});
afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

/** This process's open descriptors on the shell file (Linux /proc). */
async function openShellFiles(): Promise<number> {
  const shell = path.join(distDir, 'index.html');
  const links = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return links.filter((target) => target === shell).length;
}

const get = (p: string, headers: Record<string, string> = {}) => fetch(server.url + p, { headers, redirect: 'manual' });

describe.skipIf(process.platform !== 'linux')('a server-rendered page is sent once', () => {
  it('leaves no shell file open after rendered, cached, revalidated, redirected and not-found pages', async () => {
    const product = (
      (await (await fetch(`${server.url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ size: 1 }) })).json()) as {
        result: { items: Record<string, unknown>[] };
      }
    ).result.items[0]!;
    const paths = ['/', '/c/through-bolts', `/p/${String(product.sku)}/${String(product.url_key)}`, '/about-us', '/no/such/page'];
    for (let round = 0; round < 3; round++) {
      for (const p of paths) {
        const reply = await get(p, round === 2 ? { cookie: 'session=1' } : {});
        expect(reply.status, p).toBeLessThan(500);
        expect(await reply.text(), p).not.toContain('<title>shell</title>');
      }
    }
    const first = await get('/');
    expect((await get('/', { 'if-none-match': first.headers.get('etag') ?? '' })).status).toBe(304);
    // A path the app renders only in the browser still gets the shell file, and that one is read to the end.
    expect(await (await get('/checkout')).text()).toBe(SHELL);
    expect(await openShellFiles()).toBe(0);
  });

  it('says in Server-Timing whether the output cache answered, and how long a render took and its parts', async () => {
    const timing = async (p: string, headers: Record<string, string> = {}) => (await get(p, headers)).headers.get('server-timing') ?? '';
    const rendered = /^cache;desc=(miss|bypass), render;dur=\d+\.\d\d, data;dur=\d+\.\d\d, html;dur=\d+\.\d\d, head;dur=\d+\.\d\d, doc;dur=\d+\.\d\d$/;
    expect(await timing('/c/sleeve-anchors?sort=latest')).toMatch(rendered);
    expect(await timing('/c/sleeve-anchors?sort=latest')).toBe('cache;desc=hit');
    expect(await timing('/c/sleeve-anchors?sort=latest', { cookie: 'session=1' })).toMatch(rendered);
  });

  it('keeps pages compressed: a hit is the stored gzip for a client that takes it, the same HTML decoded for one that does not', async () => {
    const raw = (p: string, encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = httpRequest(new URL(p, server.url), { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    const p = '/c/through-bolts?sort=price-desc';
    const fresh = await raw(p, 'gzip, deflate, br');
    const gzipped = await raw(p, 'gzip, deflate, br');
    const plain = await raw(p, 'identity');
    const refused = await raw(p, 'br;q=1, gzip;q=0');
    expect(fresh.headers['server-timing']).toMatch(/^cache;desc=miss/);
    for (const hit of [gzipped, plain, refused]) expect(hit.headers['server-timing']).toBe('cache;desc=hit');
    expect(fresh.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(refused.headers['content-encoding']).not.toBe('gzip');
    for (const answer of [fresh, gzipped, plain, refused]) expect(answer.headers.vary).toContain('accept-encoding');
    const html = plain.body.toString('utf8');
    expect(html).toContain('<div id="root"><');
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(html);
    expect(gunzipSync(fresh.body).toString('utf8')).toBe(html);
  });
});
