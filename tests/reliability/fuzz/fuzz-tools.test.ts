import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpointsFromDocument } from '../../helpers/openapi-endpoints';
import { RawJson, deepNesting, objectFrom, toJsonText } from './json-text';
import { mutateAt } from './mutate';
import { percentEncode } from './request-arbitrary';
import { schemaArbitrary } from './schema-arbitrary';

/** The fuzzer's own tools: if these lie, every suite built on them proves nothing. */
describe('JSON text', () => {
  it('writes an own __proto__ key, numbers JSON.stringify cannot, and deep nesting without recursion', () => {
    expect(toJsonText(objectFrom([['__proto__', { isAdmin: true }]]))).toBe('{"__proto__":{"isAdmin":true}}');
    expect(toJsonText({ a: new RawJson('1e309'), b: new RawJson('-0') })).toBe('{"a":1e309,"b":-0}');
    const deep = toJsonText({ x: deepNesting(10_000, 'array') });
    expect(deep.length).toBe(20_007);
    expect(() => JSON.parse(deep) as unknown).not.toThrow();
  });
});

describe('mutations', () => {
  it('replace, remove and add reach a nested field and leave the original untouched', () => {
    const original = { customer: { email: 'a@b.example', addresses: [{ city: 'Leeds' }] } };
    // nodes in order: (root), customer, customer.email, customer.addresses, customer.addresses.0, customer.addresses.0.city
    expect(mutateAt(original, 5, { kind: 'replace', value: 7 })).toEqual({ value: { customer: { email: 'a@b.example', addresses: [{ city: 7 }] } }, description: 'customer.addresses.0.city: replace' });
    expect(mutateAt(original, 2, { kind: 'remove' }).value).toEqual({ customer: { addresses: [{ city: 'Leeds' }] } });
    const added = mutateAt(original, 1, { kind: 'add', key: '__proto__', value: 1 }).value as { customer: Record<string, unknown> };
    expect(Object.keys(added.customer)).toContain('__proto__');
    expect(original.customer.addresses[0]!.city).toBe('Leeds');
  });
});

describe('schema values', () => {
  it('meet the schema they come from: required keys, patterns, enums, bounds', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string', pattern: '^\\d{1,9}$' }, kind: { enum: ['a', 'b'] }, n: { type: 'integer', minimum: 1, maximum: 5 }, ref: { $ref: '#/$defs/0' } },
      required: ['id', 'kind'],
      $defs: { '0': { type: 'boolean' } },
    };
    fc.assert(
      fc.property(schemaArbitrary(schema), (value) => {
        const v = value as { id: string; kind: string; n?: number; ref?: boolean };
        expect(v.id).toMatch(/^\d{1,9}$/);
        expect(['a', 'b']).toContain(v.kind);
        if (v.n !== undefined) expect(v.n >= 1 && v.n <= 5).toBe(true);
        if (v.ref !== undefined) expect(typeof v.ref).toBe('boolean');
      }),
      { numRuns: 200, seed: 1 },
    );
  });
});

describe('wire encoding and the endpoint list', () => {
  it('percent-encodes any string, lone surrogates included', () => {
    expect(percentEncode('a b/\u0000')).toBe('a%20b%2F%00');
    expect(percentEncode('\ud800')).toBe('%EF%BF%BD');
  });

  it('reads endpoints, params and body schemas from an OpenAPI document', () => {
    const doc = {
      paths: {
        '/api/x/{id}': {
          get: { security: [{ bearer: [] }], parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'token', in: 'query' }, { name: 'q', in: 'query', schema: { type: 'string' } }] },
          post: { security: [{}, { bearer: [] }], requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { '200': { content: { 'image/webp': {} } } } },
        },
      },
    };
    expect(endpointsFromDocument(doc)).toMatchObject([
      { method: 'GET', path: '/api/x/{id}', auth: 'required', pathParams: [{ name: 'id', required: true }], query: [{ name: 'q', required: false }], body: undefined },
      { method: 'POST', auth: 'optional', body: { type: 'object' }, rawReply: 'image/webp' },
    ]);
  });
});
