import fc from 'fast-check';
import { RawJson, deepNesting, objectFrom } from './json-text';

/** The strings an attacker tries first: they must be stored and shown as the plain text they are. */
export const INJECTION_STRINGS = [
  "'; drop table customers; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "Robert'); DELETE FROM orders WHERE ('1'='1",
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7} %s %n \\u0000',
] as const;

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

export const HUGE_STRING_LENGTH = 100 * 1024;
/**
 * URL parts stay under Node's 16 kB header limit, so the property reaches the routes; a 100 kB
 * URL is tried once, on its own, by the raw-garbage suite.
 */
export const LONG_URL_TEXT_LENGTH = 6 * 1024;
export const DEEP_NESTING_LEVELS = 10_000;

/** Text that trips naive code: NUL, lone surrogates, right-to-left marks, emoji, combining marks, odd whitespace. */
export const AWKWARD_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '👷🔩🪛',
  'e\u0301\u0301\u0301',
  '\u00a0\u2028\u2029\ufeff',
  'Ω≈ç√∫˜µ≤≥÷',
  '\r\n\r\nX-Injected: 1',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  'Infinity',
  '0x10',
  '9'.repeat(40),
] as const;

/** Numbers as JSON text: values JSON.stringify cannot write (1e309 → Infinity in JS, -0) and edge integers. */
export const AWKWARD_NUMBERS: readonly unknown[] = [
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('-0'),
  new RawJson('1E-400'),
  new RawJson('123456789012345678901234567890'),
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0,
  0.5,
  2 ** 31,
  -(2 ** 63),
  'NaN',
  'Infinity',
];

const protoObject = fc.constantFrom(...PROTO_KEYS).map((key) => objectFrom([[key, objectFrom([['polluted', true], ['isAdmin', true]])]]));

/** Any hostile JSON value, for a field of any expected type. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<unknown>(...AWKWARD_STRINGS, ...INJECTION_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...AWKWARD_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], ['a', 1], [{}]) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(HUGE_STRING_LENGTH)) },
    { weight: 1, arbitrary: fc.constantFrom('array', 'object').map((kind) => deepNesting(DEEP_NESTING_LEVELS, kind)) },
    { weight: 1, arbitrary: protoObject },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** Strings for query values, path segments and headers (already text on the wire). */
export function hostileText(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<string>(...AWKWARD_STRINGS, ...INJECTION_STRINGS) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(LONG_URL_TEXT_LENGTH)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom('[]', '{}', '[object Object]', '1,2,3', ',,,', 'a'.repeat(201)) },
  );
}
