import { describe, expect, it } from 'vitest';
import { isSafeUrl } from './sanitize-html';

// The DOM walk itself runs in the browser (e2e/browse-content.spec.ts checks a page); the url rule is pure.
describe('safe urls', () => {
  it('keeps relative, http(s), mailto and tel links', () => {
    for (const url of ['/c/screws', 'delivery', '#top', 'https://example.com', 'mailto:a@b.c', 'tel:+441234']) expect(isSafeUrl(url)).toBe(true);
  });
  it('refuses javascript:, data: and vbscript:, also when disguised', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x']) expect(isSafeUrl(url)).toBe(false);
  });
});
