import { useEffect } from 'react';
import { pageTitle } from '../domain/content/page-title';

export { pageTitle };

/** Sets the document title for a screen. */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
