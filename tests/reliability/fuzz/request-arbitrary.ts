import fc from 'fast-check';
import type { Endpoint } from '../../helpers/openapi-endpoints';
import { hostileText } from './hostile-values';
import { toJsonText } from './json-text';
import { mutatedArbitrary } from './mutate';
import { schemaArbitrary, textArbitrary, type Hints } from './schema-arbitrary';
import { RAW_BODIES, contentTypeArbitrary } from './raw-bodies';

/** One generated request, as it goes on the wire, with a short account of how it was made. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  /** e.g. `body mutated at customer.email: replace; query cartId hostile; auth expired` */
  label: string;
}

/** Real credentials the generator may use, so requests also reach the code behind the token check. */
export interface FuzzIdentity {
  validToken: string;
  expiredToken: string;
  forgedToken: string;
}

/** Percent-encodes UTF-8 bytes; unlike encodeURIComponent it never throws on a lone surrogate. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

type QueryPair = { key: string; value: string; raw?: boolean };

function authArbitrary(identity: FuzzIdentity): fc.Arbitrary<{ label: string; header?: string; query?: string }> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ label: 'no token' }) },
    { weight: 3, arbitrary: fc.constant({ label: 'valid bearer', header: `Bearer ${identity.validToken}` }) },
    { weight: 1, arbitrary: fc.constant({ label: 'valid query token', query: identity.validToken }) },
    { weight: 1, arbitrary: fc.constant({ label: 'expired bearer', header: `Bearer ${identity.expiredToken}` }) },
    { weight: 1, arbitrary: fc.constant({ label: 'forged bearer', header: `Bearer ${identity.forgedToken}` }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('Bearer ', 'Bearer', 'Basic YWRtaW46YWRtaW4=', 'bearer x.y.z', `Bearer ${'a'.repeat(8000)}`, 'Bearer a.b.c.d', 'Bearer null', 'Bearer e30.e30.')
        .map((header) => ({ label: `odd authorization "${header.slice(0, 24)}"`, header })),
    },
    { weight: 1, arbitrary: hostileText().map((query) => ({ label: 'hostile query token', query })) },
  );
}

function queryArbitrary(endpoint: Endpoint, hints: Hints): fc.Arbitrary<{ pairs: QueryPair[]; label: string }> {
  const base = fc.tuple(
    ...endpoint.query.map((param) =>
      fc.option(textArbitrary(param.name, param.schema, hints).map((value): QueryPair => ({ key: param.name, value })), { freq: param.required ? 20 : 2, nil: undefined }),
    ),
  );
  const names = endpoint.query.map((p) => p.name);
  const twist = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ label: '', apply: (pairs: QueryPair[]) => pairs }) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom('', ...names), hostileText()).map(([key, value]) => ({
        label: `query ${key || 'extra'} hostile`,
        apply: (pairs: QueryPair[]) => [...pairs.filter((p) => p.key !== key), { key: key || 'unexpected', value }],
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...(names.length > 0 ? names : ['x'])).map((key) => ({
        label: `query ${key} repeated`,
        apply: (pairs: QueryPair[]) => [...pairs, { key, value: 'a' }, { key, value: 'b' }],
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('__proto__[admin]=1', 'constructor[prototype][x]=1', '__proto__=1', 'a[b][c]=1', '%E0%A4%A=1', 'x=%', '=', '&&&', 'cartId[]=1', 'token=&token=x')
        .map((raw) => ({ label: `query raw ${raw}`, apply: (pairs: QueryPair[]) => [...pairs, { key: raw, value: '', raw: true }] })),
    },
  );
  return fc.tuple(base, twist).map(([pairs, t]) => ({ pairs: t.apply(pairs.filter((p): p is QueryPair => p !== undefined)), label: t.label }));
}

function bodyArbitrary(endpoint: Endpoint, hints: Hints): fc.Arbitrary<{ body: string | Buffer | undefined; label: string; raw: boolean }> {
  if (!endpoint.body) {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant({ body: undefined, label: '', raw: false }) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((b) => ({ body: b.text, label: `unexpected body ${b.name}`, raw: true })) },
    );
  }
  const valid = schemaArbitrary(endpoint.body, hints);
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((value) => ({ body: toJsonText(value), label: 'body valid', raw: false })) },
    { weight: 6, arbitrary: mutatedArbitrary(valid).map((m) => ({ body: m.value === undefined ? undefined : toJsonText(m.value), label: `body mutated at ${m.description}`, raw: false })) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((b) => ({ body: b.text, label: `raw body ${b.name}`, raw: true })) },
  );
}

function extraHeaders(): fc.Arbitrary<Record<string, string>> {
  const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });
  return fc.dictionary(
    fc.constantFrom('accept', 'accept-encoding', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto', 'x-admin-token', 'if-none-match', 'cookie', 'origin', 'x-http-method-override', 'range'),
    fc.oneof(headerText, fc.constantFrom('gzip, br', 'br', 'identity;q=0', '*/*', 'text/html', 'https', '127.0.0.1, 10.0.0.1', 'bytes=0-1', 'DELETE')),
    { maxKeys: 3 },
  );
}

export function requestArbitrary(endpoint: Endpoint, hints: Hints, identity: FuzzIdentity): fc.Arbitrary<FuzzRequest> {
  const pathParams = fc.tuple(
    ...endpoint.pathParams.map((param) =>
      fc.oneof({ weight: 3, arbitrary: textArbitrary(param.name, param.schema, hints) }, { weight: 1, arbitrary: hostileText() }).map((value) => [param.name, value] as const),
    ),
  );
  return fc
    .record({
      params: pathParams,
      query: queryArbitrary(endpoint, hints),
      auth: authArbitrary(identity),
      body: bodyArbitrary(endpoint, hints),
      contentType: contentTypeArbitrary(),
      extra: extraHeaders(),
    })
    .map(({ params, query, auth, body, contentType, extra }) => {
      const values = Object.fromEntries(params);
      const path = endpoint.path.replace(/\{([^}]+)\}/g, (_m, name: string) => percentEncode(values[name] ?? ''));
      const pairs: QueryPair[] = auth.query === undefined ? query.pairs : [...query.pairs, { key: 'token', value: auth.query }];
      const search = pairs.map((p) => (p.raw ? p.key : `${percentEncode(p.key)}=${percentEncode(p.value)}`)).join('&');
      const headers: Record<string, string> = { ...extra };
      if (auth.header !== undefined) headers.authorization = auth.header;
      if (body.body !== undefined) {
        const type = body.raw ? contentType.value : 'application/json';
        if (type !== undefined) headers['content-type'] = type;
      }
      const label = [body.label, query.label, auth.label, body.raw && body.body !== undefined ? `content-type ${contentType.value ?? 'none'}` : '', Object.keys(extra).length ? `headers ${Object.keys(extra).join(',')}` : '']
        .filter(Boolean)
        .join('; ');
      return { method: endpoint.method, path: search ? `${path}?${search}` : path, headers, body: body.body, label };
    });
}
