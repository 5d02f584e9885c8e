import { describe, expect, it } from 'vitest';
import { looksLikeSku, splitWords, textTokens, wholeToken, wordParts } from './tokenize';

describe('tokenize', () => {
  it('lower-cases, drops accents and splits on anything but letters and digits', () => {
    expect(splitWords('Through Bolt M10 x 100mm (Box of 50)')).toEqual(['through', 'bolt', 'm10', 'x', '100mm', 'box', 'of', '50']);
    expect(splitWords('Dübel für Beton – Größe 8')).toEqual(['dubel', 'fur', 'beton', 'große', '8']);
  });

  it('splits words that mix letters and digits into digit runs and 2+ letter runs', () => {
    expect(wordParts('10x100')).toEqual(['10', '100']);
    expect(wordParts('100mm')).toEqual(['100', 'mm']);
    expect(wordParts('m10')).toEqual(['10']);
    expect(wordParts('bolt')).toEqual([]);
    expect(wordParts('12345')).toEqual([]);
  });

  it('indexes each word followed by its parts', () => {
    expect(textTokens('Frame Fixing 10x100mm')).toEqual(['frame', 'fixing', '10x100mm', '10', '100', 'mm']);
  });

  it('tokenizes ASCII text (scanned) as it does any other text (through the Unicode expressions)', () => {
    // A trailing non-ASCII word sends a text down the general path and adds one token of its own.
    const general = (text: string) => textTokens(`${text} é`).slice(0, -1);
    const samples = ['Frame Fixing 10x100mm', 'FIX-TB-M10100', 'M10 x 100 (Box of 50)', 'a1b22cc333ddd', 'x', '', '--', 'mm10mm10', '12/34-A', 'Bolt\tM8\n'];
    // Pseudo-random ASCII mixes of letters, digits and separators, the same on every run.
    const alphabet = 'aZm0919x -_/.()\t';
    let seed = 7;
    for (let n = 0; n < 500; n++) {
      let text = '';
      for (let i = (n % 17) + 1; i > 0; i--) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        text += alphabet[seed % alphabet.length];
      }
      samples.push(text);
    }
    for (const text of samples) expect(textTokens(text), JSON.stringify(text)).toEqual(general(text));
  });

  it('keeps an SKU whole as one token and recognises SKU-shaped queries', () => {
    expect(wholeToken('  FIX-TB-M10100 ')).toBe('fix-tb-m10100');
    expect(looksLikeSku('FIX-TB-M10100')).toBe(true);
    expect(looksLikeSku('fix-tb')).toBe(false);
    expect(looksLikeSku('m10 through bolt')).toBe(false);
    expect(looksLikeSku('12345')).toBe(false);
  });
});
