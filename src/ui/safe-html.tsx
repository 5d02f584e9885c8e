import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';

/** Catalogue HTML, sanitised first (see sanitize-html.ts). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
