import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { rawRequest, type RawReply } from './helpers/raw-http';

/**
 * Security headers on every kind of reply: API successes and refusals, the HTML shell (and the
 * page paths it answers), static assets and product pictures. HSTS only when the request came over
 * TLS, which the server learns from X-Forwarded-Proto only when it trusts its proxy.
 */
let direct: TestServer;
let proxied: TestServer;
let imagePath: string;
let asset: string;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([startTestServer(), startTestServer({ trustProxy: true })]);
  const [row] = await direct.ctx.db.query<{ image: string }>("select doc->>'image' as image from catalog_documents where entity = 'product' and doc->>'image' like '/%' limit 1");
  imagePath = row!.image.replace(/^\//, '');
  // The script the built shell loads (asset names change with every build).
  const shell = await rawRequest(direct.url, { method: 'GET', path: '/' });
  asset = /<script[^>]*\ssrc="([^"]+)"/.exec(shell.text)?.[1] ?? '/assets/missing.js';
});
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

/** The replies every check runs over: [label, method, path, body?]. */
const TARGETS: ReadonlyArray<readonly [label: string, method: string, path: () => string, status: number, body?: string]> = [
  ['API success', 'GET', () => '/api/health', 200],
  ['API refusal (400)', 'GET', () => '/api/stock/list', 400],
  ['API not found (404)', 'GET', () => '/api/no-such-endpoint', 404],
  ['API body too large (413)', 'POST', () => '/api/user/login', 413, JSON.stringify({ pad: 'x'.repeat(300 * 1024) })],
  ['API unauthorized (401)', 'GET', () => '/api/user/me', 401],
  ['OpenAPI document', 'GET', () => '/api/openapi.json', 200],
  ['banners', 'GET', () => '/pub/banners.json', 200],
  ['HTML shell', 'GET', () => '/', 200],
  ['HTML shell for a page path', 'GET', () => '/c/through-bolts?x=<script>', 200],
  ['script asset', 'GET', () => asset, 200],
  ['product picture', 'GET', () => `/img/324/489/resize/${imagePath}`, 200],
  ['picture refusal', 'GET', () => '/img/99999/1/resize/x.jpg', 400],
];

async function fetchTarget(server: TestServer, [, method, pathOf, , body]: (typeof TARGETS)[number], headers: Record<string, string> = {}): Promise<RawReply> {
  return rawRequest(server.url, { method, path: pathOf(), headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body });
}

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!.toLowerCase(), values]));
}

describe('security headers on every kind of reply', () => {
  for (const target of TARGETS) {
    it(`${target[0]}: CSP without unsafe scripts, no framing, referrer policy, nosniff; no HSTS over plain HTTP`, async () => {
      const reply = await fetchTarget(direct, target);
      expect(reply.status).toBe(target[3]);
      const csp = String(reply.headers['content-security-policy'] ?? '');
      const policy = directives(csp);
      const scripts = policy.get('script-src') ?? policy.get('default-src');
      expect(scripts, `script-src or default-src in "${csp}"`).toBeDefined();
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain('*');
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toBeDefined();
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
      expect(reply.headers['strict-transport-security']).toBeUndefined();
      expect(reply.headers['x-powered-by']).toBeUndefined();
    });
  }

  it('the HTML pages need no inline script, so the policy can forbid them: scripts load from files, and data blocks are data', async () => {
    for (const label of ['HTML shell', 'HTML shell for a page path']) {
      const reply = await fetchTarget(direct, TARGETS.find((t) => t[0] === label)!);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      const scripts = [...reply.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.filter(([, attributes]) => /\bsrc=/.test(attributes!)).length).toBeGreaterThan(0);
      for (const [, attributes, content] of scripts) {
        // A data block (JSON-LD, the hydration data) is never run; it must not be able to end itself early.
        if (/\btype="application\/(ld\+)?json"/.test(attributes!)) {
          expect(attributes).not.toMatch(/\bsrc=/);
          expect(content).not.toMatch(/<\/script|<!--/i);
          expect(() => JSON.parse(content!) as unknown).not.toThrow();
          continue;
        }
        expect(attributes).toMatch(/\bsrc=/);
        expect(content!.trim()).toBe('');
      }
      expect(reply.text).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });

  it('a page path with markup in its query is answered with the shell, never with the markup echoed', async () => {
    const reply = await fetchTarget(direct, TARGETS.find((t) => t[0] === 'HTML shell for a page path')!);
    expect(reply.text).not.toContain('<script>');
  });
});

/** The catalogue's event stream never ends: read its status and headers, then hang up. */
function streamHeaders(server: TestServer, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}/api/catalog/stream`, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
      request.destroy();
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
}

describe('security headers on the catalogue event stream (a reply that takes over the raw response)', () => {
  it('carries the same policy headers as every other reply', async () => {
    const reply = await streamHeaders(direct);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/event-stream/);
    const policy = directives(String(reply.headers['content-security-policy'] ?? ''));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS behind a trusted TLS proxy', async () => {
    const reply = await streamHeaders(proxied, { 'x-forwarded-proto': 'https' });
    expect(String(reply.headers['strict-transport-security'])).toMatch(/max-age=\d+; includeSubDomains/);
  });
});

describe('HSTS behind a TLS proxy', () => {
  it('is sent on every reply when the trusted proxy says the request came over https', async () => {
    for (const target of TARGETS) {
      const reply = await fetchTarget(proxied, target, { 'x-forwarded-proto': 'https' });
      const hsts = String(reply.headers['strict-transport-security'] ?? '');
      expect(hsts, target[0]).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts)![1]), target[0]).toBeGreaterThanOrEqual(15_552_000);
      expect(hsts).toContain('includeSubDomains');
    }
  });

  it('is not sent when the proxy says http', async () => {
    const reply = await fetchTarget(proxied, TARGETS[0]!, { 'x-forwarded-proto': 'http' });
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent when an untrusted client claims https', async () => {
    const reply = await fetchTarget(direct, TARGETS[0]!, { 'x-forwarded-proto': 'https' });
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  });
});
