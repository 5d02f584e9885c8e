import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, eanSchema, isEan13 } from './ean';

describe('EAN-13', () => {
  it('computes the GS1 check digit', () => {
    // Worked examples: 4006381333931 (the usual EAN-13 example), 9780306406157 (an ISBN-13, also EAN-13).
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('978030640615')).toBe(7);
    expect(ean13CheckDigit('000000000000')).toBe(0);
  });

  it('accepts 13 digits with the right check digit only', () => {
    expect(isEan13('4006381333931')).toBe(true);
    expect(isEan13('4006381333932')).toBe(false);
    expect(isEan13('400638133393')).toBe(false);
    expect(isEan13('40063813339311')).toBe(false);
    expect(isEan13('400638133393X')).toBe(false);
  });

  it('says what is wrong with a code', () => {
    const issue = (input: unknown) => {
      const result = v.safeParse(eanSchema, input);
      return result.success ? null : result.issues[0].message;
    };
    expect(issue('4006381333931')).toBeNull();
    expect(issue('4006381333935')).toBe('EAN check digit is wrong: 4006381333931 would be valid');
    expect(issue('12345')).toBe('EAN must be 13 digits');
    expect(issue(4006381333931)).toMatch(/Expected string/);
  });
});
