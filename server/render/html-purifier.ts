import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { setHtmlPurifier } from '../../src/ui/sanitize-html';

/**
 * The catalogue's HTML in a server render is cleaned by the browser's code (src/ui/sanitize-html.ts),
 * DOMPurify, over jsdom's window: jsdom parses HTML as the standard says (as a browser does), which
 * linkedom, used before, did not. One window for the process; DOMPurify keeps no state between calls.
 */
setHtmlPurifier(DOMPurify(new JSDOM('<!doctype html><html><body></body></html>').window));
