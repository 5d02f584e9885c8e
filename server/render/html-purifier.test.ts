import { describe, expect, it } from 'vitest';
import './html-purifier';
import { sanitizeHtml } from '../../src/ui/sanitize-html';

/**
 * The server's renders clean catalogue HTML as the browser does: the same DOMPurify whitelist over a
 * standards parser (jsdom), so a page does not change, or let anything through, when it hydrates.
 */
describe('catalogue HTML in a server render', () => {
  it.each([
    ['implied end tags', '<p>one<p>two', '<p>one</p><p>two</p>'],
    ['a table without its body rows', '<table><td>x</td></table>', '<table><tbody><tr><td>x</td></tr></tbody></table>'],
    ['misnested formatting', '<b><p>x</b> y</p>', '<b></b><p><b>x</b> y</p>'],
    ['a list item closing the one before', '<ul><li>a<li>b</ul>', '<ul><li>a</li><li>b</li></ul>'],
    ['an empty comment before markup', '<!--><img src="/a.png">-->', '<img src="/a.png">--&gt;'],
  ])('parses %s as a browser does', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it.each([
    ['a script, with its text', '<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['event handlers', '<img src="/a.png" onerror="alert(1)" alt="a">', '<img src="/a.png" alt="a">'],
    ['javascript: links, also disguised', '<a href="java&#x09;script:alert(1)">x</a><a href=" JAVASCRIPT:alert(1)">y</a>', '<a>x</a><a>y</a>'],
    ['data: images', '<img src="data:text/html,x">', '<img>'],
    ['embedded content, with what is inside', '<iframe src="/x">t</iframe><object>o</object><form><input></form>z', 'z'],
    ['styles and unknown attributes', '<p style="x" id="i" class="lead" data-x="1">p</p><style>p{}</style>', '<p class="lead">p</p>'],
    ['unknown tags, keeping their text', '<marquee>move</marquee><custom-tag>t</custom-tag>', 'movet'],
    ['comments', 'a<!-- <img src=x onerror=alert(1)> -->b', 'ab'],
    // A <p> ends the svg (a browser does the same); the style inside it goes, and the img was its text.
    ['svg and math namespaces', '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>ok', '<p></p>ok'],
  ])('drops %s', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('cleans the hostile markup of the browser test (e2e/browse-home.spec.ts) to the same text', () => {
    const hostile =
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href=" java\tscript:x">bad2</a><a href="/c/screws">ok</a><custom>kept</custom><img src="/img/a.jpg" onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>p{}</style></p>';
    expect(sanitizeHtml(hostile)).toBe('<p>Hi <b>there</b><a>bad</a><a>bad2</a><a href="/c/screws">ok</a>kept<img src="/img/a.jpg"></p>');
  });

  it('keeps allowed markup and marks outside links noopener', () => {
    expect(sanitizeHtml('<h2>Fixing</h2><a href="https://example.com" title="t">e</a><a href="/c/screws">s</a><td colspan="2">')).toBe(
      '<h2>Fixing</h2><a href="https://example.com" title="t" rel="noopener noreferrer">e</a><a href="/c/screws">s</a>',
    );
  });
});
