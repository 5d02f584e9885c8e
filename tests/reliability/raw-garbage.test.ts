import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEndpoints, type Endpoint } from '../helpers/openapi-endpoints';
import { startTestServer } from '../helpers/test-server';
import { RAW_BODIES } from './fuzz/raw-bodies';
import { DEEP_NESTING_LEVELS } from './fuzz/hostile-values';
import { deepNesting, toJsonText } from './fuzz/json-text';
import { FUZZ_RUNS, FUZZ_SEED, announceSeed } from './helpers/fuzz-settings';
import { buildFuzzWorld, type FuzzWorld } from './helpers/fuzz-world';
import { describeProbe, probe } from './helpers/probe';
import { partialUpload, type RawRequest } from './helpers/raw-http';
import { exampleRequest } from './helpers/valid-examples';

/**
 * Bodies and URLs no schema describes, sent to every /api endpoint that takes a body: broken
 * JSON, other media types, no body, bodies over the 256 kB limit, 10,000 levels of nesting, and
 * URLs past the server's size limits. Each must get a 4xx envelope and change nothing.
 */
const server = await startTestServer();
const endpoints = (await listEndpoints(server.url)).filter((e) => e.path.startsWith('/api/'));
/** Fastify never reads a GET body, so only the other methods are asked to refuse one. */
const withBody = endpoints.filter((e) => e.method !== 'GET');
const BODY_LIMIT = 256 * 1024;
/** Endpoints documented to take more than the default limit (the shop owner's catalogue import). */
const LARGE_BODY_ENDPOINTS = new Set(['POST /api/catalog/import']);
let world: FuzzWorld;

beforeAll(async () => {
  announceSeed('raw garbage');
  world = await buildFuzzWorld(server);
});
afterAll(async () => {
  await server.close();
});

/** The bodies every run sends; the CI run adds a seeded handful of the others, the full run all of them. */
const ALWAYS = new Set(['empty', 'truncated object', 'proto key', 'deep array nesting', 'deep object nesting', 'NUL byte']);
const CI_EXTRA = 4;

function bodiesFor(endpointIndex: number): typeof RAW_BODIES {
  if (FUZZ_RUNS >= 100) return RAW_BODIES;
  const others = RAW_BODIES.filter((b) => !ALWAYS.has(b.name));
  const start = Math.abs(FUZZ_SEED + endpointIndex * CI_EXTRA) % others.length;
  const picked = Array.from({ length: CI_EXTRA }, (_, i) => others[(start + i) % others.length]!);
  return [...RAW_BODIES.filter((b) => ALWAYS.has(b.name)), ...picked];
}

async function expectRefused(endpoint: Endpoint, request: RawRequest & { label: string }, allowed: (status: number) => boolean): Promise<string[]> {
  const result = await probe(server, request, endpoint.rawReply);
  const problems = [...result.problems];
  if (!allowed(result.reply.status)) problems.push(`status ${result.reply.status} is not one expected here`);
  return problems.length > 0 ? [describeProbe(request, { ...result, problems })] : [];
}

const isRefusal = (status: number) => status >= 400 && status < 500;

describe('raw bodies on every endpoint that takes one', () => {
  for (const [index, endpoint] of withBody.entries()) {
    const key = `${endpoint.method} ${endpoint.path}`;
    it(`${key}: broken JSON, other media types, empty and deep bodies`, async () => {
      const example = exampleRequest(endpoint, world);
      const failures: string[] = [];
      // An endpoint without a body schema may ignore a body it does not need; one with a schema must refuse garbage.
      const garbageAllowed = endpoint.body ? isRefusal : (status: number) => status < 500;
      for (const { name, text } of bodiesFor(index)) {
        const request = { method: endpoint.method, path: example.path, headers: { 'content-type': 'application/json' }, body: text, label: `raw body: ${name}` };
        failures.push(...(await expectRefused(endpoint, request, garbageAllowed)));
      }
      const valid = example.body === undefined ? '{}' : toJsonText(example.body);
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/xml', 'application/octet-stream']) {
        const request = { method: endpoint.method, path: example.path, headers: { 'content-type': type }, body: valid, label: `valid JSON sent as ${type}` };
        failures.push(...(await expectRefused(endpoint, request, endpoint.body ? isRefusal : (s) => s < 500)));
      }
      const bare = { method: endpoint.method, path: example.path, headers: {}, body: valid, label: 'valid JSON without a content type' };
      failures.push(...(await expectRefused(endpoint, bare, endpoint.body ? isRefusal : (s) => s < 500)));
      expect(failures, failures.join('\n\n')).toEqual([]);
    });

    if (!LARGE_BODY_ENDPOINTS.has(key)) {
      it(`${key}: a body over 256 kB is refused with 413`, async () => {
        const padded = JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT + 1024) });
        // Shop-owner routes refuse a stranger before reading any body (401), so the limit is tried with the admin token.
        const owner: Record<string, string> = endpoint.path.startsWith('/api/admin/') ? { authorization: `Bearer ${server.ctx.adminToken}` } : {};
        const request = { method: endpoint.method, path: exampleRequest(endpoint, world).path, headers: { 'content-type': 'application/json', ...owner }, body: padded, label: 'oversized body' };
        const failures = await expectRefused(endpoint, request, (status) => status === 413);
        expect(failures, failures.join('\n\n')).toEqual([]);
      });
    }
  }
});

describe('URLs past the limits', () => {
  const sample = endpoints.find((e) => e.method === 'GET' && e.path === '/api/stock/list') ?? endpoints[0]!;

  it('a 100 kB query string is refused with a 4xx envelope', async () => {
    const request = { method: 'GET', path: `/api/stock/list?skus=${'x'.repeat(100 * 1024)}`, label: '100 kB query' };
    const failures = await expectRefused(sample, request, isRefusal);
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('a path parameter over the 500-character limit is refused with a 4xx envelope', async () => {
    const request = { method: 'GET', path: `/api/ext/blog/single-by-slug/${'a'.repeat(600)}`, label: '600-character path parameter' };
    const failures = await expectRefused(sample, request, isRefusal);
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('malformed percent-escapes in the path are refused with a 4xx envelope', async () => {
    const failures: string[] = [];
    for (const path of ['/api/ext/blog/single-by-slug/%E0%A4%A', '/api/stock/check/%', '/api/ext/static-content/%C0%AF']) {
      failures.push(...(await expectRefused(sample, { method: 'GET', path, label: 'bad escape' }, isRefusal)));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('an unknown /api path is a 404 envelope, for every method', async () => {
    const failures: string[] = [];
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      failures.push(...(await expectRefused(sample, { method, path: '/api/no-such-endpoint', label: 'unknown path' }, (s) => s === 404)));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});

describe('deep JSON is refused early, also inside fields the schemas leave open', () => {
  // [endpoint, where the 10,000-level value goes in the endpoint's valid example]
  const OPEN_FIELDS: ReadonlyArray<readonly [string, (body: Record<string, unknown>, deep: unknown) => void]> = [
    ['POST /api/order', (body, deep) => Object.assign(body.addressInformation as object, { payment_method_additional: deep })],
    ['POST /api/order', (body, deep) => Object.assign((body.products as Record<string, unknown>[])[0]!, { product_option: { extension_attributes: { extra: deep } } })],
    ['POST /api/cart/update', (body, deep) => Object.assign(body.cartItem as object, { product_option: { extension_attributes: { extra: deep } } })],
    ['POST /api/url', (body, deep) => Object.assign(body, { options: { nested: deep } })],
  ];

  for (const [key, place] of OPEN_FIELDS) {
    it(`${key}: ${DEEP_NESTING_LEVELS} levels in an open field → 400`, async () => {
      const endpoint = endpoints.find((e) => `${e.method} ${e.path}` === key)!;
      const failures: string[] = [];
      for (const kind of ['array', 'object'] as const) {
        const example = exampleRequest(endpoint, world);
        const body = example.body as Record<string, unknown>;
        place(body, deepNesting(DEEP_NESTING_LEVELS, kind));
        const request = { method: endpoint.method, path: example.path, headers: { 'content-type': 'application/json', ...world.customer.bearer }, body: toJsonText(body), label: `deep ${kind}` };
        failures.push(...(await expectRefused(endpoint, request, (status) => status === 400)));
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    });
  }
});

describe('the catalogue import (200 MB limit for the shop owner)', () => {
  it('refuses a caller without the admin token before reading the body', async () => {
    // Announce 50 MB, send 64 kB, and wait: the refusal must not wait for (or parse) the rest.
    const { status, body } = await partialUpload(server.url, '/api/catalog/import', 50 * 1024 * 1024, 64 * 1024, 3_000);
    expect(status, `reply: ${body}`).toBe(401);
    expect(JSON.parse(body)).toEqual({ code: 401, result: expect.stringMatching(/admin token/) });
  });
});
