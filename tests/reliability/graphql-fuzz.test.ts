import fc from 'fast-check';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_GRAPHQL_ARGUMENT_NAMES, CATALOG_GRAPHQL_FIELDS, CATALOG_GRAPHQL_RESULT_FIELDS } from '../../schemas/catalog-graphql';
import { startTestServer } from '../helpers/test-server';
import { scaled } from '../helpers/time-limits';
import { RAW_BODIES, contentTypeArbitrary } from './fuzz/raw-bodies';
import { AWKWARD_STRINGS, INJECTION_STRINGS } from './fuzz/hostile-values';
import { FUZZ_RUNS, announceSeed, fuzzParameters } from './helpers/fuzz-settings';
import { preview, rawRequest, type RawReply, type RawRequest } from './helpers/raw-http';

/**
 * Hostile GraphQL against /graphql (SPEC §7's GraphQL search): random queries over the schema's own
 * fields and arguments, then the classic attacks: deep selections, thousands of aliases, fragment
 * cycles and fragment bombs, conflicting fields, piles of directives and operations, big and deep
 * values inline or in variables, huge strings, and bodies that are not GraphQL at all. Every request
 * must be answered (200 or 4xx, never 5xx) within MAX_MS, in GraphQL's {data, errors} shape, and the
 * process must stay responsive afterwards.
 */
const server = await startTestServer();
/** Generous for a busy CI machine: a stalled process takes seconds; a refusal here takes milliseconds. */
const MAX_MS = 2500;
const statuses = new Map<number, number>();
let sent = 0;
let slowest = { ms: 0, label: '' };

beforeAll(() => announceSeed('graphql fuzz'));
afterAll(async () => {
  const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
  console.info(`[graphql fuzz] ${sent} requests (${FUZZ_RUNS} per family): ${histogram}; slowest ${Math.round(slowest.ms)} ms (${slowest.label})`);
  await server.close();
});

interface Probe extends RawRequest {
  label: string;
}

const post = (label: string, body: unknown): Probe => ({ label, method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** What every reply must be, whatever was sent. */
function replyProblems(reply: RawReply, ms: number): string[] {
  const problems: string[] = [];
  if (reply.status >= 500) problems.push(`server error ${reply.status}`);
  if (reply.status < 200 || (reply.status >= 300 && reply.status < 400)) problems.push(`unexpected status ${reply.status}`);
  if (ms > MAX_MS) problems.push(`took ${Math.round(ms)} ms (limit ${MAX_MS} ms)`);
  const body = reply.json as { data?: unknown; errors?: { message?: unknown }[]; code?: unknown; result?: unknown } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [...problems, `not a JSON object: ${preview(reply.text, 200)}`];
  if (reply.status === 200 && !('data' in body)) problems.push('a 200 without data');
  if (reply.status >= 400) {
    // Refused inside /graphql: GraphQL's shape; refused by the server before the route (a malformed URL): the envelope.
    const graphqlRefusal = Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every((e) => typeof e.message === 'string' && e.message !== '') && body.data == null;
    const envelope = body.code === reply.status && typeof body.result === 'string';
    if (!graphqlRefusal && !envelope) problems.push(`a ${reply.status} without a reason: ${preview(reply.text, 200)}`);
  }
  return problems;
}

async function probe(request: Probe): Promise<void> {
  const started = performance.now();
  const reply = await rawRequest(server.url, request);
  const ms = performance.now() - started;
  sent += 1;
  statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
  if (ms > slowest.ms) slowest = { ms, label: request.label };
  const problems = replyProblems(reply, ms);
  if (problems.length > 0) {
    throw new Error([`${request.method} ${preview(request.path, 200)} (${request.label})`, `  body: ${preview(request.body?.toString() ?? '(none)', 300)}`, `  reply ${reply.status}: ${preview(reply.text, 300)}`, ...problems.map((p) => `  PROBLEM: ${p}`)].join('\n'));
  }
}

async function check(label: string, arbitrary: fc.Arbitrary<Probe>): Promise<void> {
  await fc.assert(fc.asyncProperty(arbitrary, probe), fuzzParameters(`graphql ${label}`));
}

// --- Random queries over the schema's own vocabulary ---

const ROOT_FIELDS = [...Object.values(CATALOG_GRAPHQL_FIELDS), '__typename', '__schema', '__type', 'product', 'orders'];
const RESULT_FIELDS = [
  ...CATALOG_GRAPHQL_RESULT_FIELDS,
  '__typename',
  'name',
  'items { sku }',
  'items { __typename id sku name stock { qty } tier_prices { qty value } configurable_children { sku attribute_values { attribute_code value } } attribute_values { attribute_code value } }',
  'items { id identifier attribute_code children_data { id children_data { id } } options { value } rates { rate } }',
  'aggregations { name buckets { key doc_count from to } }',
  'attributeMetadata { attribute_code options { label value } }',
];
const ARGUMENTS = [...CATALOG_GRAPHQL_ARGUMENT_NAMES, 'type', 'limit', '__proto__', 'name'];
const OBJECT_KEYS = ['in', 'eq', 'nin', 'gte', 'lt', 'from', 'to', 'between', 'attribute', 'value', 'scope', 'field', 'options', 'size', '_searchText', '_appliedFilters', '_availableFilters', '_appliedSort', '__proto__', 'constructor'];
const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...AWKWARD_STRINGS, ...INJECTION_STRINGS));

/** A GraphQL value literal: scalars, enums, variables, lists and objects, nested a little. */
const literal: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
    text.map((s) => JSON.stringify(s)),
    fc.constantFrom('true', 'false', 'null', 'asc', 'desc', 'default', 'catalog', '$v', '$size', '$missing', '99999999999', '-2147483649', '1e400'),
    fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(', ')}]`),
    fc.array(fc.tuple(fc.constantFrom(...OBJECT_KEYS), tie('value')), { maxLength: 4 }).map((fields) => `{${fields.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
  ),
})).value;

const argumentList = fc.array(fc.tuple(fc.constantFrom(...ARGUMENTS), literal), { maxLength: 4 }).map((args) => (args.length ? `(${args.map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''));
const field = fc
  .tuple(fc.option(fc.constantFrom('a', 'b', 'result', '__proto__'), { nil: undefined }), fc.constantFrom(...ROOT_FIELDS), argumentList, fc.subarray(RESULT_FIELDS))
  .map(([alias, name, args, selection]) => `${alias ? `${alias}: ` : ''}${name}${args}${selection.length ? ` { ${selection.join(' ')} }` : ''}`);
const header = fc.constantFrom('', 'query ', 'query Q ', 'query Q($v: JSON, $size: Int) ', 'query Q($v: Int!) ', 'mutation M ', 'subscription S ', 'query Q($size: [Int]) ');
const variables = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(fc.constantFrom('v', 'size', 'missing', '__proto__'), fc.jsonValue({ maxDepth: 3 })),
  fc.jsonValue({ maxDepth: 2 }),
);
const randomQuery = fc
  .tuple(header, fc.array(field, { minLength: 1, maxLength: 4 }), variables, fc.option(fc.constantFrom('Q', 'M', 'Other', ''), { nil: undefined }), fc.boolean())
  .map(([head, fields, vars, operationName, viaGet]): Probe => {
    const query = `${head}{ ${fields.join(' ')} }`;
    if (!viaGet) return post('random query', { query, variables: vars, operationName });
    const params = new URLSearchParams({ query, ...(vars === undefined ? {} : { variables: JSON.stringify(vars) }), ...(operationName === undefined ? {} : { operationName }) });
    return { label: 'random query (GET)', method: 'GET', path: `/graphql?${params.toString()}` };
  });

// --- The classic attacks, each sized from harmless to far past the limits ---

const deepSelection = fc.tuple(fc.integer({ min: 10, max: 5000 }), fc.constantFrom('introspection', 'items', 'subcategories')).map(([n, what]): Probe => {
  const query =
    what === 'introspection'
      ? `{ __schema { types { fields { type { ${'ofType { '.repeat(n)}name${' }'.repeat(n)} } } } } }`
      : what === 'items'
        ? `{ products { ${'items { '.repeat(n)}sku${' }'.repeat(n)} } }`
        : `{ categories(size: 4000) { items { ${'children_data { '.repeat(n)}id${' }'.repeat(n)} } } }`;
  return post(`selections ${n} deep`, { query });
});

const ALIAS_TARGETS = [
  'products(size: 500) { total }',
  'products { json }',
  'products { items { sku specifications { label value } } }',
  'categories(size: 4000) { items { id children_data { id children_data { id } } } }',
  '__typename',
  'products(searchQuery: {_searchText: "anchr"}) { total }',
];
const manyAliases = fc.tuple(fc.integer({ min: 20, max: 8000 }), fc.constantFrom(...ALIAS_TARGETS)).map(
  ([n, target]): Probe => post(`${n} aliases of ${target.slice(0, 20)}`, { query: `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${target}`).join(' ')} }` }),
);

const fragmentCycles = fc.tuple(fc.integer({ min: 1, max: 300 }), fc.boolean()).map(([n, self]): Probe => {
  const fragments = Array.from({ length: n }, (_, i) => `fragment F${i} on Query { __typename ...F${self ? i : (i + 1) % n} }`).join(' ');
  return post(`a cycle of ${n} fragments`, { query: `{ ...F0 } ${fragments}` });
});

/** Each fragment spreads the one before twice: 2^n fields once expanded, from a few hundred bytes of text. */
const fragmentBomb = fc.integer({ min: 4, max: 80 }).map((n): Probe => {
  const fragments = Array.from({ length: n }, (_, i) => (i === 0 ? 'fragment F0 on Query { a: products(size: 500) { total } }' : `fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`)).join(' ');
  return post(`a fragment bomb of ${n} levels`, { query: `{ ...F${n - 1} } ${fragments}` });
});

/** The same response name with different arguments: the field-merging rule compares every pair. */
const conflictingFields = fc.integer({ min: 10, max: 2500 }).map((n): Probe => post(`${n} conflicting fields`, { query: `{ ${Array.from({ length: n }, (_, i) => `x: products(size: ${i}) { total }`).join(' ')} }` }));

const directives = fc.tuple(fc.integer({ min: 10, max: 4000 }), fc.constantFrom('@include(if: true)', '@skip(if: false)', '@deprecated', '@nope')).map(([n, directive]): Probe => post(`${n} × ${directive}`, { query: `{ products ${Array(n).fill(directive).join(' ')} { total } }` }));

const manyOperations = fc.tuple(fc.integer({ min: 2, max: 1500 }), fc.option(fc.constantFrom('Q0', 'Q1', 'Missing'), { nil: undefined })).map(([n, operationName]): Probe =>
  post(`${n} operations`, { query: Array.from({ length: n }, (_, i) => `query Q${i} { products(size: 500) { total } }`).join(' '), operationName }),
);

const bigLists = fc.tuple(fc.integer({ min: 100, max: 30_000 }), fc.constantFrom('inline include', 'variable include', 'variable filter')).map(([n, how]): Probe => {
  const values = Array.from({ length: n }, (_, i) => `f${i}`);
  if (how === 'inline include') return post(`${n} include paths inline`, { query: `{ products(sourceInclude: [${values.map((v) => `"${v}"`).join(', ')}]) { total } }` });
  const query = 'query Q($include: [String!], $searchQuery: SearchQuery) { products(sourceInclude: $include, searchQuery: $searchQuery) { total json } }';
  if (how === 'variable include') return post(`${n} include paths in a variable`, { query, variables: { include: values } });
  return post(`a filter of ${n} values in a variable`, { query, variables: { searchQuery: { _appliedFilters: [{ attribute: 'sku', value: { in: values } }] } } });
});

const deepValues = fc.tuple(fc.integer({ min: 10, max: 20_000 }), fc.constantFrom('inline list', 'inline object', 'variable list', 'variable object')).map(([n, how]): Probe => {
  const query = 'query Q($v: JSON) { products(searchQuery: {_appliedFilters: [{attribute: "sku", value: $v}]}) { total } }';
  if (how === 'inline list') return post(`a filter value ${n} lists deep`, { query: `{ products(searchQuery: {_appliedFilters: [{attribute: "sku", value: ${'['.repeat(n)}1${']'.repeat(n)}}]}) { total } }` });
  if (how === 'inline object') return post(`a filter value ${n} objects deep`, { query: `{ products(searchQuery: {_appliedFilters: [{attribute: "sku", value: ${'{in: '.repeat(n)}1${'}'.repeat(n)}}]}) { total } }` });
  // Built as text: JSON.stringify would recurse as deep as the value.
  const value = how === 'variable list' ? `${'['.repeat(n)}1${']'.repeat(n)}` : `${'{"in":'.repeat(n)}1${'}'.repeat(n)}`;
  return { label: `a variable ${n} levels deep`, method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: `{"query":${JSON.stringify(query)},"variables":{"v":${value}}}` };
});

const hugeStrings = fc.tuple(fc.integer({ min: 1000, max: 120_000 }), fc.boolean()).map(([n, inline]): Probe => {
  const long = 'anchor '.repeat(Math.ceil(n / 7)).slice(0, n);
  if (inline) return post(`search text of ${n} characters inline`, { query: `{ products(searchQuery: {_searchText: "${long}"}) { total } }` });
  return post(`search text of ${n} characters in a variable`, { query: 'query Q($s: SearchQuery) { products(searchQuery: $s) { total } }', variables: { s: { _searchText: long } } });
});

const notGraphql = fc.oneof(
  fc.tuple(fc.constantFrom(...RAW_BODIES), contentTypeArbitrary()).map(([raw, type]): Probe => ({
    label: `raw body "${raw.name}" as ${type.value ?? 'no content type'}`,
    method: 'POST',
    path: '/graphql',
    headers: type.value === undefined ? {} : { 'content-type': type.value },
    body: raw.text,
  })),
  fc.jsonValue({ maxDepth: 3 }).map((value): Probe => post('a JSON body of any shape', value)),
  fc.array(fc.record({ query: fc.constant('{ products { total } }') }), { minLength: 1, maxLength: 50 }).map((batch): Probe => post(`a batch of ${batch.length}`, batch)),
  fc.record({ query: fc.jsonValue({ maxDepth: 2 }), variables: fc.jsonValue({ maxDepth: 2 }), operationName: fc.jsonValue({ maxDepth: 1 }) }).map((body): Probe => post('mistyped request fields', body)),
  // A JSON syntax tree in place of the query text: mercurius would take one, past the token limit.
  fc
    .oneof(fc.constant<unknown>(parse('{ products(size: 500) { total } }')), fc.jsonValue({ maxDepth: 4 }), fc.constant<unknown>({ kind: 'Document', definitions: [{ kind: 'OperationDefinition' }] }))
    .map((tree): Probe => post('a JSON syntax tree as the query', { query: JSON.stringify(tree) })),
  fc.string({ maxLength: 200 }).map((query): Probe => ({ label: 'application/graphql text', method: 'POST', path: '/graphql', headers: { 'content-type': 'application/graphql' }, body: query })),
  fc.tuple(fc.string({ maxLength: 100 }), fc.string({ maxLength: 100 })).map(([query, vars]): Probe => ({ label: 'GET with garbage', method: 'GET', path: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(vars)}` })),
  fc.constantFrom<Probe>(
    { label: 'GET mutation', method: 'GET', path: `/graphql?query=${encodeURIComponent('mutation { products { total } }')}` },
    { label: 'GET malformed escape', method: 'GET', path: '/graphql?query=%E0%A4%A' },
    { label: 'GET no query', method: 'GET', path: '/graphql' },
    { label: 'PUT', method: 'PUT', path: '/graphql', headers: { 'content-type': 'application/json' }, body: '{"query":"{ products { total } }"}' },
  ),
);

describe('/graphql under hostile input', () => {
  it('random queries, variables and operation names over the schema', () => check('random queries', randomQuery));
  it('deep selections', () => check('deep selections', deepSelection));
  it('thousands of aliases', () => check('aliases', manyAliases));
  it('fragment cycles', () => check('fragment cycles', fragmentCycles));
  it('fragment bombs', () => check('fragment bombs', fragmentBomb));
  it('conflicting fields', () => check('conflicting fields', conflictingFields));
  it('piles of directives', () => check('directives', directives));
  it('many operations', () => check('operations', manyOperations));
  it('big lists inline and in variables', () => check('big lists', bigLists));
  it('deep values inline and in variables', () => check('deep values', deepValues));
  it('huge strings', () => check('huge strings', hugeStrings));
  it('bodies that are not a GraphQL request', () => check('not GraphQL', notGraphql));
});

describe('after every input above', () => {
  it('the process still answers a search at once', async () => {
    const started = performance.now();
    const reply = await rawRequest(server.url, post('search', { query: '{ products(size: 1) { total } }' }));
    expect(reply.status).toBe(200);
    // At once: 1 s on a quiet machine, more on a busy one.
    expect(performance.now() - started).toBeLessThan(scaled(1000));
  });

  it('no prototype was polluted', () => {
    const probeObject = {} as Record<string, unknown>;
    for (const key of ['polluted', 'isAdmin', 'in']) expect(probeObject[key], key).toBeUndefined();
  });
});
