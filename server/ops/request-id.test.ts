import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-id';

const made = () => 'generated';

describe('requestIdFrom', () => {
  it("keeps a client's well-formed id", () => {
    for (const id of ['a', 'req-1', 'trace.abc:def_42', 'x'.repeat(128), '0f8fad5b-d9cb-469f-a165-70867728950e']) expect(requestIdFrom(id, made)).toBe(id);
  });

  it('replaces a missing, empty, long, repeated or unsafe one', () => {
    for (const given of [undefined, '', 'x'.repeat(129), ['a', 'b'], 'has space', 'line\nbreak', 'quote"', 'ünïcode', 'a/b']) expect(requestIdFrom(given, made)).toBe('generated');
  });

  it('generates a UUID by default', () => {
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
