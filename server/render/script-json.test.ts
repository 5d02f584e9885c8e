import { describe, expect, it } from 'vitest';
import { scriptJson } from './head-tags';

describe('JSON inside a script element', () => {
  it('escapes <, U+2028 and U+2029 wherever they are, and reads back as the same value', () => {
    const value = { name: 'M8 </script><!-- bolt', note: 'line\u2028separator\u2029paragraph', list: ['<', '<<'], price: 1.2 };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(json).toContain('\\u003c/script>\\u003c!-- bolt');
    expect(json).toContain('line\\u2028separator\\u2029paragraph');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('is the plain JSON when there is nothing to escape', () => {
    const value = { name: 'Wall plug £1.20 … ☰', n: [1, 2, 3] };
    expect(scriptJson(value)).toBe(JSON.stringify(value));
  });
});
