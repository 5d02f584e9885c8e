import { describe, expect, it } from 'vitest';
import { fnv1a64, itemChecksum, stableJson } from './item-checksum';

const configurable = (value: string | number) => ({ extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: value }] } });

describe('itemChecksum', () => {
  it('uses the FNV-1a 64 reference values', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
  });

  it('ignores key order and number-versus-string', () => {
    expect(itemChecksum(configurable(12))).toBe(itemChecksum(configurable('12')));
    expect(stableJson({ b: 1, a: [2, { d: null, c: 'x' }] })).toBe('{"a":["2",{"c":"x","d":null}],"b":"1"}');
  });

  it('tells different choices apart', () => {
    expect(itemChecksum(configurable(12))).not.toBe(itemChecksum(configurable(13)));
  });

  it('takes the first non-empty list: bundle, then custom, then configurable', () => {
    const custom = [{ option_id: '1', option_value: 'red' }];
    const withEmptyBundle = { extension_attributes: { bundle_options: [], custom_options: custom, configurable_item_options: [{ option_id: '9', option_value: '1' }] } };
    expect(itemChecksum(withEmptyBundle)).toBe(itemChecksum({ extension_attributes: { custom_options: custom } }));
  });

  it('treats a missing option as null and an option without lists as itself', () => {
    expect(itemChecksum(undefined)).toBe(itemChecksum(null));
    expect(itemChecksum({})).toBe(itemChecksum(null));
    expect(itemChecksum({ extension_attributes: undefined })).toBe(itemChecksum(null));
    expect(itemChecksum({ extension_attributes: {} })).not.toBe(itemChecksum(null));
  });
});
