import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEndpoints } from '../helpers/openapi-endpoints';
import { startTestServer } from '../helpers/test-server';
import { requestArbitrary } from './fuzz/request-arbitrary';
import { FUZZ_RUNS, announceSeed, fuzzParameters } from './helpers/fuzz-settings';
import { buildFuzzWorld, type FuzzWorld } from './helpers/fuzz-world';
import { describeProbe, probe } from './helpers/probe';

/**
 * Property-based fuzzing of every /api endpoint the server documents: bodies, query strings,
 * path params and headers made from each endpoint's own schema, then bent (wrong types, missing
 * and extra fields, huge and deep values, awkward text, prototype keys) or replaced by raw garbage.
 * For every input: never a 5xx, always the envelope, and a refused request changes no table.
 */
const server = await startTestServer();
const endpoints = (await listEndpoints(server.url)).filter((e) => e.path.startsWith('/api/'));
let world: FuzzWorld;
const statuses = new Map<number, number>();
let sent = 0;

beforeAll(async () => {
  announceSeed('endpoint fuzz');
  world = await buildFuzzWorld(server);
});

afterAll(async () => {
  const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
  console.info(`[endpoint fuzz] ${endpoints.length} endpoints, ${sent} requests (${FUZZ_RUNS} per endpoint): ${histogram}`);
  await server.close();
});

describe('every /api endpoint under hostile input', () => {
  it('the OpenAPI document lists the endpoints the suites rely on', () => {
    const names = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    for (const expected of ['POST /api/user/login', 'POST /api/cart/update', 'POST /api/order', 'GET /api/stock/check', 'POST /api/review/create']) {
      if (!names.has(expected)) throw new Error(`${expected} is missing from /api/openapi.json`);
    }
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const property = fc.asyncProperty(requestArbitrary(endpoint, world.hints, world.identity), async (request) => {
        const result = await probe(server, request, endpoint.rawReply);
        sent += 1;
        statuses.set(result.reply.status, (statuses.get(result.reply.status) ?? 0) + 1);
        if (result.problems.length > 0) throw new Error(describeProbe(request, result));
      });
      await fc.assert(property, fuzzParameters(`${endpoint.method} ${endpoint.path}`));
    });
  }
});

describe('after every input above', () => {
  // The server runs in this process: a polluted prototype would show here.
  it('no prototype was polluted by __proto__, constructor or prototype keys', () => {
    const probeObject = {} as Record<string, unknown>;
    for (const key of ['polluted', 'isAdmin', 'admin']) {
      expect(probeObject[key], key).toBeUndefined();
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, key), key).toBe(false);
    }
  });
});
