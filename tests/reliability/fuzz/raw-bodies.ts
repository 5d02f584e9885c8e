import fc from 'fast-check';
import { DEEP_NESTING_LEVELS } from './hostile-values';
import { deepNesting } from './json-text';

/** Bodies no JSON schema describes: broken JSON, other formats, nothing at all, deep nesting. */
export const RAW_BODIES: ReadonlyArray<{ name: string; text: string | Buffer }> = [
  { name: 'empty', text: '' },
  { name: 'whitespace', text: ' \n\t ' },
  { name: 'truncated object', text: '{"a": 1' },
  { name: 'trailing comma', text: '{"a": 1,}' },
  { name: 'single quotes', text: "{'a': 1}" },
  { name: 'bare word', text: 'undefined' },
  { name: 'NaN literal', text: '{"qty": NaN}' },
  { name: 'comment', text: '{"a": 1 /* x */}' },
  { name: 'duplicate keys', text: '{"a": 1, "a": {"b": 2}}' },
  { name: 'proto key', text: '{"__proto__": {"isAdmin": true}}' },
  { name: 'constructor prototype', text: '{"constructor": {"prototype": {"isAdmin": true}}}' },
  { name: 'top-level string', text: '"hello"' },
  { name: 'top-level number', text: '1e309' },
  { name: 'top-level null', text: 'null' },
  { name: 'top-level array', text: '[{"a": 1}]' },
  { name: 'NUL byte', text: '{"a": "\u0000"}' },
  { name: 'escaped NUL', text: '{"a": "\\u0000"}' },
  { name: 'lone surrogate escape', text: '{"a": "\\ud800"}' },
  { name: 'invalid utf-8', text: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { name: 'BOM', text: '\ufeff{"a": 1}' },
  { name: 'form encoded', text: 'a=1&b=2' },
  { name: 'xml', text: '<?xml version="1.0"?><a>1</a>' },
  { name: 'deep array nesting', text: deepNesting(DEEP_NESTING_LEVELS, 'array').text },
  { name: 'deep object nesting', text: deepNesting(DEEP_NESTING_LEVELS, 'object').text },
];

/** The content type a raw body is sent with (undefined: no header at all). */
export function contentTypeArbitrary(): fc.Arbitrary<{ value: string | undefined }> {
  return fc
    .constantFrom<string | undefined>(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/xml',
      'application/octet-stream',
      'application/json-patch+json',
      'garbage',
      undefined,
    )
    .map((value) => ({ value }));
}
